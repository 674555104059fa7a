import { displayValue } from '@portal/domain/labs/ranges';

/** A range's bounds in words: "3.5 to 5", "up to 99", "100 and above". */
export function boundsText(range: { min?: number | null; max?: number | null }, unit: string): string {
  const u = unit ? ` ${unit}` : '';
  const min = range.min == null ? null : displayValue(range.min);
  const max = range.max == null ? null : displayValue(range.max);
  if (min === null && max === null) return 'any value';
  if (min === null) return `up to ${max}${u}`;
  if (max === null) return `${min}${u} and above`;
  return `${min} to ${max}${u}`;
}
