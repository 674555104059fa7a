import { describe, expect, it } from 'vitest';
import {
  ADDRESS_FIELD_MAX,
  BIRTH_YEAR_WINDOW,
  DESKTOP_MIN_WIDTH,
  DISCOUNT_CODE_MAX,
  EMAIL_MIN,
  ERROR_CODES,
  estimatedIntakeMinutes,
  MIN_AGE,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHOTO_MAX_BYTES,
  progressPercent,
  RESTRICTED_LAB_STATES,
  WEIGHT_MAX_LB,
} from './constants';

describe('business constants', () => {
  it('matches 000 §9', () => {
    expect(MIN_AGE).toBe(18);
    expect(BIRTH_YEAR_WINDOW).toBe(150);
    expect(WEIGHT_MAX_LB).toBe(1500);
    expect([NAME_MIN, NAME_MAX]).toEqual([2, 35]);
    expect(ADDRESS_FIELD_MAX).toBe(35);
    expect([PASSWORD_MIN, PASSWORD_MAX]).toEqual([6, 50]);
    expect(EMAIL_MIN).toBe(4);
    expect(DISCOUNT_CODE_MAX).toBe(20);
    expect(PHOTO_MAX_BYTES).toBe(10_485_760);
    expect(RESTRICTED_LAB_STATES).toEqual(['NY', 'NJ', 'RI']);
    expect(DESKTOP_MIN_WIDTH).toBe(1024);
  });

  it('lists the backend error codes', () => {
    expect(Object.values(ERROR_CODES)).toEqual([
      'InvalidCredentials',
      'EmailAlreadyExists',
      'NetworkError',
      'WrongIntakeState',
      'TokenExpired',
      'FileSizeLimitError',
    ]);
  });
});

describe('estimatedIntakeMinutes', () => {
  it('is ceil(total / 3)', () => {
    expect(estimatedIntakeMinutes(1)).toBe(1);
    expect(estimatedIntakeMinutes(3)).toBe(1);
    expect(estimatedIntakeMinutes(4)).toBe(2);
    expect(estimatedIntakeMinutes(30)).toBe(10);
    expect(estimatedIntakeMinutes(31)).toBe(11);
  });

  it('is 5 when the step count is unknown', () => {
    expect(estimatedIntakeMinutes(undefined)).toBe(5);
    expect(estimatedIntakeMinutes(null)).toBe(5);
    expect(estimatedIntakeMinutes(0)).toBe(5);
    expect(estimatedIntakeMinutes(Number.NaN)).toBe(5);
  });

  it('is 10 when there is no intake', () => {
    expect(estimatedIntakeMinutes(30, false)).toBe(10);
    expect(estimatedIntakeMinutes(undefined, false)).toBe(10);
  });
});

describe('progressPercent', () => {
  it('floors complete / total * 100', () => {
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(66);
    expect(progressPercent(3, 3)).toBe(100);
    expect(progressPercent(0, 3)).toBe(0);
  });

  it('guards against empty totals and overflow', () => {
    expect(progressPercent(1, 0)).toBe(0);
    expect(progressPercent(5, 3)).toBe(100);
  });
});
