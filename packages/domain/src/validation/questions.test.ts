import { describe, expect, it } from 'vitest';
import {
  checkboxSubmission,
  clampStep,
  customQuantityOptions,
  isTextAnswerValid,
  toggleCheckboxOption,
  validateFollowUps,
} from './questions';

describe('text answers and follow-ups', () => {
  it('needs non-blank text', () => {
    expect(isTextAnswerValid('yes')).toBe(true);
    expect(isTextAnswerValid('  ')).toBe(false);
    expect(isTextAnswerValid(null)).toBe(false);
  });

  it('needs every follow-up answered', () => {
    expect(validateFollowUps(['a', 'b'])).toBeUndefined();
    expect(validateFollowUps([])).toBeUndefined();
    expect(validateFollowUps(['a', ''])).toBe('Please answer all questions before continuing.');
    expect(validateFollowUps([undefined])).toBe('Please answer all questions before continuing.');
  });
});

describe('checkbox selection', () => {
  it('None clears other choices and any option removes None', () => {
    expect(toggleCheckboxOption(['a', 'b'], 'none', 'none')).toEqual(['none']);
    expect(toggleCheckboxOption(['none'], 'a', 'none')).toEqual(['a']);
    expect(toggleCheckboxOption(['a'], 'b', 'none')).toEqual(['a', 'b']);
    expect(toggleCheckboxOption(['a', 'b'], 'a', 'none')).toEqual(['b']);
    expect(toggleCheckboxOption(['a'], 'b', null)).toEqual(['a', 'b']);
  });

  it('records None for an empty submission', () => {
    expect(checkboxSubmission([], 'none')).toEqual(['none']);
    expect(checkboxSubmission([], null)).toEqual([]);
    expect(checkboxSubmission(['a'], 'none')).toEqual(['a']);
  });
});

describe('customQuantityOptions', () => {
  it('steps by 4 from min to max', () => {
    expect(customQuantityOptions(4, 16)).toEqual([4, 8, 12, 16]);
    expect(customQuantityOptions(2, 12)).toEqual([2, 6, 10]);
    expect(customQuantityOptions(8, 4)).toEqual([]);
  });
});

describe('clampStep', () => {
  it('keeps the step within the question count', () => {
    expect(clampStep(2, 5)).toBe(2);
    expect(clampStep(9, 5)).toBe(4);
    expect(clampStep(-1, 5)).toBe(0);
    expect(clampStep(3, 0)).toBe(0);
  });
});
