import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
// postgres.js exports no subpath: its queue sits beside the entry the CommonJS condition resolves to
const Queue = require(path.join(path.dirname(require.resolve('postgres')), 'queue.js')) as <T>() => {
  length: number;
  push(x: T): T;
  shift(): T;
  remove(x: T): T | null;
};

/**
 * patches/postgres+3.4.9.patch (applied by patch-package at install, decision 027): the connection queues of
 * postgres.js kept every consumed slot while they never emptied, so under steady load each remove() scanned
 * an ever longer array. The patched queue drops consumed slots; it must still behave as a queue.
 */
describe('postgres.js connection queue (patched)', () => {
  it('keeps first-in first-out order and removes the right entries across compactions', () => {
    const q = Queue<number>();
    const model: number[] = [];
    let next = 0;
    for (let round = 0; round < 2_000; round++) {
      q.push(next);
      model.push(next);
      next += 1;
      if (round % 3 === 0) {
        q.push(next);
        model.push(next);
        next += 1;
      }
      if (round % 2 === 1) expect(q.shift()).toBe(model.shift());
      if (round % 7 === 0 && model.length > 2) {
        const victim = model[Math.floor(model.length / 2)]!;
        expect(q.remove(victim)).toBe(victim);
        model.splice(model.indexOf(victim), 1);
      }
      expect(q.length).toBe(model.length);
    }
    expect(q.remove(-1)).toBeNull();
    while (model.length) expect(q.shift()).toBe(model.shift());
    expect(q.length).toBe(0);
  });

  it('is the patched queue', () => {
    expect(String(Queue)).toContain('xs.indexOf(x, index)');
  });
});
