const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Whole calendar months from `from` to `to` (UTC), counting a month only once its day and time are reached. */
export function wholeMonthsBetween(from: Date, to: Date): number {
  let months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
  const anniversary = new Date(from.getTime());
  anniversary.setUTCMonth(from.getUTCMonth() + months);
  // setUTCMonth overflows short months (Jan 31 + 1 month = Mar 3): such a month is not yet complete either.
  if (anniversary.getTime() > to.getTime()) months -= 1;
  return Math.max(0, months);
}

/**
 * The age of a notification as the list shows it (001 §4): under 60 minutes 'Just now'; under 24 hours
 * 'N hour(s) ago'; up to 30 days 'Nd'; under 3 months 'Nw'; otherwise 'Nm'. A time ahead of the clock
 * (a skewed device) reads 'Just now'.
 */
export function relativeTime(createdAt: Date | string, now: Date = new Date()): string {
  const at = typeof createdAt === 'string' ? new Date(createdAt) : createdAt;
  const age = now.getTime() - at.getTime();
  if (!(age >= HOUR)) return 'Just now';
  if (age < DAY) {
    const hours = Math.floor(age / HOUR);
    return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  }
  const days = Math.floor(age / DAY);
  if (days <= 30) return `${days}d`;
  const months = wholeMonthsBetween(at, now);
  if (months < 3) return `${Math.floor(days / 7)}w`;
  return `${months}m`;
}
