import { minutesOfDay } from './availability';

/** A range of working hours as a person types it ("HH:MM", end exclusive, "24:00" for midnight). */
export interface HoursRange {
  start: string;
  end: string;
}

export const HOURS_END_BEFORE_START = 'The end must be after the start.';
export const HOURS_OVERLAP = 'These hours overlap other hours of the same day.';

/**
 * What is wrong with one day's hours, by index of the range: an end not after its start, or a range that
 * overlaps another of the day (touching ends are fine: 09:00–12:00 and 12:00–17:00). The availability editor
 * shows these next to the fields, and the API refuses the same hours with the same words.
 */
export function hoursProblems(ranges: readonly HoursRange[]): Map<number, string> {
  const problems = new Map<number, string>();
  const valid: { index: number; from: number; to: number }[] = [];
  ranges.forEach((r, index) => {
    const from = minutesOfDay(r.start);
    const to = minutesOfDay(r.end);
    if (!(to > from)) problems.set(index, HOURS_END_BEFORE_START);
    else valid.push({ index, from, to });
  });
  valid.sort((a, b) => a.from - b.from || a.to - b.to);
  for (let i = 1; i < valid.length; i++) {
    const previous = valid[i - 1]!;
    const current = valid[i]!;
    if (current.from < previous.to) {
      problems.set(Math.max(previous.index, current.index), HOURS_OVERLAP);
    }
  }
  return problems;
}
