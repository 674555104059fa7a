import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionCache } from './session-cache';

const user = (userId: string) => ({ userId, organizationId: 'o'.repeat(24), role: 'patient' as const });

describe('session cache', () => {
  afterEach(() => vi.useRealTimers());

  it('answers for the same subject within its lifetime only', () => {
    vi.useFakeTimers({ now: 0 });
    const cache = createSessionCache({ ttlMs: 5000, max: 10 });
    cache.set('s1', user('u1'));
    expect(cache.get('s1', 'u1')).toEqual(user('u1'));
    expect(cache.get('s1', 'u2')).toBeUndefined();
    cache.set('s1', user('u1'));
    vi.setSystemTime(5001);
    expect(cache.get('s1', 'u1')).toBeUndefined();
  });

  it('evicts every session of a user, and the oldest entry when full', () => {
    const cache = createSessionCache({ ttlMs: 5000, max: 2 });
    cache.set('a', user('u1'));
    cache.set('b', user('u1'));
    cache.evictUser('u1');
    expect(cache.get('a', 'u1')).toBeUndefined();
    expect(cache.get('b', 'u1')).toBeUndefined();
    cache.set('c', user('u2'));
    cache.set('d', user('u3'));
    cache.set('e', user('u4'));
    expect(cache.get('c', 'u2')).toBeUndefined();
    expect(cache.get('e', 'u4')).toBeDefined();
  });
});
