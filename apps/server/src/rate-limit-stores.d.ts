// The stores @fastify/rate-limit builds in (its package has no `exports` map, so they are importable but untyped):
// plugins/rate-limit-store.ts puts them behind one store that falls back from Redis to process memory.
declare module '@fastify/rate-limit/store/LocalStore.js' {
  type Store = import('@fastify/rate-limit').FastifyRateLimitStore & {
    read(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void;
  };
  const LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Store;
  export default LocalStore;
}

declare module '@fastify/rate-limit/store/RedisStore.js' {
  type Store = import('@fastify/rate-limit').FastifyRateLimitStore & {
    read(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void;
  };
  const RedisStore: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    redis: import('ioredis').Redis,
    key?: string,
  ) => Store;
  export default RedisStore;
}
