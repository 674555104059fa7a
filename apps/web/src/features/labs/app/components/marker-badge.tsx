import type { RangeType } from '@portal/domain/labs/ranges';
import { badgeColor, badgeText } from './marker-ranges';

/** A marker's range badge (002 §2.4, §4.2): the filter's label in words and in its colour. */
export function MarkerBadge({ rangeType }: { rangeType: RangeType | null }) {
  return <span className={`labs-badge labs-badge--${badgeColor(rangeType)}`}>{badgeText(rangeType)}</span>;
}
