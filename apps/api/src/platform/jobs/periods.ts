import { createHash } from 'node:crypto';
import cronParser from 'cron-parser';

/** Throws on an expression cron-parser cannot read. */
export function assertCron(cron: string): void {
  cronParser.parseExpression(cron, { tz: 'UTC' });
}

/** The start of the period of `cron` (UTC) that `at` falls in: its last firing at or before `at`. */
export function periodStart(cron: string, at: Date): Date {
  // prev() answers the firing strictly before its start, so a run exactly on a firing belongs to that one.
  return cronParser
    .parseExpression(cron, { currentDate: new Date(at.getTime() + 1), tz: 'UTC' })
    .prev()
    .toDate();
}

/**
 * The same job id for the same queue and key on every server: the job table's primary key then keeps one
 * job per key, whichever instance sends first, with no lock or extra round trip.
 */
export function keyedJobId(queue: string, key: string): string {
  const h = createHash('sha256').update(`${queue}\u0000${key}`).digest('hex');
  // Formatted as an RFC 9562 version 8 (vendor-specific) uuid: the column is a uuid.
  const variant = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
