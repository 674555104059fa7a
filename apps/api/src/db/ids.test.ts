import { describe, expect, it } from 'vitest';
import { newId } from './ids';

describe('newId', () => {
  it('gives 24 hex characters, distinct across many draws of the random pool, led by the second', () => {
    const before = Math.floor(Date.now() / 1000);
    // 1,000 ids draw the 2 KB pool four times over
    const ids = Array.from({ length: 1000 }, newId);
    const after = Math.floor(Date.now() / 1000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.map((id) => id.slice(8))).size).toBe(ids.length);
    for (const id of ids) {
      const seconds = Number.parseInt(id.slice(0, 8), 16);
      expect(seconds).toBeGreaterThanOrEqual(before);
      expect(seconds).toBeLessThanOrEqual(after);
    }
  });
});
