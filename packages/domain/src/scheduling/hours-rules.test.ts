import { describe, expect, it } from 'vitest';
import { HOURS_END_BEFORE_START, HOURS_OVERLAP, hoursProblems } from './hours-rules';

describe('hoursProblems', () => {
  it('accepts separate and touching ranges in any order', () => {
    expect(
      hoursProblems([
        { start: '13:00', end: '17:00' },
        { start: '09:00', end: '12:00' },
        { start: '12:00', end: '13:00' },
        { start: '18:00', end: '24:00' },
      ]).size,
    ).toBe(0);
  });

  it('flags a range that ends at or before its start', () => {
    const problems = hoursProblems([
      { start: '09:00', end: '12:00' },
      { start: '14:00', end: '14:00' },
      { start: '17:00', end: '08:00' },
    ]);
    expect([...problems]).toEqual([
      [1, HOURS_END_BEFORE_START],
      [2, HOURS_END_BEFORE_START],
    ]);
  });

  it('flags the later-listed of two overlapping ranges', () => {
    expect([
      ...hoursProblems([
        { start: '11:00', end: '15:00' },
        { start: '09:00', end: '12:00' },
      ]),
    ]).toEqual([[1, HOURS_OVERLAP]]);
    expect([
      ...hoursProblems([
        { start: '09:00', end: '17:00' },
        { start: '10:00', end: '11:00' },
      ]),
    ]).toEqual([[1, HOURS_OVERLAP]]);
  });

  it('reads seconds the database keeps ("09:00:00")', () => {
    expect(hoursProblems([{ start: '09:00:00', end: '09:30:00' }]).size).toBe(0);
  });
});
