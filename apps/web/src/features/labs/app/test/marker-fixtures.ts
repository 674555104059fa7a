import type {
  LabAllBiomarkers,
  LabBioAgeOverview,
  LabBiomarkerDetail,
  LabCategory,
  LabMarker,
  LabPanelOverview,
  LabPreparationGuidelines,
} from '../../../../api/labs';
import { hexId, marker } from '../../test/fixtures';

export const M_PANEL = hexId('ca1');
export const M_LATEST = hexId('cb2');
export const M_EARLIER = hexId('cb1');

/** ApoB as a report's marker: a reference range up to 89 mg/dL and the clinic's optimal band up to 80. */
export function apob(over: Partial<LabMarker> = {}): LabMarker {
  return marker({
    id: 'apob',
    name: 'Apolipoprotein B',
    unit: 'mg/dL',
    ucum: 'mg/dL',
    loinc: '1884-6',
    value: 84.456,
    ranges: [
      { type: 'optimal', min: null, max: 80 },
      { type: 'borderline', min: 80, max: 89 },
      { type: 'high', min: 89, max: null },
    ],
    rangeType: 'borderline',
    rangeCategory: 'borderline',
    category: 'Heart',
    categorySlug: 'heart',
    legend: {
      description: 'ApoB counts the particles that carry cholesterol into artery walls.',
      suggestion: 'Fibre-rich foods and regular exercise lower ApoB.',
    },
    ...over,
  });
}

/** Lp(a) in mg/dL: the laboratory's reference up to 29, the clinic's band up to 14. */
export function lpa(over: Partial<LabMarker> = {}): LabMarker {
  return marker({
    id: 'lpa',
    name: 'Lipoprotein(a)',
    unit: 'mg/dL',
    ucum: 'mg/dL',
    loinc: '10835-7',
    value: 18,
    ranges: [
      { type: 'optimal', min: null, max: 14 },
      { type: 'borderline', min: 14, max: 29 },
      { type: 'high', min: 29, max: null },
    ],
    rangeType: 'borderline',
    rangeCategory: 'borderline',
    category: 'Heart',
    categorySlug: 'heart',
    legend: { description: 'A largely inherited lipoprotein.', suggestion: null },
    ...over,
  });
}

/** HDL: low below 40, the reference 40 and above, the clinic's band 50 and above. */
export function hdl(over: Partial<LabMarker> = {}): LabMarker {
  return marker({
    id: 'hdl_c',
    name: 'HDL Cholesterol',
    loinc: '2085-9',
    value: 64,
    ranges: [
      { type: 'low', min: null, max: 40 },
      { type: 'borderline', min: 40, max: 50 },
      { type: 'optimal', min: 50, max: null },
    ],
    rangeType: 'optimal',
    rangeCategory: 'optimal',
    category: 'Heart',
    categorySlug: 'heart',
    ...over,
  });
}

/** LDL above the reference range: Needs Attention. */
export function ldl(over: Partial<LabMarker> = {}): LabMarker {
  return marker({
    id: 'ldl_c',
    name: 'LDL Cholesterol',
    loinc: '13457-7',
    value: 102,
    ranges: [
      { type: 'optimal', min: null, max: 70 },
      { type: 'borderline', min: 70, max: 99 },
      { type: 'high', min: 99, max: null },
    ],
    rangeType: 'high',
    rangeCategory: 'high-low',
    category: 'Heart',
    categorySlug: 'heart',
    ...over,
  });
}

/** ApoB's page: two results five months apart, the latest chosen. */
export function apobDetail(over: Partial<LabBiomarkerDetail> = {}): LabBiomarkerDetail {
  return {
    id: 'apob',
    name: 'Apolipoprotein B',
    category: 'Heart',
    marker: apob(),
    history: {
      unit: 'mg/dL',
      points: [
        {
          reportId: M_EARLIER,
          takenOn: '2026-06-21T10:00:00.000Z',
          value: 96,
          unit: 'mg/dL',
          loinc: '1884-6',
          classification: 'high',
        },
        {
          reportId: M_LATEST,
          takenOn: '2026-11-16T10:00:00.000Z',
          value: 84.456,
          unit: 'mg/dL',
          loinc: '1884-6',
          classification: 'borderline',
        },
      ],
      apart: [],
    },
    ...over,
  };
}

