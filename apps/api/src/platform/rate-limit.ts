import type { FastifyBaseLogger } from 'fastify';
import { describeError } from './log-safe';

export type Hit = { allowed: boolean; retryAfterSeconds: number };

/** Counts attempts per key in fixed windows. Keys are built from accounts and client addresses, never cookies. */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<Hit>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryRateLimiter(): RateLimiter {
  const buckets = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, bucket] of buckets) if (bucket.resetAt <= now) buckets.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    async hit(key, limit, windowSeconds) {
      const now = Date.now();
      let bucket = buckets.get(key);
      if (!bucket || bucket.resetAt <= now) {
        bucket = { count: 0, resetAt: now + windowSeconds * 1000 };
        buckets.set(key, bucket);
      }
      bucket.count += 1;
      return { allowed: bucket.count <= limit, retryAfterSeconds: Math.ceil((bucket.resetAt - now) / 1000) };
    },
    async reset(key) {
      buckets.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

/** Shares the counts between server instances through Redis. */
export async function createRedisRateLimiter(
  url: string,
  log: FastifyBaseLogger,
  keyPrefix = '',
): Promise<RateLimiter> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, keyPrefix });
  // Without an error listener a lost connection would crash the process.
  redis.on('error', (error: Error) => log.warn({ err: describeError(error) }, 'redis error'));
  const memory = createMemoryRateLimiter();
  return {
    async hit(key, limit, windowSeconds) {
      try {
        const k = `rl:${key}`;
        const [[, count], [, ttl]] = (await redis.multi().incr(k).ttl(k).exec()) as [
          [null, number],
          [null, number],
        ];
        if (ttl < 0) await redis.expire(k, windowSeconds);
        return { allowed: count <= limit, retryAfterSeconds: ttl > 0 ? ttl : windowSeconds };
      } catch {
        // Redis unreachable: keep limiting in this process rather than not at all.
        return memory.hit(key, limit, windowSeconds);
      }
    },
    async reset(key) {
      await Promise.all([redis.del(`rl:${key}`).catch(() => 0), memory.reset(key)]);
    },
    async close() {
      await memory.close();
      redis.disconnect();
    },
  };
}
