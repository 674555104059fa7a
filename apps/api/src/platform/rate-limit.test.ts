import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRateLimiter } from './rate-limit';

describe('memory rate limiter', () => {
  afterEach(() => vi.useRealTimers());

  it('allows up to the limit in a window, then refuses with the seconds left', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
    const limiter = createMemoryRateLimiter();
    const hits = [];
    for (let i = 0; i < 4; i++) hits.push(await limiter.hit('k', 3, 60));
    expect(hits.map((h) => h.allowed)).toEqual([true, true, true, false]);
    vi.setSystemTime(new Date('2026-11-22T10:00:45Z'));
    expect(await limiter.hit('k', 3, 60)).toEqual({ allowed: false, retryAfterSeconds: 15 });
    vi.setSystemTime(new Date('2026-11-22T10:01:00Z'));
    expect((await limiter.hit('k', 3, 60)).allowed).toBe(true);
    await limiter.close();
  });

  it('counts keys apart and forgets a key on reset', async () => {
    const limiter = createMemoryRateLimiter();
    await limiter.hit('a', 1, 60);
    expect((await limiter.hit('a', 1, 60)).allowed).toBe(false);
    expect((await limiter.hit('b', 1, 60)).allowed).toBe(true);
    await limiter.reset('a');
    expect((await limiter.hit('a', 1, 60)).allowed).toBe(true);
    await limiter.close();
  });
});
