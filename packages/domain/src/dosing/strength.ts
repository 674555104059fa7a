/** A dosage strength parsed from its text: a number plus a unit ('' when the text has none). */
export interface Strength {
  value: number;
  unit: string;
}

const STRENGTH = /^\s*(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?|\.\d+)\s*([^\d\s].*?)?\s*$/;

/** Parses a strength text: "5 mg" -> { value: 5, unit: 'mg' }, "0.5mg" -> { value: 0.5, unit: 'mg' }, "1,000 mcg" -> { value: 1000, unit: 'mcg' }; null when it does not start with a number. */
export function parseStrength(text: string | null | undefined): Strength | null {
  if (typeof text !== 'string') return null;
  const match = STRENGTH.exec(text);
  if (!match) return null;
  const value = Number(match[1]!.replace(/,/g, ''));
  if (!Number.isFinite(value)) return null;
  return { value, unit: match[2] ?? '' };
}

/** The number of a strength given as text or number; 0 when it cannot be read. */
export function strengthNumber(strength: string | number | null | undefined): number {
  if (typeof strength === 'number') return Number.isFinite(strength) ? strength : 0;
  return parseStrength(strength)?.value ?? 0;
}
