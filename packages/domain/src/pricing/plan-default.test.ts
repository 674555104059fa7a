import { describe, expect, it } from 'vitest';
import {
  defaultDurationMonths,
  defaultPlanProduct,
  parseStoredDuration,
  sortByIntervalCount,
} from './plan-default';

const product = (id: string, months: number, isDefault = false) => ({
  id,
  pricing: { interval_count: months, default: isDefault },
});

const plans = [product('p1', 1), product('p3', 3), product('p6', 6), product('p12', 12, true)];

describe('sortByIntervalCount', () => {
  it('orders products by interval count without mutating the input', () => {
    const input = [product('p12', 12), product('p0', 0), product('p3', 3), product('p1', 1)];
    expect(sortByIntervalCount(input).map((p) => p.id)).toEqual(['p0', 'p1', 'p3', 'p12']);
    expect(input.map((p) => p.id)).toEqual(['p12', 'p0', 'p3', 'p1']);
  });

  it('keeps the input order for equal counts', () => {
    const input = [product('a', 3), product('b', 1), product('c', 3)];
    expect(sortByIntervalCount(input).map((p) => p.id)).toEqual(['b', 'a', 'c']);
  });
});

describe('parseStoredDuration', () => {
  it('reads months from a number or a digits-only string', () => {
    expect(parseStoredDuration(6)).toBe(6);
    expect(parseStoredDuration('3')).toBe(3);
    expect(parseStoredDuration(' 12 ')).toBe(12);
  });

  it('rejects anything else', () => {
    expect(parseStoredDuration(null)).toBeNull();
    expect(parseStoredDuration(undefined)).toBeNull();
    expect(parseStoredDuration('')).toBeNull();
    expect(parseStoredDuration('six')).toBeNull();
    expect(parseStoredDuration(1.5)).toBeNull();
    expect(parseStoredDuration(-1)).toBeNull();
  });
});

describe('defaultPlanProduct', () => {
  it('prefers the stored default duration that matches an interval count', () => {
    expect(defaultPlanProduct(plans, 3)?.id).toBe('p3');
    expect(defaultPlanProduct(plans, '6')?.id).toBe('p6');
  });

  it('falls back to the product flagged default when the stored duration matches none', () => {
    expect(defaultPlanProduct(plans, 24)?.id).toBe('p12');
    expect(defaultPlanProduct(plans, null)?.id).toBe('p12');
  });

  it('falls back to the first product when none is flagged', () => {
    const unflagged = [product('p1', 1), product('p3', 3)];
    expect(defaultPlanProduct(unflagged)?.id).toBe('p1');
  });

  it('is undefined for no products', () => {
    expect(defaultPlanProduct([], 3)).toBeUndefined();
  });
});

describe('defaultDurationMonths', () => {
  const durations = [1, 3, 6, 12];

  it('prefers the stored selection, then the active one, then the first', () => {
    expect(defaultDurationMonths(durations, '6', 3)).toBe(6);
    expect(defaultDurationMonths(durations, 24, 3)).toBe(3);
    expect(defaultDurationMonths(durations, null, 9)).toBe(1);
    expect(defaultDurationMonths(durations)).toBe(1);
  });

  it('is null without durations', () => {
    expect(defaultDurationMonths([], 3, 3)).toBeNull();
  });
});
