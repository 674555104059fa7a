/**
 * Biomarker ranges (002 §3 Range, §4.2): which range a value falls in, the badge and filter it earns, the
 * value as displayed, and the bar chart's geometry.
 *
 * Ranges come two ways: as the typed list a report's marker carries (002 §3: type, min, max), and from the
 * two layers of the catalogue, the laboratory's reference range and the clinic's optimal band, which
 * `layeredRanges` turns into the same list. One lookup then serves both, so a value is judged the same way
 * whichever side drew the ranges.
 *
 * Boundaries: a range contains its min and its max (002 §4.2 "the range whose min and max contain it"), so
 * ranges that share a boundary both contain it, and the healthier one wins: optimal, then normal, then
 * borderline, then low, high and high-low. A reference range of 65 to 99 thus holds 65 and 99, and 100 is
 * high; an optimal band of 72 to 90 holds 72 and 90. A lab's "below 200" is written 199 in whole mg/dL.
 */

/** A range's type as a report's marker carries it (002 §3); 'high-low' is the combined type. */
export type RangeType = 'low' | 'high' | 'normal' | 'optimal' | 'borderline' | 'high-low';

/** A range of a marker (002 §3). A missing or null bound leaves that end open. */
export interface Range {
  type: RangeType;
  min?: number | null | undefined;
  max?: number | null | undefined;
}

/** A band of one layer, bounds included; a missing bound leaves that end open. */
export interface Band {
  min?: number | undefined;
  max?: number | undefined;
}

/** The two layers a biomarker is judged against, in one unit. */
export interface RangeLayers {
  /** The laboratory's reference range: outside it a value is low or high. */
  reference: Band;
  /** The clinic's optimal band, null when the clinic sets none (then in range is 'normal'). */
  optimal: Band | null;
}

/** The range filter of the analysis page (002 §2.4): Optimal, Needs Improvement, Needs Attention. */
export type RangeCategory = 'optimal' | 'borderline' | 'high-low';

/** The filter's labels, to the letter of 002 §2.4. */
export const RANGE_CATEGORY_LABELS = {
  optimal: 'Optimal',
  borderline: 'Needs Improvement',
  'high-low': 'Needs Attention',
} as const satisfies Record<RangeCategory, string>;

/** The filter's order on the page. */
export const RANGE_CATEGORIES: readonly RangeCategory[] = ['optimal', 'borderline', 'high-low'];

/** The bar chart's colours (002 §4.2): red for low and high, green for normal and optimal, amber for borderline. */
export type RangeColor = 'red' | 'green' | 'amber';

/** The colour of each range type (002 §4.2); the combined high-low is red like its parts. */
export const RANGE_COLORS = {
  low: 'red',
  high: 'red',
  'high-low': 'red',
  normal: 'green',
  optimal: 'green',
  borderline: 'amber',
} as const satisfies Record<RangeType, RangeColor>;

/**
 * The filter a range type falls under. 'normal' (in the reference range where the clinic sets no optimal
 * band) is green like optimal and counts as Optimal: the page's three filters then hold every value.
 */
export function rangeCategory(type: RangeType): RangeCategory {
  switch (type) {
    case 'optimal':
    case 'normal':
      return 'optimal';
    case 'borderline':
      return 'borderline';
    case 'low':
    case 'high':
    case 'high-low':
      return 'high-low';
  }
}

/** The badge text of a range type, one of the filter's labels. */
export function rangeLabel(type: RangeType): string {
  return RANGE_CATEGORY_LABELS[rangeCategory(type)];
}

