import { describe, expect, it } from 'vitest';
import {
  barChart,
  classify,
  displayValue,
  isNoRange,
  layeredRanges,
  RANGE_CATEGORIES,
  RANGE_CATEGORY_LABELS,
  RANGE_COLORS,
  type Range,
  type RangeLayers,
  rangeCategory,
  rangeFor,
  rangeLabel,
  round2,
} from './ranges';

const LOW: Range = { type: 'low', max: 50 };
const NORMAL: Range = { type: 'normal', min: 50, max: 100 };
const HIGH: Range = { type: 'high', min: 100 };
const MARKER_RANGES = [LOW, NORMAL, HIGH];

describe('round2 and displayValue (002 §4.2)', () => {
  it.each([
    [1.005, 1.01],
    [2.675, 2.68],
    [0.125, 0.13],
    [1.004, 1],
    [1.2345, 1.23],
    [99.995, 100],
    [-1.005, -1.01],
    [1e-7, 0],
    [1e21, 1e21],
    [42, 42],
  ])('round2(%s) is %s', (value, rounded) => {
    expect(round2(value)).toBe(rounded);
  });

  it('gives what rounding through the number’s text gives, for values of any number of decimals', () => {
    const shift = (value: number, places: number) => {
      const [mantissa, exponent = '0'] = String(value).split('e');
      return Number(`${mantissa}e${Number(exponent) + places}`);
    };
    const byText = (value: number) => shift(Math.sign(value) * Math.round(shift(Math.abs(value), 2)), -2) + 0;
    const values = [0, -0, 0.1, 0.29, 1.15, 4.35, 99.99, 1e15 + 0.25, 123456789.12, 2 ** 53, 5e-324];
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let i = 0; i < 20_000; i++) {
      const decimals = i % 6;
      const magnitude = 10 ** ((i % 9) - 2);
      const value = Number((random() * magnitude * (i % 2 ? -1 : 1)).toFixed(decimals));
      values.push(value, value / 3, value * 1.0000001);
    }
    for (const value of values) expect(Object.is(round2(value), byText(value)), String(value)).toBe(true);
  });

  it('never gives a negative zero', () => {
    expect(Object.is(round2(-0.001), 0)).toBe(true);
    expect(Object.is(displayValue(-0), 0)).toBe(true);
  });

  it('shows a negative value as 0 and rounds the rest to 2 decimals', () => {
    expect(displayValue(-3.2)).toBe(0);
    expect(displayValue(-0.004)).toBe(0);
    expect(displayValue(3.456)).toBe(3.46);
    expect(displayValue(0)).toBe(0);
  });
});

describe('range labels, filters and colours (002 §2.4, §4.2)', () => {
  it('has the three filters with the labels of the analysis page, in order', () => {
    expect(RANGE_CATEGORIES.map((c) => RANGE_CATEGORY_LABELS[c])).toEqual([
      'Optimal',
      'Needs Improvement',
      'Needs Attention',
    ]);
  });

  it.each([
    ['optimal', 'optimal', 'Optimal', 'green'],
    ['normal', 'optimal', 'Optimal', 'green'],
    ['borderline', 'borderline', 'Needs Improvement', 'amber'],
    ['low', 'high-low', 'Needs Attention', 'red'],
    ['high', 'high-low', 'Needs Attention', 'red'],
    ['high-low', 'high-low', 'Needs Attention', 'red'],
  ] as const)('%s is filtered as %s, labelled %s and drawn %s', (type, category, label, color) => {
    expect(rangeCategory(type)).toBe(category);
    expect(rangeLabel(type)).toBe(label);
    expect(RANGE_COLORS[type]).toBe(color);
  });
});

