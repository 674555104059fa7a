import { UNIT_LABELS } from '@portal/domain/labs/biomarkers';
import {
  type Classification,
  RANGE_COLORS,
  type Range,
  type RangeType,
  rangeLabel,
} from '@portal/domain/labs/ranges';

/** A band of a layer with its bounds (null: open at that end). */
export interface LayerBand {
  min: number | null;
  max: number | null;
}

/** A marker's ranges read back as the catalogue's two layers (002 §3, ranges.ts layeredRanges). */
export interface MarkerLayers {
  /** The laboratory's reference range: normal, optimal and borderline together (outside it: low or high). */
  reference: LayerBand | null;
  /** The clinic's optimal band; null when the clinic sets none (then in range is 'normal'). */
  optimal: LayerBand | null;
}

const REFERENCE_TYPES: readonly RangeType[] = ['normal', 'optimal', 'borderline'];

/** The outer bounds of several ranges; an open end on any of them leaves that end open. */
function span(ranges: readonly Range[]): LayerBand | null {
  if (ranges.length === 0) return null;
  const mins = ranges.map((r) => r.min ?? null);
  const maxes = ranges.map((r) => r.max ?? null);
  return {
    min: mins.includes(null) ? null : Math.min(...(mins as number[])),
    max: maxes.includes(null) ? null : Math.max(...(maxes as number[])),
  };
}

/**
 * The two layers behind a marker's ranges: 'normal', 'optimal' and 'borderline' make up the laboratory's
 * reference range ('low' and 'high' lie outside it); 'optimal' is the clinic's band inside it.
 */
export function markerLayers(ranges: readonly Range[]): MarkerLayers {
  const reference = span(ranges.filter((r) => REFERENCE_TYPES.includes(r.type)));
  const optimal = span(ranges.filter((r) => r.type === 'optimal'));
  return {
    reference: reference && (reference.min !== null || reference.max !== null) ? reference : null,
    optimal,
  };
}

/** A unit as written for the patient (UCUM u[IU]/mL is µIU/mL); the code itself when the catalogue has no label. */
export function unitLabel(ucum: string | null | undefined): string {
  if (!ucum) return '';
  return (UNIT_LABELS as Record<string, string>)[ucum] ?? ucum;
}

/** The badge colour of a range type (002 §4.2), 'none' for no range. */
export function badgeColor(type: RangeType | null): string {
  return type ? RANGE_COLORS[type] : 'none';
}

/** The badge text of a range type, 'No range' for none. */
export function badgeText(type: RangeType | null): string {
  return type ? rangeLabel(type) : 'No range';
}

/** Where a history point stands in words: the filter's label, with low or high said outright. */
export function classificationText(c: Classification | null): string {
  if (!c) return 'No range';
  if (c === 'low' || c === 'high') return `${rangeLabel(c)} (${c})`;
  return rangeLabel(c);
}
