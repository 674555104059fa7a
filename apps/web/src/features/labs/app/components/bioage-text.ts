import type { PhenoAgeRequirement } from '@portal/domain/contracts/labs';
import { BIOMARKER_KEYS, type BiomarkerKey, biomarker } from '@portal/domain/labs/biomarkers';
import type { z } from 'zod';

type Requirement = z.infer<typeof PhenoAgeRequirement>;

const years = (n: number) => `${n} ${n === 1 ? 'year' : 'years'}`;

/**
 * The biological age against the chronological age in words: "2.4 years younger than your age", "1 year
 * older than your age", "the same as your age". Years to 1 decimal, as the biological age.
 */
export function bioAgeDifference(bioAge: number, chronologicalAge: number): string {
  const raw = chronologicalAge - bioAge;
  // half away from zero, on the difference as written (47 - 37.1 is 9.899… in binary)
  const diff = (Math.sign(raw) * Math.round(Number((Math.abs(raw) * 10).toPrecision(12)))) / 10;
  if (diff === 0) return 'the same as your age';
  return `${years(Math.abs(diff))} ${diff > 0 ? 'younger' : 'older'} than your age`;
}

/** A PhenoAge input by its name for the patient: the catalogue's name, 'age' the date of birth it comes from. */
export function requirementName(key: Requirement | string): string {
  if (key === 'age') return 'Your date of birth';
  return BIOMARKER_KEYS.includes(key as BiomarkerKey) ? biomarker(key as BiomarkerKey).name : key;
}

const REASONS: Record<string, string> = {
  unknown_unit: 'it was reported in a unit the model cannot convert',
  not_a_number: 'the result is not a number',
  out_of_range: 'the value is outside what the model accepts',
  conflicting_values: 'two results of it on the same sample disagree',
};

/** Why an input could not be used, in words (the API's reason code when it is a new one). */
export function unusableReason(reason: string): string {
  return REASONS[reason] ?? reason.replace(/_/g, ' ');
}