/** Moves the decimal point of a number by `places` through its text, so 1.005 stays 1.005 and not 1.00499…. */
function shiftDecimal(value: number, places: number): number {
  const [mantissa, exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

/** Rounds to 2 decimals, half away from zero, on the number as written: 1.005 → 1.01, 2.675 → 2.68. */
export function round2(value: number): number {
  if (!Number.isFinite(value)) return value;
  // Most values are written with 2 decimals or fewer: such a value is the double nearest k / 100, so the
  // rounding through its text below gives it back (a -0 as 0); only the others pay for the text.
  const hundredths = Math.round(value * 100);
  if (Math.abs(hundredths) < Number.MAX_SAFE_INTEGER && hundredths / 100 === value) return value + 0;
  const rounded = Math.sign(value) * Math.round(shiftDecimal(Math.abs(value), 2));
  return shiftDecimal(rounded, -2) + 0;
}

/** The value as displayed (002 §4.2): rounded to 2 decimals, a negative shown as 0. */
export function displayValue(value: number): number {
  return round2(Math.max(0, value));
}

const lower = (range: Range): number => range.min ?? Number.NEGATIVE_INFINITY;
const upper = (range: Range): number => range.max ?? Number.POSITIVE_INFINITY;

/** Which of several ranges holding a shared boundary wins: the healthier. */
const PRECEDENCE: Record<RangeType, number> = {
  optimal: 0,
  normal: 1,
  borderline: 2,
  low: 3,
  high: 3,
  'high-low': 3,
};

/** True when the list is no range at all: empty, or a single normal range without bounds (002 §4.2). */
export function isNoRange(ranges: readonly Range[]): boolean {
  if (ranges.length === 0) return true;
  const [only] = ranges;
  return ranges.length === 1 && only?.type === 'normal' && only.min == null && only.max == null;
}

/**
 * The range a value falls in (002 §4.2), null for "no range": no ranges, a single unbounded normal range, a
 * value outside every range, or a value that is not a number. Bounds are inclusive and the healthier range
 * wins a shared boundary; among equals, the first listed.
 */
export function rangeFor(value: number, ranges: readonly Range[]): Range | null {
  if (!Number.isFinite(value) || isNoRange(ranges)) return null;
  // The displayed value, so the badge agrees with the number the patient reads (99.004 shows 99 and sits in
  // a range ending at 99); a negative value counts as 0, the range starting at 0 (002 §4.2).
  const judged = displayValue(value);
  let found: Range | null = null;
  for (const range of ranges) {
    if (judged < lower(range) || judged > upper(range)) continue;
    if (!found || PRECEDENCE[range.type] < PRECEDENCE[found.type]) found = range;
  }
  return found;
}

/**
 * The two layers as a marker's list of ranges, lowest first: low below the reference range, borderline
 * between its ends and the optimal band, optimal, borderline, high above it. The optimal band is read inside
 * the reference range (the laboratory's layer decides low and high). Empty stretches are left out, and so is
 * a low range below a reference range starting at 0 or less (no value is judged below 0).
 */
export function layeredRanges(layers: RangeLayers): Range[] {
  const { reference, optimal } = layers;
  const ranges: Range[] = [];
  if (reference.min !== undefined && reference.min > 0) ranges.push({ type: 'low', max: reference.min });
  if (!optimal) {
    ranges.push({ type: 'normal', min: reference.min, max: reference.max });
    if (reference.max !== undefined) ranges.push({ type: 'high', min: reference.max });
    return ranges;
  }
  const refMin = reference.min ?? Number.NEGATIVE_INFINITY;
  const refMax = reference.max ?? Number.POSITIVE_INFINITY;
  const optMin = Math.min(Math.max(optimal.min ?? Number.NEGATIVE_INFINITY, refMin), refMax);
  const optMax = Math.max(Math.min(optimal.max ?? Number.POSITIVE_INFINITY, refMax), optMin);
  const bound = (n: number): number | undefined => (Number.isFinite(n) ? n : undefined);
  if (optMin > refMin) ranges.push({ type: 'borderline', min: bound(refMin), max: optMin });
  ranges.push({ type: 'optimal', min: bound(optMin), max: bound(optMax) });
  if (optMax < refMax) ranges.push({ type: 'borderline', min: optMax, max: bound(refMax) });
  if (reference.max !== undefined) ranges.push({ type: 'high', min: reference.max });
  return ranges;
}

/** Where a value stands against the two layers; 'normal' when the clinic sets no optimal band. */
export type Classification = 'optimal' | 'normal' | 'borderline' | 'low' | 'high';

/**
 * Classifies a value against the two layers: in the optimal band 'optimal'; in the reference range but
 * outside the band 'borderline' (Needs Improvement); outside the reference range 'low' or 'high' (Needs
 * Attention). Null for "no range" (a reference range without bounds and no optimal band, or not a number).
 */
export function classify(value: number, layers: RangeLayers): Classification | null {
  const range = rangeFor(value, layeredRanges(layers));
  if (!range) return null;
  switch (range.type) {
    case 'optimal':
    case 'normal':
    case 'borderline':
    case 'low':
    case 'high':
      return range.type;
    case 'high-low':
      // layeredRanges never makes a combined range; named for the exhaustive switch.
      return null;
  }
}

/** One range of the bar chart, in percent of the bar's width. */
export interface BarSegment {
  range: Range;
  color: RangeColor;
  startPct: number;
  widthPct: number;
}

/** The bar chart of a marker: its ranges side by side, and where the value's marker sits (null: in none). */
export interface BarChart {
  segments: BarSegment[];
  markerPct: number | null;
}

/**
 * The bar chart's geometry (002 §4.2). The ranges sit side by side, lowest first, each an equal share of the
 * bar, since an open end has no width to scale by. The marker sits in the value's range at the value's
 * place between the range's bounds; in an open-ended range (or one whose bounds are equal) at the middle,
 * 50 %. A negative value is placed as 0. Percentages are rounded to 2 decimals, and the widths add up to
 * exactly 100. Null for "no range" (nothing to draw); a value in no range draws the bar without a marker.
 */
export function barChart(value: number, ranges: readonly Range[]): BarChart | null {
  if (isNoRange(ranges)) return null;
  const ordered = [...ranges].sort((a, b) => lower(a) - lower(b) || upper(a) - upper(b));
  const share = 100 / ordered.length;
  const segments = ordered.map((range, i) => {
    const startPct = round2(i * share);
    const endPct = i === ordered.length - 1 ? 100 : round2((i + 1) * share);
    return { range, color: RANGE_COLORS[range.type], startPct, widthPct: round2(endPct - startPct) };
  });
  const found = rangeFor(value, ranges);
  const segment = found ? segments.find((s) => s.range === found) : undefined;
  if (!segment) return { segments, markerPct: null };
  const { min, max } = segment.range;
  const judged = displayValue(value);
  const fraction = min == null || max == null || max === min ? 0.5 : (judged - min) / (max - min);
  return { segments, markerPct: round2(segment.startPct + fraction * segment.widthPct) };
}