describe('rangeFor: the range a value falls in (002 §4.2)', () => {
  it.each([
    [10, LOW],
    [49.99, LOW],
    [50, NORMAL],
    [75, NORMAL],
    [100, NORMAL],
    [100.01, HIGH],
    [5000, HIGH],
  ])('%s falls in its range, bounds included, the healthier range taking a shared bound', (value, range) => {
    expect(rangeFor(value, MARKER_RANGES)).toBe(range);
  });

  it('judges the value as displayed: 100.004 shows 100 and is normal, 100.005 shows 100.01 and is high', () => {
    expect(rangeFor(100.004, MARKER_RANGES)).toBe(NORMAL);
    expect(rangeFor(100.005, MARKER_RANGES)).toBe(HIGH);
    expect(rangeFor(49.995, MARKER_RANGES)).toBe(NORMAL);
    expect(rangeFor(49.994, MARKER_RANGES)).toBe(LOW);
  });

  it('gives a shared boundary to the healthier range whatever the list order', () => {
    const borderline: Range = { type: 'borderline', min: 5, max: 10 };
    const optimal: Range = { type: 'optimal', min: 10, max: 20 };
    const high: Range = { type: 'high', min: 20 };
    expect(rangeFor(10, [borderline, optimal, high])).toBe(optimal);
    expect(rangeFor(20, [high, optimal, borderline])).toBe(optimal);
    expect(rangeFor(5, [{ type: 'low', max: 5 }, borderline])).toBe(borderline);
    const normal: Range = { type: 'normal', min: 0, max: 10 };
    expect(rangeFor(10, [borderline, normal])).toBe(normal);
    expect(rangeFor(10, [normal, optimal])).toBe(optimal);
  });

  it('takes the first of equal ranges', () => {
    const first: Range = { type: 'high-low', min: 0, max: 10 };
    const second: Range = { type: 'low', min: 0, max: 10 };
    expect(rangeFor(5, [first, second])).toBe(first);
    expect(rangeFor(5, [second, first])).toBe(second);
  });

  it('handles open-ended ranges: only a min, only a max', () => {
    const atLeast: Range = { type: 'normal', min: 10 };
    expect(rangeFor(9.99, [atLeast])).toBeNull();
    expect(rangeFor(10, [atLeast])).toBe(atLeast);
    expect(rangeFor(1e9, [atLeast])).toBe(atLeast);
    const atMost: Range = { type: 'optimal', max: 3, min: null };
    expect(rangeFor(3, [atMost])).toBe(atMost);
    expect(rangeFor(3.01, [atMost])).toBeNull();
    expect(rangeFor(0, [atMost])).toBe(atMost);
  });

  it('gives "no range" for a single normal range without bounds, and for no ranges', () => {
    expect(isNoRange([{ type: 'normal' }])).toBe(true);
    expect(isNoRange([{ type: 'normal', min: null, max: null }])).toBe(true);
    expect(isNoRange([])).toBe(true);
    expect(rangeFor(5, [{ type: 'normal' }])).toBeNull();
    expect(rangeFor(5, [])).toBeNull();
  });

  it('is a range when the single normal range has a bound, or the unbounded range is not normal or not alone', () => {
    expect(isNoRange([{ type: 'normal', min: 0 }])).toBe(false);
    expect(isNoRange([{ type: 'optimal' }])).toBe(false);
    expect(isNoRange([{ type: 'normal' }, { type: 'optimal', min: 1, max: 2 }])).toBe(false);
    const unbounded: Range = { type: 'normal' };
    const optimal: Range = { type: 'optimal', min: 1, max: 2 };
    expect(rangeFor(1.5, [unbounded, optimal])).toBe(optimal);
    expect(rangeFor(7, [unbounded, optimal])).toBe(unbounded);
  });

  it('counts a negative value as the range starting at 0', () => {
    const optimal: Range = { type: 'optimal', min: 0, max: 5 };
    const high: Range = { type: 'high', min: 5 };
    expect(rangeFor(-2, [optimal, high])).toBe(optimal);
    const low: Range = { type: 'low', max: 1 };
    const normal: Range = { type: 'normal', min: 1, max: 5 };
    expect(rangeFor(-2, [low, normal])).toBe(low);
    expect(rangeFor(-2, [{ type: 'normal', min: 1, max: 5 }])).toBeNull();
  });

  it('finds no range for a value in a gap, or for something that is not a number', () => {
    const ranges: Range[] = [
      { type: 'low', max: 10 },
      { type: 'high', min: 20 },
    ];
    expect(rangeFor(15, ranges)).toBeNull();
    expect(rangeFor(10, ranges)).toBe(ranges[0]);
    expect(rangeFor(Number.NaN, MARKER_RANGES)).toBeNull();
    expect(rangeFor(Number.POSITIVE_INFINITY, MARKER_RANGES)).toBeNull();
  });
});

