import { describe, expect, it } from 'vitest';
import { parseStepQuery, progressPercent, questionProgress, slideDirection } from './question-progress';

describe('questionProgress', () => {
  it('is (step + 1) / total', () => {
    // step 0 of 10: 1 / 10 = 0.1
    expect(questionProgress(0, 10)).toEqual({ step: 0, progress: 0.1 });
    // step 4 of 8: 5 / 8 = 0.625
    expect(questionProgress(4, 8)).toEqual({ step: 4, progress: 0.625 });
  });

  it('clamps a step beyond the count', () => {
    // step 12 of 8 -> 7; 8 / 8 = 1
    expect(questionProgress(12, 8)).toEqual({ step: 7, progress: 1 });
    // negative -> 0; 1 / 8 = 0.125
    expect(questionProgress(-3, 8)).toEqual({ step: 0, progress: 0.125 });
  });

  it('is 0 without questions', () => {
    expect(questionProgress(2, 0)).toEqual({ step: 0, progress: 0 });
  });
});

describe('parseStepQuery', () => {
  it('reads a zero-based step', () => {
    expect(parseStepQuery('3')).toBe(3);
    expect(parseStepQuery(null)).toBe(0);
    expect(parseStepQuery('abc')).toBe(0);
    expect(parseStepQuery('-1')).toBe(0);
  });
});

describe('slideDirection', () => {
  it('follows the step change', () => {
    expect(slideDirection(1, 2)).toBe('forward');
    expect(slideDirection(2, 1)).toBe('back');
    expect(slideDirection(2, 2)).toBe('none');
  });
});

describe('progressPercent', () => {
  it('is floor(complete / questions x 100)', () => {
    // 2 / 3 = 66.67 -> 66
    expect(progressPercent(2, 3)).toBe(66);
    // 5 / 12 = 41.67 -> 41
    expect(progressPercent(5, 12)).toBe(41);
    expect(progressPercent(12, 12)).toBe(100);
  });
  it('is 0 without questions and never above 100', () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(4, 3)).toBe(100);
  });
});
