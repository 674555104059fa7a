import { vi } from 'vitest';

/**
 * Midday, local time, of a Wednesday far from any daylight-saving change: the instant every test that reads
 * the clock runs at, unless it is about a boundary. Local rather than UTC so that "today", "5 hours ago" and
 * "yesterday" fall on the same calendar days in every time zone the tests run in.
 */
export const FIXED_NOW = new Date(2026, 5, 10, 12, 0, 0, 0);

/** A clock for code that takes one as a dependency. */
export const fixedClock =
  (at: Date | string | number = FIXED_NOW): (() => Date) =>
  () =>
    new Date(at);

/**
 * Freezes `Date` (and only `Date`: timers stay real, so waits and promises behave as in production) at the
 * given instant, FIXED_NOW by default. Boundary tests pass the instant they are about. A test that then fakes
 * timers with `vi.useFakeTimers()` starts its fake clock at this instant; `vi.useRealTimers()` undoes both.
 */
export function fixClock(at: Date | string | number = FIXED_NOW): Date {
  vi.setSystemTime(at);
  return new Date(at);
}

/** Back to real timers after a stretch of fake ones, on the fixed clock at the instant the fake one reached. */
export function realTimersOnFixedClock(): Date {
  const at = new Date();
  vi.useRealTimers();
  return fixClock(at);
}