describe('layeredRanges: the reference range and the optimal band as a list of ranges', () => {
  it('makes low, borderline, optimal, borderline, high for a two-sided range and band', () => {
    expect(layeredRanges({ reference: { min: 65, max: 99 }, optimal: { min: 72, max: 90 } })).toEqual([
      { type: 'low', max: 65 },
      { type: 'borderline', min: 65, max: 72 },
      { type: 'optimal', min: 72, max: 90 },
      { type: 'borderline', min: 90, max: 99 },
      { type: 'high', min: 99 },
    ]);
  });

  it('leaves out empty stretches and open ends', () => {
    expect(layeredRanges({ reference: { max: 199 }, optimal: { max: 180 } })).toEqual([
      { type: 'optimal', min: undefined, max: 180 },
      { type: 'borderline', min: 180, max: 199 },
      { type: 'high', min: 199 },
    ]);
    expect(layeredRanges({ reference: { min: 60 }, optimal: { min: 90 } })).toEqual([
      { type: 'low', max: 60 },
      { type: 'borderline', min: 60, max: 90 },
      { type: 'optimal', min: 90, max: undefined },
    ]);
    expect(layeredRanges({ reference: { min: 10, max: 20 }, optimal: { min: 10, max: 20 } })).toEqual([
      { type: 'low', max: 10 },
      { type: 'optimal', min: 10, max: 20 },
      { type: 'high', min: 20 },
    ]);
  });

  it('reads the optimal band inside the reference range', () => {
    expect(layeredRanges({ reference: { min: 10, max: 20 }, optimal: { min: 5, max: 25 } })).toEqual([
      { type: 'low', max: 10 },
      { type: 'optimal', min: 10, max: 20 },
      { type: 'high', min: 20 },
    ]);
    expect(layeredRanges({ reference: { min: 6, max: 29 }, optimal: { max: 22 } })).toEqual([
      { type: 'low', max: 6 },
      { type: 'optimal', min: 6, max: 22 },
      { type: 'borderline', min: 22, max: 29 },
      { type: 'high', min: 29 },
    ]);
  });

  it('has no low range below a reference range starting at 0', () => {
    expect(layeredRanges({ reference: { min: 0, max: 3 }, optimal: { max: 1 } })).toEqual([
      { type: 'optimal', min: 0, max: 1 },
      { type: 'borderline', min: 1, max: 3 },
      { type: 'high', min: 3 },
    ]);
  });

  it('makes low, normal, high without an optimal band, and a single unbounded normal without bounds', () => {
    expect(layeredRanges({ reference: { min: 1, max: 2 }, optimal: null })).toEqual([
      { type: 'low', max: 1 },
      { type: 'normal', min: 1, max: 2 },
      { type: 'high', min: 2 },
    ]);
    expect(layeredRanges({ reference: {}, optimal: null })).toEqual([
      { type: 'normal', min: undefined, max: undefined },
    ]);
  });
});

describe('classify against the two layers, at every boundary', () => {
  const glucose: RangeLayers = { reference: { min: 65, max: 99 }, optimal: { min: 72, max: 90 } };

  it.each([
    [30, 'low'],
    [64.99, 'low'],
    [65, 'borderline'],
    [71.99, 'borderline'],
    [72, 'optimal'],
    [90, 'optimal'],
    [90.01, 'borderline'],
    [99, 'borderline'],
    [99.01, 'high'],
    [99.004, 'borderline'],
    [99.005, 'high'],
  ] as const)('glucose %s is %s', (value, expected) => {
    expect(classify(value, glucose)).toBe(expected);
  });

  it.each([
    [-5, 'optimal'],
    [0, 'optimal'],
    [180, 'optimal'],
    [180.01, 'borderline'],
    [199, 'borderline'],
    [199.01, 'high'],
  ] as const)('with only a max (total cholesterol), %s is %s', (value, expected) => {
    expect(classify(value, { reference: { max: 199 }, optimal: { max: 180 } })).toBe(expected);
  });

  it.each([
    [-1, 'low'],
    [59.99, 'low'],
    [60, 'borderline'],
    [89.99, 'borderline'],
    [90, 'optimal'],
    [250, 'optimal'],
  ] as const)('with only a min (eGFR), %s is %s', (value, expected) => {
    expect(classify(value, { reference: { min: 60 }, optimal: { min: 90 } })).toBe(expected);
  });

  it.each([
    [0.99, 'low'],
    [1, 'normal'],
    [2, 'normal'],
    [2.01, 'high'],
  ] as const)('without an optimal band, %s is %s', (value, expected) => {
    expect(classify(value, { reference: { min: 1, max: 2 }, optimal: null })).toBe(expected);
  });

  it('lets the reference range decide low and high over a wider optimal band', () => {
    const layers: RangeLayers = { reference: { min: 10, max: 20 }, optimal: { min: 5, max: 25 } };
    expect(classify(9.99, layers)).toBe('low');
    expect(classify(10, layers)).toBe('optimal');
    expect(classify(20, layers)).toBe('optimal');
    expect(classify(20.01, layers)).toBe('high');
  });

  it('classifies against an optimal band alone when the reference range has no bounds', () => {
    const layers: RangeLayers = { reference: {}, optimal: { min: 1 } };
    expect(classify(0.99, layers)).toBe('borderline');
    expect(classify(1, layers)).toBe('optimal');
  });

  it('gives no classification for a single unbounded normal, or for a value that is not a number', () => {
    expect(classify(5, { reference: {}, optimal: null })).toBeNull();
    expect(classify(Number.NaN, glucose)).toBeNull();
  });

  it('counts a negative value as 0', () => {
    expect(classify(-1, { reference: { min: 0, max: 3 }, optimal: { max: 1 } })).toBe('optimal');
    expect(classify(-1, { reference: { min: 0.5, max: 3 }, optimal: { max: 1 } })).toBe('low');
  });
});

