import type { LabAnalysis, LabMarker, LabPanelListItem, LabPanelListPage } from '../../../api/labs';

let counter = 0;
/** A 24-hex id ending in the given text (hex digits only). */
export const hexId = (tail: string) => tail.padStart(24, '0');
const nextId = () => {
  counter += 1;
  return counter.toString(16).padStart(24, 'a');
};

const STAGES = {
  created: 'pending',
  ordered: 'prepared',
  received: 'awaiting',
  reviewed: 'reviewed',
} as const;
const NAMES = {
  created: 'Visit Form Pending',
  ordered: 'Prepared',
  received: 'Awaiting Results',
  reviewed: 'Results Ready',
} as const;

type Status = keyof typeof STAGES;

/** A lab of the list with its latest report in `status`. */
export function lab(
  status: Status,
  over: Partial<LabPanelListItem> & { reportId?: string; productName?: string; description?: string } = {},
): LabPanelListItem {
  const {
    reportId = nextId(),
    productName = `Panel ${counter}`,
    description = 'A blood panel.',
    ...rest
  } = over;
  const id = nextId();
  return {
    _id: id,
    panelId: id,
    name: productName,
    status,
    stage: STAGES[status],
    followUp: false,
    product: { _id: hexId('c1'), name: productName, description, images: [] },
    order: null,
    latestReport: {
      _id: reportId,
      statusChangedAt: '2026-06-01T10:00:00.000Z',
      status: { id: status, name: NAMES[status], description: NAMES[status] },
    },
    reportCount: 1,
    ...rest,
  };
}

/** One page of the list. */
export function page(docs: LabPanelListItem[], at = 1, totalPages = 1): LabPanelListPage {
  return {
    docs,
    page: at,
    limit: 10,
    totalDocs: totalPages * 10,
    totalPages,
    hasNextPage: at < totalPages,
    hasPrevPage: at > 1,
  };
}

export function marker(over: Partial<LabMarker> = {}): LabMarker {
  return {
    id: 'glucose',
    name: 'Glucose',
    unit: 'mg/dL',
    ucum: 'mg/dL',
    loinc: '2345-7',
    value: 85,
    ranges: [
      { type: 'low', min: null, max: 65 },
      { type: 'borderline', min: 65, max: 72 },
      { type: 'optimal', min: 72, max: 90 },
      { type: 'borderline', min: 90, max: 99 },
      { type: 'high', min: 99, max: null },
    ],
    rangeType: 'optimal',
    rangeCategory: 'optimal',
    category: 'Metabolic',
    categorySlug: 'metabolic',
    legend: { suggestion: 'Keep eating well.', description: 'Sugar in your blood.' },
    ...over,
  };
}

export const REPORT_ID = hexId('r1');
export const PANEL_ID = hexId('p1');

export function analysis(over: Partial<LabAnalysis> = {}): LabAnalysis {
  return {
    _id: REPORT_ID,
    panelId: PANEL_ID,
    title: 'Longevity Panel',
    status: 'reviewed',
    reviewer: { first_name: 'Ada', last_name: 'Lovelace', profile_img: { url: '/ada.png' } },
    updated_at: '2026-06-03T15:00:00.000Z',
    reviewed_at: '2026-06-02T12:00:00.000Z',
    collected_at: '2026-05-28T09:00:00.000Z',
    text: {
      intro: 'Your results are **mostly good**.',
      main: 'Glucose is in range.\n\n- Sleep well\n- Walk daily',
      conclusion: 'See you in three months.',
    },
    optimized: 67,
    bioAge: 41.3,
    panelCategoryNames: ['Metabolic', 'Heart'],
    markers: [
      marker(),
      marker({
        id: 'apob',
        name: 'ApoB',
        value: 95,
        rangeType: 'borderline',
        rangeCategory: 'borderline',
        category: 'Heart',
        categorySlug: 'heart',
        ranges: [
          { type: 'optimal', min: null, max: 80 },
          { type: 'borderline', min: 80, max: 100 },
          { type: 'high', min: 100, max: null },
        ],
        legend: { suggestion: null, description: 'Particles that carry cholesterol.' },
      }),
      marker({
        id: 'hs_crp',
        name: 'hs-CRP',
        unit: 'mg/L',
        value: 4.256,
        rangeType: 'high',
        rangeCategory: 'high-low',
        category: 'Heart',
        categorySlug: 'heart',
        ranges: [
          { type: 'optimal', min: null, max: 1 },
          { type: 'borderline', min: 1, max: 3 },
          { type: 'high', min: 3, max: null },
        ],
        legend: { suggestion: 'Talk to us about inflammation.', description: 'A marker of inflammation.' },
      }),
    ],
    ...over,
  };
}
