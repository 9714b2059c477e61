// The stores @fastify/rate-limit builds in (its package has no `exports` map, so they are importable but untyped):
// plugins/rate-limit-store.ts puts them behind one store that falls back from Redis to process memory.
declare module '@fastify/rate-limit/store/LocalStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
  type Store = FastifyRateLimitStore & {
    read(key: string, callback: Callback, timeWindow: number, max: number): void;
  };
  const LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Store;
  export default LocalStore;
}

declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  import type { Redis } from 'ioredis';
  type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
  type Store = FastifyRateLimitStore & {
    read(key: string, callback: Callback, timeWindow: number, max: number): void;
  };
  const RedisStore: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    redis: Redis,
    key?: string,
  ) => Store;
  export default RedisStore;
}
