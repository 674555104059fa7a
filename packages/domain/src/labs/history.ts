/**
 * A biomarker's history across a patient's reports (issue 14): its results, oldest first, in one unit so
 * they can be drawn on one axis. A result in a unit with no fixed factor to that one (Lp(a) in nmol/L
 * beside mg/dL) is a different measurement: it is kept apart in its own unit, never converted.
 */
import type { Sex } from '../validation/profile';
import {
  type BiomarkerKey,
  classifyResult,
  convert,
  type NamedResult,
  resolveResult,
  type UcumUnit,
} from './biomarkers';
import type { Classification } from './ranges';

/** A report's results with the date the sample was taken (ISO 8601). */
export interface ReportResults {
  reportId: string;
  takenOn: string;
  results: readonly NamedResult[];
}

/** One result of the biomarker in its history. */
export interface HistoryPoint {
  reportId: string;
  takenOn: string;
  value: number;
  unit: UcumUnit;
  /** The code of the unit the laboratory reported in. */
  loinc: string;
  /** As the laboratory reported it. */
  reported: { value: number; unit: UcumUnit };
  /** Against the catalogue's layers in `unit`; null for no range. */
  classification: Classification | null;
}

/** A result of the biomarker that could not be read. */
export interface UnreadableResult {
  reportId: string;
  reason: 'unknown_unit' | 'not_a_number';
}

export interface BiomarkerHistory {
  /** The unit of `points`: the one asked for, else the latest result's; null without results. */
  unit: UcumUnit | null;
  points: HistoryPoint[];
  /** Results in a unit that does not convert to `unit`, each in its own. */
  apart: HistoryPoint[];
  unreadable: UnreadableResult[];
}

export interface HistoryOptions {
  unit?: UcumUnit;
  /** For sex-specific layers; without it those results have no classification. */
  sex?: Sex | null;
}

const byDate = (a: HistoryPoint, b: HistoryPoint): number =>
  Date.parse(a.takenOn) - Date.parse(b.takenOn) || a.reportId.localeCompare(b.reportId);

/**
 * The history of one biomarker across reports, oldest first (ties by report id), in the unit asked for or
 * else the latest result's. Results of other biomarkers are ignored; a result naming the biomarker with an
 * unknown unit or no number is listed as unreadable.
 */
export function biomarkerHistory(
  key: BiomarkerKey,
  reports: readonly ReportResults[],
  options: HistoryOptions = {},
): BiomarkerHistory {
  const sex = options.sex ?? null;
  const reported: HistoryPoint[] = [];
  const unreadable: UnreadableResult[] = [];
  for (const report of reports) {
    for (const result of report.results) {
      const resolved = resolveResult(result);
      if (resolved.ok && resolved.biomarker.key === key) {
        reported.push({
          reportId: report.reportId,
          takenOn: report.takenOn,
          value: resolved.value,
          unit: resolved.unit,
          loinc: resolved.loinc,
          reported: { value: resolved.value, unit: resolved.unit },
          classification: classifyResult(key, resolved.value, resolved.unit, sex),
        });
      } else if (!resolved.ok && resolved.reason !== 'unknown_biomarker' && resolved.biomarker.key === key) {
        unreadable.push({ reportId: report.reportId, reason: resolved.reason });
      }
    }
  }
  reported.sort(byDate);
  const unit = options.unit ?? reported.at(-1)?.unit ?? null;
  const points: HistoryPoint[] = [];
  const apart: HistoryPoint[] = [];
  for (const point of reported) {
    const value = unit === null ? null : convert(key, point.value, point.unit, unit);
    if (unit === null || value === null) {
      apart.push(point);
      continue;
    }
    points.push({ ...point, value, unit, classification: classifyResult(key, value, unit, sex) });
  }
  return { unit, points, apart, unreadable };
}