describe('barChart geometry (002 §4.2)', () => {
  const glucose = layeredRanges({ reference: { min: 65, max: 99 }, optimal: { min: 72, max: 90 } });
  const pct = (value: number) => barChart(value, glucose)?.markerPct;

  it('lays the ranges side by side in equal shares, lowest first, coloured by type', () => {
    const chart = barChart(81, glucose);
    expect(chart?.segments.map((s) => [s.range.type, s.color, s.startPct, s.widthPct])).toEqual([
      ['low', 'red', 0, 20],
      ['borderline', 'amber', 20, 20],
      ['optimal', 'green', 40, 20],
      ['borderline', 'amber', 60, 20],
      ['high', 'red', 80, 20],
    ]);
  });

  it('places the marker at the value between its range bounds', () => {
    expect(pct(81)).toBe(50);
    expect(pct(72)).toBe(40);
    expect(pct(90)).toBe(60);
    expect(pct(65)).toBe(20);
    expect(pct(68.5)).toBe(30);
    expect(pct(99)).toBe(80);
    expect(pct(94.5)).toBe(70);
  });

  it('places the marker at the middle of an open-ended range', () => {
    expect(pct(10)).toBe(10);
    expect(pct(64.99)).toBe(10);
    expect(pct(99.01)).toBe(90);
    expect(pct(1e6)).toBe(90);
  });

  it('rounds to 2 decimals and fills exactly 100 % when the shares do not divide evenly', () => {
    const chart = barChart(60, MARKER_RANGES);
    expect(chart?.segments.map((s) => [s.startPct, s.widthPct])).toEqual([
      [0, 33.33],
      [33.33, 33.34],
      [66.67, 33.33],
    ]);
    expect(chart?.segments.reduce((sum, s) => round2(sum + s.widthPct), 0)).toBe(100);
    // 33.33 + 0.2 × 33.34 = 40.0; 66.666… is placed as shown, 66.67: 33.33 + 0.3334 × 33.34 = 44.4456
    expect(chart?.markerPct).toBe(40);
    expect(barChart(200 / 3, MARKER_RANGES)?.markerPct).toBe(44.45);
  });

  it('sorts ranges that arrive out of order', () => {
    const chart = barChart(75, [HIGH, LOW, NORMAL]);
    expect(chart?.segments.map((s) => s.range)).toEqual([LOW, NORMAL, HIGH]);
    expect(chart?.markerPct).toBe(50);
  });

  it('places a negative value as 0', () => {
    const ranges: Range[] = [
      { type: 'optimal', min: 0, max: 5 },
      { type: 'high', min: 5 },
    ];
    expect(barChart(-2, ranges)?.markerPct).toBe(0);
    expect(barChart(2.5, ranges)?.markerPct).toBe(25);
  });

  it('places the marker at the middle of a range whose bounds are equal', () => {
    expect(barChart(5, [{ type: 'optimal', min: 5, max: 5 }])?.markerPct).toBe(50);
  });

  it('draws no marker for a value in no range, and no bar for "no range"', () => {
    const gap: Range[] = [
      { type: 'low', max: 10 },
      { type: 'high', min: 20 },
    ];
    expect(barChart(15, gap)).toEqual({
      segments: [
        { range: gap[0], color: 'red', startPct: 0, widthPct: 50 },
        { range: gap[1], color: 'red', startPct: 50, widthPct: 50 },
      ],
      markerPct: null,
    });
    expect(barChart(15, [{ type: 'normal' }])).toBeNull();
    expect(barChart(15, [])).toBeNull();
  });
});
