import { randomBytes } from 'node:crypto';

// Random bytes drawn 2 KB at a time: a draw per id was a visible part of a booking's CPU (it makes several).
const POOL_BYTES = 2048;
let pool = Buffer.alloc(0);
let used = 0;

/** A 24-character hex id: 4 bytes of seconds since epoch, then 8 random bytes, so ids sort by creation. */
export function newId(): string {
  if (used + 8 > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  const random = pool.toString('hex', used, used + 8);
  used += 8;
  const time = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return time + random;
}