/** Lp(a)'s page: mg/dL results on the chart and one in nmol/L that cannot be converted. */
export function lpaDetail(over: Partial<LabBiomarkerDetail> = {}): LabBiomarkerDetail {
  return {
    id: 'lpa',
    name: 'Lipoprotein(a)',
    category: 'Heart',
    marker: lpa(),
    history: {
      unit: 'mg/dL',
      points: [
        {
          reportId: M_LATEST,
          takenOn: '2026-11-16T10:00:00.000Z',
          value: 18,
          unit: 'mg/dL',
          loinc: '10835-7',
          classification: 'borderline',
        },
      ],
      apart: [
        {
          reportId: M_EARLIER,
          takenOn: '2026-06-21T10:00:00.000Z',
          value: 41,
          unit: 'nmol/L',
          loinc: '43583-4',
          classification: 'borderline',
        },
      ],
    },
    ...over,
  };
}

export function heartCategory(over: Partial<LabCategory> = {}): LabCategory {
  return {
    reportId: M_LATEST,
    name: 'Heart',
    slug: 'heart',
    markers: [apob(), hdl(), ldl(), lpa()],
    ...over,
  };
}

export function allBiomarkers(over: Partial<LabAllBiomarkers> = {}): LabAllBiomarkers {
  return {
    reportId: M_LATEST,
    collected_at: '2026-11-16T10:00:00.000Z',
    categories: [
      { name: 'Heart', slug: 'heart', markers: [apob(), hdl(), ldl(), lpa()] },
      {
        name: 'Metabolic',
        slug: 'metabolic',
        markers: [
          marker(),
          marker({
            id: 'hba1c',
            name: 'Hemoglobin A1c',
            unit: '%',
            ucum: '%',
            loinc: '4548-4',
            value: 5.4,
            category: 'Metabolic',
            categorySlug: 'metabolic',
          }),
        ],
      },
    ],
    ...over,
  };
}

export function preparation(over: Partial<LabPreparationGuidelines> = {}): LabPreparationGuidelines {
  return {
    panelId: M_PANEL,
    name: 'Comprehensive Longevity Panel',
    guidelines: [
      'Fast for 12 hours before your blood draw: water only.',
      'Avoid strenuous exercise for 12 hours before the draw.',
      'Bring a photo ID and your lab requisition form.',
    ],
    fastingHours: 12,
    noExerciseHours: 12,
    ...over,
  };
}

export function bioAgeAvailable(
  over: Partial<Extract<LabBioAgeOverview, { available: true }>> = {},
): LabBioAgeOverview {
  return {
    available: true,
    reportId: M_LATEST,
    value: 44.6,
    chronologicalAge: 47,
    convention: 'ln',
    takenOn: '2026-11-16',
    markersUsed: [
      {
        marker: 'albumin',
        name: 'Albumin',
        loinc: '1751-7',
        value: 4.4,
        unit: 'g/dL',
        modelValue: 44,
        modelUnit: 'g/L',
      },
      {
        marker: 'hs_crp',
        name: 'hs-CRP',
        loinc: '30522-7',
        value: 0.9,
        unit: 'mg/L',
        modelValue: 0.09,
        modelUnit: 'mg/dL',
      },
    ],
    ...over,
  };
}

export function bioAgeMissing(
  over: Partial<Extract<LabBioAgeOverview, { available: false }>> = {},
): LabBioAgeOverview {
  return {
    available: false,
    reportId: M_LATEST,
    missing: ['age', 'hs_crp', 'rdw'],
    unusable: [{ marker: 'albumin', reason: 'unknown_unit' }],
    ...over,
  };
}

/** The panel's overview with no reviewed report yet: the latest report waits for its results. */
export function overviewAwaiting(over: Partial<LabPanelOverview> = {}): LabPanelOverview {
  return {
    panelId: M_PANEL,
    name: 'Comprehensive Longevity Panel',
    description: 'Thirty-two biomarkers.',
    product: { _id: hexId('cc1'), name: 'Comprehensive Longevity Panel', description: '', images: [] },
    latestReport: {
      _id: M_LATEST,
      statusChangedAt: '2026-11-20T10:00:00.000Z',
      status: { id: 'received', name: 'Awaiting Results', description: 'Awaiting Results' },
    },
    report: null,
    reports: [],
    ...over,
  };
}
