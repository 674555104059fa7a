/**
 * The glue between stored lab markers and the domain's rules (packages/domain/src/labs): which catalogue
 * biomarker a marker is, its ranges from the catalogue's layers, where its value falls, and the biological
 * age of a report. No rule lives here; each comes from the domain.
 */

import type { LabMarker } from '@portal/domain/contracts/labs';
import { ageOn } from '@portal/domain/format/date';
import {
  type BiologicalAgeMissing,
  type BiologicalAgeValue,
  biologicalAge,
} from '@portal/domain/labs/biological-age';
import { findBiomarker, loincFor, parseUnit, rangesFor, UNIT_LABELS } from '@portal/domain/labs/biomarkers';
import { layeredRanges, type Range, rangeCategory, rangeFor } from '@portal/domain/labs/ranges';
import type { Sex } from '@portal/domain/validation/profile';

/** What a stored marker holds (lab_markers). */
export interface StoredMarker {
  code: string;
  name: string;
  unit: string;
  value: number;
  ranges: { type: Range['type']; min?: number | null; max?: number | null }[];
  legend: { description: string; suggestion?: string | undefined };
  category: string;
  categorySlug: string;
}

/** The calendar date of an ISO day (YYYY-MM-DD), for ageOn. */
function calendarDate(iso: string) {
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number);
  return { year: year!, month: month!, day: day! };
}

/** Whole years of age on the day of the sample (UTC day); null without a birthday. */
export function ageOnSample(birthday: string | null, takenOn: Date): number | null {
  if (!birthday) return null;
  return ageOn(calendarDate(birthday), calendarDate(takenOn.toISOString()));
}

/**
 * A marker as the patient sees it (002 §3 Marker): the catalogue's ranges (reference and optimal layers in
 * the marker's unit, for the patient's sex) where the catalogue knows the biomarker and unit, else the ranges
 * stored with the marker; the range the value falls in and its filter.
 */
export function toLabMarker(m: StoredMarker, sex: Sex | null): LabMarker {
  const found = findBiomarker(m.code);
  const ucum = parseUnit(m.unit);
  const accepted = found && ucum && found.units.some((u) => u.unit === ucum) ? ucum : null;
  const layers = found && accepted ? rangesFor(found.key, accepted, sex) : null;
  const ranges: Range[] = layers ? layeredRanges(layers) : m.ranges;
  const range = rangeFor(m.value, ranges);
  return {
    id: found?.key ?? m.code,
    name: m.name,
    unit: accepted ? UNIT_LABELS[accepted] : m.unit,
    ucum: accepted,
    loinc: found && accepted ? loincFor(found.key, accepted) : null,
    value: m.value,
    ranges: ranges.map((r) => ({ type: r.type, min: r.min ?? null, max: r.max ?? null })),
    rangeType: range?.type ?? null,
    rangeCategory: range ? rangeCategory(range.type) : null,
    category: m.category,
    categorySlug: m.categorySlug,
    legend: { description: m.legend.description, suggestion: m.legend.suggestion ?? null },
  };
}

/**
 * The biological age of a report's results (biological-age.ts, the paper's ln CRP), with the patient's
 * whole years of age on the day of the sample; the domain answers what is missing rather than guess.
 */
export function reportBiologicalAge(
  birthday: string | null,
  takenOn: Date,
  markers: readonly { code: string; value: number; unit: string }[],
): BiologicalAgeValue | BiologicalAgeMissing {
  return biologicalAge({
    ageYears: ageOnSample(birthday, takenOn),
    results: markers.map((m) => ({ code: m.code, value: m.value, unit: m.unit })),
    takenOn: takenOn.toISOString().slice(0, 10),
  });
}

/** The value shown: PhenoAge in years to 1 decimal, null when it cannot be computed. */
export function bioAgeYears(result: BiologicalAgeValue | BiologicalAgeMissing): number | null {
  return 'value' in result ? Math.round(result.value * 10) / 10 : null;
}
