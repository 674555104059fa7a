import type { LabAnalysis, LabMarker, LabPanelOverview } from '../../../../api/labs';
import { analysis, hexId, marker } from '../../test/fixtures';

export const PANEL = hexId('aa1');
export const LATEST = hexId('bb2');
export const EARLIER = hexId('bb1');
export const PENDING = hexId('bb3');

type ReportSummary = LabPanelOverview['reports'][number];

/** A report of the panel as the overview lists it. */
export function reportSummary(id: string, over: Partial<ReportSummary> = {}): ReportSummary {
  return {
    _id: id,
    status: 'reviewed',
    stage: 'reviewed',
    title: 'Comprehensive Panel Results',
    created_at: '2026-06-01T10:00:00.000Z',
    statusChangedAt: '2026-06-10T10:00:00.000Z',
    collected_at: '2026-06-05T10:00:00.000Z',
    reviewed_at: '2026-06-10T10:00:00.000Z',
    ...over,
  };
}

export const LATEST_SUMMARY = reportSummary(LATEST, {
  created_at: '2026-11-01T10:00:00.000Z',
  statusChangedAt: '2026-11-20T10:00:00.000Z',
  collected_at: '2026-11-16T10:00:00.000Z',
  reviewed_at: '2026-11-20T10:00:00.000Z',
});
export const EARLIER_SUMMARY = reportSummary(EARLIER);

/** The overview of the panel: the latest reviewed report by default. */
export function overview(over: Partial<LabPanelOverview> = {}): LabPanelOverview {
  return {
    panelId: PANEL,
    name: 'Comprehensive Panel',
    description: 'Thirty-two biomarkers.',
    product: { _id: hexId('c9'), name: 'Comprehensive Panel', description: 'A blood panel.', images: [] },
    latestReport: {
      _id: LATEST,
      statusChangedAt: LATEST_SUMMARY.statusChangedAt,
      status: { id: 'reviewed', name: 'Results Ready', description: 'Results Ready' },
    },
    report: {
      _id: LATEST,
      title: 'Comprehensive Panel Results',
      collected_at: LATEST_SUMMARY.collected_at,
      reviewed_at: LATEST_SUMMARY.reviewed_at,
      optimized: 72,
      bioAge: 37.1,
      markerCount: 32,
      rangeCounts: { optimal: 23, borderline: 6, 'high-low': 3, none: 0 },
      categories: [
        { name: 'Heart', slug: 'heart', markerCount: 6 },
        { name: 'Metabolic', slug: 'metabolic', markerCount: 1 },
      ],
    },
    reports: [LATEST_SUMMARY, EARLIER_SUMMARY],
    ...over,
  };
}

/** The overview of the earlier report (?reportId=EARLIER). */
export function earlierOverview(): LabPanelOverview {
  const base = overview();
  return {
    ...base,
    report: {
      ...base.report!,
      _id: EARLIER,
      collected_at: EARLIER_SUMMARY.collected_at,
      reviewed_at: EARLIER_SUMMARY.reviewed_at,
      optimized: 60,
      bioAge: 39.4,
      rangeCounts: { optimal: 19, borderline: 8, 'high-low': 5, none: 0 },
    },
  };
}

/** A panel whose only report is still at the lab. */
export function pendingOverview(): LabPanelOverview {
  const base = overview();
  return {
    ...base,
    latestReport: {
      _id: PENDING,
      statusChangedAt: '2026-11-20T10:00:00.000Z',
      status: { id: 'received', name: 'Awaiting Results', description: 'Awaiting Results' },
    },
    report: null,
    reports: [
      reportSummary(PENDING, {
        status: 'received',
        stage: 'awaiting',
        collected_at: null,
        reviewed_at: null,
      }),
    ],
  };
}

const m = (over: Partial<LabMarker>) => marker(over);

