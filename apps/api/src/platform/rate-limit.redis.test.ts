import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createRedisRateLimiter } from './rate-limit';

// Runs where a Redis server is configured (CI's PostgreSQL pass sets REDIS_URL).
describe.skipIf(!process.env.REDIS_URL)('redis rate limiter', () => {
  it('shares counts between two limiters, as between two server instances', async () => {
    const url = process.env.REDIS_URL!;
    const log = pino({ level: 'silent' });
    const a = await createRedisRateLimiter(url, log);
    const b = await createRedisRateLimiter(url, log);
    const key = `test:${randomBytes(6).toString('hex')}`;
    expect((await a.hit(key, 2, 30)).allowed).toBe(true);
    expect((await b.hit(key, 2, 30)).allowed).toBe(true);
    const third = await a.hit(key, 2, 30);
    expect(third.allowed).toBe(false);
    expect(third.retryAfterSeconds).toBeGreaterThan(0);
    await b.reset(key);
    expect((await a.hit(key, 2, 30)).allowed).toBe(true);
    await a.close();
    await b.close();
  });
});
