import type { RangeCategory } from '@portal/domain/labs/ranges';
import type { LabMarker } from '../../../../api/labs';

/** How a marker's range category moved between two reports. */
export type MarkerChange = 'improved' | 'worsened' | 'unchanged';

/** Healthier first: Optimal, then Needs Improvement, then Needs Attention. */
const RANK: Record<RangeCategory, number> = { optimal: 0, borderline: 1, 'high-low': 2 };

/** The move from one range category to another; a marker without a range in either report is unchanged. */
export function categoryChange(before: RangeCategory | null, after: RangeCategory | null): MarkerChange {
  if (before === null || after === null || before === after) return 'unchanged';
  return RANK[after] < RANK[before] ? 'improved' : 'worsened';
}

export interface MarkerComparison {
  id: string;
  name: string;
  before: LabMarker;
  after: LabMarker;
  change: MarkerChange;
}

const ORDER: Record<MarkerChange, number> = { worsened: 0, improved: 1, unchanged: 2 };

/**
 * "What changed" between a report and the one before it: each marker measured in both, previous → this,
 * the markers that moved category first (those that worsened, then those that improved), each group in
 * this report's order.
 */
export function compareReports(
  previous: readonly LabMarker[],
  current: readonly LabMarker[],
): MarkerComparison[] {
  const before = new Map(previous.map((m) => [m.id, m]));
  return current
    .flatMap((after, index) => {
      const was = before.get(after.id);
      return was
        ? [
            {
              index,
              id: after.id,
              name: after.name,
              before: was,
              after,
              change: categoryChange(was.rangeCategory, after.rangeCategory),
            },
          ]
        : [];
    })
    .sort((a, b) => ORDER[a.change] - ORDER[b.change] || a.index - b.index)
    .map(({ index: _, ...rest }) => rest);
}