/** The markers of the earlier report: glucose borderline, ApoB high, hs-CRP optimal, ferritin optimal. */
export const EARLIER_MARKERS: LabMarker[] = [
  m({ id: 'glucose', name: 'Glucose', value: 95, rangeType: 'borderline', rangeCategory: 'borderline' }),
  m({
    id: 'apob',
    name: 'ApoB',
    value: 110,
    rangeType: 'high',
    rangeCategory: 'high-low',
    category: 'Heart',
  }),
  m({
    id: 'hs_crp',
    name: 'hs-CRP',
    unit: 'mg/L',
    value: 0.8,
    rangeType: 'optimal',
    rangeCategory: 'optimal',
  }),
  m({
    id: 'ferritin',
    name: 'Ferritin',
    unit: 'ng/mL',
    value: 80,
    rangeType: 'optimal',
    rangeCategory: 'optimal',
  }),
  m({ id: 'lpa', name: 'Lp(a)', value: 20, rangeType: 'optimal', rangeCategory: 'optimal' }),
];

/**
 * The markers of the latest report: glucose improved to optimal, ApoB improved to borderline, hs-CRP worsened
 * to high, ferritin unchanged, vitamin D new (not in the earlier report); Lp(a) not measured again.
 */
export const LATEST_MARKERS: LabMarker[] = [
  m({ id: 'glucose', name: 'Glucose', value: 85, rangeType: 'optimal', rangeCategory: 'optimal' }),
  m({
    id: 'apob',
    name: 'ApoB',
    value: 88,
    rangeType: 'borderline',
    rangeCategory: 'borderline',
    category: 'Heart',
  }),
  m({
    id: 'hs_crp',
    name: 'hs-CRP',
    unit: 'mg/L',
    value: 4.256,
    rangeType: 'high',
    rangeCategory: 'high-low',
  }),
  m({
    id: 'ferritin',
    name: 'Ferritin',
    unit: 'ng/mL',
    value: 75,
    rangeType: 'optimal',
    rangeCategory: 'optimal',
  }),
  m({
    id: 'vitamin_d',
    name: 'Vitamin D',
    unit: 'ng/mL',
    value: 44,
    rangeType: 'optimal',
    rangeCategory: 'optimal',
  }),
];

export function latestAnalysis(over: Partial<LabAnalysis> = {}): LabAnalysis {
  return analysis({
    _id: LATEST,
    panelId: PANEL,
    title: 'Comprehensive Panel Results',
    reviewed_at: '2026-11-20T10:00:00.000Z',
    collected_at: '2026-11-16T10:00:00.000Z',
    markers: LATEST_MARKERS,
    optimized: 60,
    bioAge: 37.1,
    ...over,
  });
}

export function earlierAnalysis(over: Partial<LabAnalysis> = {}): LabAnalysis {
  return analysis({
    _id: EARLIER,
    panelId: PANEL,
    title: 'Comprehensive Panel Results',
    reviewed_at: EARLIER_SUMMARY.reviewed_at,
    collected_at: EARLIER_SUMMARY.collected_at,
    markers: EARLIER_MARKERS,
    optimized: 60,
    bioAge: 39.4,
    ...over,
  });
}

export const BIO_AGE = {
  available: true as const,
  reportId: LATEST,
  value: 37.1,
  chronologicalAge: 41,
  convention: 'ln' as const,
  takenOn: '2026-11-16',
  markersUsed: [],
};

/** The API paths of the panel's reads. */
export const API = {
  panels: 'GET /v2/labs/patient/panels',
  overview: `GET /v2/labs/patient/panels/${PANEL}/overview`,
  analysis: `GET /v2/labs/patient/panels/${PANEL}/report/analysis`,
  bioAge: `GET /v2/labs/patient/panels/${PANEL}/bio-age/overview`,
};

/** The reportId query of a recorded request's path, or null. */
export const reportIdOf = (path: string) => new URL(path, 'http://x').searchParams.get('reportId');
