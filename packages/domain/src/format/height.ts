import { HEIGHT_FEET_MAX, HEIGHT_FEET_MIN, HEIGHT_INCHES_MAX, HEIGHT_INCHES_MIN } from '../constants';

/** A height as feet and inches. */
export interface FeetInches {
  feet: number;
  inches: number;
}

/** Feet options of the height select: 1 to 10. */
export const HEIGHT_FEET_OPTIONS: readonly number[] = Array.from(
  { length: HEIGHT_FEET_MAX - HEIGHT_FEET_MIN + 1 },
  (_, i) => HEIGHT_FEET_MIN + i,
);

/** Inch options of the height select: 0 to 11. */
export const HEIGHT_INCH_OPTIONS: readonly number[] = Array.from(
  { length: HEIGHT_INCHES_MAX - HEIGHT_INCHES_MIN + 1 },
  (_, i) => HEIGHT_INCHES_MIN + i,
);

/** Total inches of a height given in feet and inches. */
export function toTotalInches(feet: number, inches: number): number {
  return feet * 12 + inches;
}

/** Splits a total height in inches into whole feet and remaining inches (rounded to whole inches). */
export function fromTotalInches(totalInches: number): FeetInches {
  const total = Math.max(0, Math.round(totalInches));
  return { feet: Math.floor(total / 12), inches: total % 12 };
}

/** Displays a total height in inches as 5' 9". */
export function formatHeight(totalInches: number): string {
  const { feet, inches } = fromTotalInches(totalInches);
  return `${feet}' ${inches}"`;
}
