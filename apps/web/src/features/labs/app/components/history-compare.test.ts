import { describe, expect, it } from 'vitest';
import { EARLIER_MARKERS, LATEST_MARKERS } from '../test/overview-fixtures';
import { categoryChange, compareReports } from './history-compare';

describe('what changed between two reports', () => {
  it('orders categories optimal > borderline > high-low', () => {
    expect(categoryChange('borderline', 'optimal')).toBe('improved');
    expect(categoryChange('high-low', 'borderline')).toBe('improved');
    expect(categoryChange('high-low', 'optimal')).toBe('improved');
    expect(categoryChange('optimal', 'borderline')).toBe('worsened');
    expect(categoryChange('optimal', 'high-low')).toBe('worsened');
    expect(categoryChange('borderline', 'high-low')).toBe('worsened');
    expect(categoryChange('optimal', 'optimal')).toBe('unchanged');
    expect(categoryChange(null, 'optimal')).toBe('unchanged');
    expect(categoryChange('high-low', null)).toBe('unchanged');
  });

  it('keeps markers measured in both, those that moved first (worsened, then improved), then the rest', () => {
    const rows = compareReports(EARLIER_MARKERS, LATEST_MARKERS);
    expect(rows.map((r) => [r.id, r.change])).toEqual([
      ['hs_crp', 'worsened'],
      ['glucose', 'improved'],
      ['apob', 'improved'],
      ['ferritin', 'unchanged'],
    ]);
    expect(rows[0]!.before.value).toBe(0.8);
    expect(rows[0]!.after.value).toBe(4.256);
  });
});
