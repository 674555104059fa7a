import { randomBytes } from 'node:crypto';

/** A 24-character hex id: 4 bytes of seconds since epoch, then 8 random bytes, so ids sort by creation. */
export function newId(): string {
  const time = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return time + randomBytes(8).toString('hex');
}
