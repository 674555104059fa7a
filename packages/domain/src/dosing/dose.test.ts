import { describe, expect, it } from 'vitest';
import {
  compoundedRecommendedDose,
  formatDose,
  instructionDose,
  roundDose,
  starterDose,
  starterWeeklyUnits,
  weeklyDose,
} from './dose';

describe('weeklyDose', () => {
  it('is units / 4 x strength', () => {
    // 4 / 4 x 5 = 5
    expect(weeklyDose(4, '5 mg')).toBe(5);
    // 24 / 4 x 1 = 6
    expect(weeklyDose(24, '1 mg')).toBe(6);
    // 6 / 4 x 1.5 = 2.25
    expect(weeklyDose(6, 1.5)).toBe(2.25);
  });

  it('is 0 for an unreadable strength', () => {
    expect(weeklyDose(4, 'unknown')).toBe(0);
  });
});

describe('instructionDose', () => {
  it('is quantity x dose quantity x strength / 4', () => {
    // 8 x 1 x 2 / 4 = 4
    expect(instructionDose(8, '2 mg')).toBe(4);
    // 8 x 2 x 3 / 4 = 12
    expect(instructionDose(8, '3 mg', 2)).toBe(12);
    // 4 x 1 x 6 / 4 = 6
    expect(instructionDose(4, '6 mg')).toBe(6);
  });

  it('uses a dose quantity of 1 when missing', () => {
    // 12 x 1 x 5 / 4 = 15
    expect(instructionDose(12, '5 mg', null)).toBe(15);
    expect(instructionDose(12, '5 mg', undefined)).toBe(15);
  });
});

describe('starter dose', () => {
  it('uses custom quantity default / 4', () => {
    // 4 / 4 = 1 unit a week
    expect(starterWeeklyUnits(4)).toBe(1);
    // 6 / 4 = 1.5
    expect(starterWeeklyUnits(6)).toBe(1.5);
    // 4 / 4 x 3 mg = 3
    expect(starterDose(4, '3 mg')).toBe(3);
  });
});

describe('compoundedRecommendedDose', () => {
  it('multiplies by 3', () => {
    // 6 x 3 = 18
    expect(compoundedRecommendedDose(6)).toBe(18);
    // 0.1 x 3 = 0.3 (no float noise)
    expect(compoundedRecommendedDose(0.1)).toBe(0.3);
  });
});

describe('roundDose and formatDose', () => {
  it('rounds to 3 decimals', () => {
    // 0.1 + 0.2 = 0.30000000000000004 -> 0.3
    expect(roundDose(0.1 + 0.2)).toBe(0.3);
  });

  it('shows at most 2 decimals without trailing zeros', () => {
    expect(formatDose(5)).toBe('5');
    expect(formatDose(2.5)).toBe('2.5');
    expect(formatDose(2.25)).toBe('2.25');
    expect(formatDose(1.126)).toBe('1.13');
  });
});
