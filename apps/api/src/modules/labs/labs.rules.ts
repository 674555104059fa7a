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
import {
  findBiomarker,
  loincFor,
  parseUnit,
  rangesFor,
  type UcumUnit,
  UNIT_LABELS,
} from '@portal/domain/labs/biomarkers';
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

/** What the catalogue makes of a marker's code and unit for a sex, the same for every report. */
export interface CatalogueEntry {
  /** The catalogue's key; null for a biomarker the catalogue does not know. */
  key: string | null;
  /** The unit in UCUM when the catalogue accepts the biomarker in it, else null. */
  ucum: UcumUnit | null;
  /** The unit as shown when the catalogue accepts it, else null (the stored text is shown). */
  unit: string | null;
  loinc: string | null;
  /** The catalogue's layers as a list of ranges; null when the ranges stored with the marker apply. */
  ranges: readonly Range[] | null;
}

/** Distinct code, unit and sex triples kept before the memo starts afresh: far more than a lab menu has. */
const CATALOGUE_MEMO_LIMIT = 10_000;
const catalogueEntries = new Map<string, CatalogueEntry>();

/**
 * The catalogue's view of a marker: the biomarker, the accepted unit, its LOINC code and the layered ranges
 * for the sex. Worked out once per code, unit and sex rather than once per marker of every report (lookups,
 * unit parsing and range layering were a fifth of a 100-biomarker analysis); it holds catalogue data only.
 */
export function catalogueEntry(code: string, unit: string, sex: Sex | null): CatalogueEntry {
  const memoKey = `${sex ?? ''}\u0000${code}\u0000${unit}`;
  const remembered = catalogueEntries.get(memoKey);
  if (remembered) return remembered;
  const found = findBiomarker(code);
  const ucum = parseUnit(unit);
  const accepted = found && ucum && found.units.some((u) => u.unit === ucum) ? ucum : null;
  const layers = found && accepted ? rangesFor(found.key, accepted, sex) : null;
  const entry: CatalogueEntry = Object.freeze({
    key: found?.key ?? null,
    ucum: accepted,
    unit: accepted ? UNIT_LABELS[accepted] : null,
    loinc: found && accepted ? loincFor(found.key, accepted) : null,
    ranges: layers ? Object.freeze(layeredRanges(layers).map((r) => Object.freeze(r))) : null,
  });
  if (catalogueEntries.size >= CATALOGUE_MEMO_LIMIT) catalogueEntries.clear();
  catalogueEntries.set(memoKey, entry);
  return entry;
}

/**
 * A marker as the patient sees it (002 §3 Marker): the catalogue's ranges (reference and optimal layers in
 * the marker's unit, for the patient's sex) where the catalogue knows the biomarker and unit, else the ranges
 * stored with the marker; the range the value falls in and its filter.
 */
export function toLabMarker(m: StoredMarker, sex: Sex | null): LabMarker {
  const known = catalogueEntry(m.code, m.unit, sex);
  const ranges: readonly Range[] = known.ranges ?? m.ranges;
  const range = rangeFor(m.value, ranges);
  return {
    id: known.key ?? m.code,
    name: m.name,
    unit: known.unit ?? m.unit,
    ucum: known.ucum,
    loinc: known.loinc,
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
