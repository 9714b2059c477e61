import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';

type Count = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Count) => void;
type Store = InstanceType<typeof LocalStore>;

// Process-memory counters kept per limiter: as many keys as @fastify/rate-limit keeps by default.
const LOCAL_KEYS = 5000;

/**
 * Counts in Redis while it answers, and in this process's memory while it does not (issue 20): a Redis outage then
 * leaves each server process enforcing every limit on its own instead of none. Counts made in memory are not carried
 * into Redis when it returns; the window simply starts again there.
 */
class SharedOrLocalStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly shared: Store,
    private readonly local: Store,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.run('incr', key, callback, timeWindow, max);
  }

  read(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.run('read', key, callback, timeWindow, max);
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): SharedOrLocalStore {
    return new SharedOrLocalStore(
      this.redis,
      this.shared.child(routeOptions) as Store,
      this.local.child(routeOptions) as Store,
    );
  }

  private run(method: 'incr' | 'read', key: string, callback: Callback, timeWindow: number, max: number) {
    // ioredis with no offline queue fails at once while disconnected; skip the round trip when it is known to be away.
    if (this.redis.status !== 'ready') return this.local[method](key, callback, timeWindow, max);
    this.shared[method](
      key,
      (error, result) =>
        error ? this.local[method](key, callback, timeWindow, max) : callback(null, result),
      timeWindow,
      max,
    );
  }
}

/** The rate-limit store for @fastify/rate-limit's `store` option: Redis (`nameSpace` prefix), else process memory. */
export function sharedOrLocalStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  // The plugin-wide store; each limiter gets its own child, with that limiter's options.
  return class extends SharedOrLocalStore {
    constructor() {
      super(redis, new RedisStore(false, false, redis, nameSpace), new LocalStore(false, false, LOCAL_KEYS));
    }
  };
}
