import { describe, expect, it } from 'vitest';
import { orderName } from '../orders/order-name';
import {
  clampLifestyleStep,
  isLifestyleComplete,
  isOtherAnswer,
  LIFESTYLE_QUESTIONS,
  otherAnswer,
  otherDetails,
  validateLifestyleAnswers,
} from './lifestyle';

describe('lifestyle questions', () => {
  it('has biggest_challenge among the questions and unique slugs', () => {
    const slugs = LIFESTYLE_QUESTIONS.map((q) => q.slug);
    expect(slugs).toContain('biggest_challenge');
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('stores Other as "Other: {text}"', () => {
    expect(otherAnswer('  Travel a lot ')).toBe('Other: Travel a lot');
    expect(isOtherAnswer('Other: Travel a lot')).toBe(true);
    expect(isOtherAnswer('Other')).toBe(true);
    expect(isOtherAnswer('Stress')).toBe(false);
    expect(otherDetails('Other: Travel')).toBe('Travel');
    expect(otherDetails('Stress')).toBe('');
  });

  it('is complete once biggest_challenge is set', () => {
    expect(isLifestyleComplete(undefined)).toBe(false);
    expect(isLifestyleComplete({ primary_goal: 'More energy' })).toBe(false);
    expect(isLifestyleComplete({ biggest_challenge: ' ' })).toBe(false);
    expect(isLifestyleComplete({ biggest_challenge: 'Stress' })).toBe(true);
  });

  it('clamps the step to 1..count (default 1)', () => {
    expect(clampLifestyleStep(null, 5)).toBe(1);
    expect(clampLifestyleStep('abc', 5)).toBe(1);
    expect(clampLifestyleStep('0', 5)).toBe(1);
    expect(clampLifestyleStep('3', 5)).toBe(3);
    expect(clampLifestyleStep('9', 5)).toBe(5);
  });

  it('accepts known options, Other with details and distinct multi-select options', () => {
    expect(validateLifestyleAnswers({ biggest_challenge: 'Stress' })).toBeNull();
    expect(validateLifestyleAnswers({ biggest_challenge: 'Other: Shift work' })).toBeNull();
    expect(validateLifestyleAnswers({ focus_areas: ['Sleep', 'Nutrition'] })).toBeNull();
  });

  it('refuses unknown slugs, unknown options, a bare Other, Other where not offered and bad lists', () => {
    expect(validateLifestyleAnswers({})).not.toBeNull();
    expect(validateLifestyleAnswers({ favourite_colour: 'Blue' })).toBe('Unknown question.');
    expect(validateLifestyleAnswers({ biggest_challenge: 'Dragons' })).not.toBeNull();
    expect(validateLifestyleAnswers({ biggest_challenge: 'Other' })).not.toBeNull();
    expect(validateLifestyleAnswers({ biggest_challenge: 'Other:  ' })).not.toBeNull();
    expect(validateLifestyleAnswers({ sleep_hours: 'Other: ten' })).not.toBeNull();
    expect(validateLifestyleAnswers({ biggest_challenge: ['Stress'] })).not.toBeNull();
    expect(validateLifestyleAnswers({ focus_areas: [] })).not.toBeNull();
    expect(validateLifestyleAnswers({ focus_areas: ['Sleep', 'Sleep'] })).not.toBeNull();
    expect(validateLifestyleAnswers({ focus_areas: 'Sleep' })).not.toBeNull();
  });
});

describe('orderName', () => {
  it('is the UTC date plus the product name with dashes turned into underscores', () => {
    // 2026-11-22 + "Omega-3 Longevity Blend" -> every "-" becomes "_"
    expect(orderName(new Date('2026-11-22T10:00:00Z'), 'Omega-3 Longevity Blend')).toBe(
      '2026_11_22 Omega_3 Longevity Blend',
    );
  });
});
