import type { LabMarkerDefinition, LabRange } from '../schema/labs';

const r = (type: LabRange['type'], min: number | null, max: number | null): LabRange => ({ type, min, max });

const HEART = { category: 'Heart Health', category_slug: 'heart-health' };
const METABOLIC = { category: 'Metabolic Health', category_slug: 'metabolic-health' };
const INFLAMMATION = { category: 'Inflammation', category_slug: 'inflammation' };
const NUTRIENTS = { category: 'Nutrients', category_slug: 'nutrients' };
const ORGANS = { category: 'Liver & Kidney', category_slug: 'liver-kidney' };
const HORMONES = { category: 'Hormones', category_slug: 'hormones' };
const BLOOD = { category: 'Blood', category_slug: 'blood' };

/**
 * Biomarkers the seeded panels measure. A range includes its min and excludes its max; a null bound is open.
 */
export const MARKERS: Record<string, LabMarkerDefinition> = {
  apob: {
    code: 'apob',
    name: 'Apolipoprotein B (ApoB)',
    unit: 'mg/dL',
    ...HEART,
    ranges: [r('optimal', null, 80), r('borderline', 80, 100), r('high', 100, null)],
    legend: {
      description:
        'ApoB counts the particles that carry cholesterol into artery walls. It predicts cardiovascular risk better than LDL cholesterol alone.',
      suggestion:
        'Fibre-rich foods, fewer saturated fats and regular exercise lower ApoB; your physician may discuss medication if it stays high.',
    },
  },
  ldl_c: {
    code: 'ldl_c',
    name: 'LDL Cholesterol',
    unit: 'mg/dL',
    ...HEART,
    ranges: [r('optimal', null, 100), r('borderline', 100, 130), r('high', 130, null)],
    legend: {
      description:
        'The cholesterol carried in low-density lipoproteins, the main driver of plaque in the arteries.',
      suggestion:
        'Replace saturated fats with unsaturated ones and add soluble fibre such as oats and legumes.',
    },
  },
  hdl_c: {
    code: 'hdl_c',
    name: 'HDL Cholesterol',
    unit: 'mg/dL',
    ...HEART,
    ranges: [r('low', null, 40), r('normal', 40, 60), r('optimal', 60, null)],
    legend: {
      description: 'High-density lipoproteins carry cholesterol away from tissues to the liver.',
      suggestion: 'Aerobic exercise and not smoking raise HDL.',
    },
  },
  triglycerides: {
    code: 'triglycerides',
    name: 'Triglycerides',
    unit: 'mg/dL',
    ...HEART,
    ranges: [r('optimal', null, 100), r('normal', 100, 150), r('borderline', 150, 200), r('high', 200, null)],
    legend: {
      description: 'Fats in the blood that rise with refined carbohydrates, alcohol and insulin resistance.',
      suggestion: 'Cut back on sugar and alcohol and add omega-3 rich fish.',
    },
  },
  lpa: {
    code: 'lpa',
    name: 'Lipoprotein(a)',
    unit: 'nmol/L',
    ...HEART,
    ranges: [r('optimal', null, 75), r('borderline', 75, 125), r('high', 125, null)],
    legend: {
      description:
        'A largely inherited lipoprotein that adds to cardiovascular risk. It usually needs measuring only once.',
      suggestion: 'If elevated, focus on lowering ApoB and discuss family screening with your physician.',
    },
  },
  hba1c: {
    code: 'hba1c',
    name: 'Hemoglobin A1c',
    unit: '%',
    ...METABOLIC,
    ranges: [r('optimal', null, 5.4), r('normal', 5.4, 5.7), r('borderline', 5.7, 6.5), r('high', 6.5, null)],
    legend: {
      description: 'Your average blood sugar over the last two to three months.',
      suggestion: 'A walk after meals and fewer refined carbohydrates bring HbA1c down.',
    },
  },
  glucose: {
    code: 'glucose',
    name: 'Fasting Glucose',
    unit: 'mg/dL',
    ...METABOLIC,
    ranges: [
      r('low', null, 70),
      r('optimal', 70, 90),
      r('normal', 90, 100),
      r('borderline', 100, 126),
      r('high', 126, null),
    ],
    legend: {
      description: 'Blood sugar after an overnight fast.',
      suggestion: 'Consistent sleep, strength training and balanced meals keep fasting glucose steady.',
    },
  },
  insulin: {
    code: 'insulin',
    name: 'Fasting Insulin',
    unit: 'uIU/mL',
    ...METABOLIC,
    ranges: [r('low', null, 2), r('optimal', 2, 8), r('borderline', 8, 15), r('high', 15, null)],
    legend: {
      description: 'An early signal of insulin resistance, often rising years before glucose does.',
      suggestion: 'Regular exercise, especially resistance training, improves insulin sensitivity.',
    },
  },
  uric_acid: {
    code: 'uric_acid',
    name: 'Uric Acid',
    unit: 'mg/dL',
    ...METABOLIC,
    ranges: [r('low', null, 2.5), r('optimal', 2.5, 5.5), r('borderline', 5.5, 7), r('high', 7, null)],
    legend: {
      description: 'A waste product linked to gout, blood pressure and metabolic health.',
      suggestion: 'Limit fructose-sweetened drinks and alcohol, and stay well hydrated.',
    },
  },
  hs_crp: {
    code: 'hs_crp',
    name: 'hs-CRP',
    unit: 'mg/L',
    ...INFLAMMATION,
    ranges: [r('optimal', null, 1), r('borderline', 1, 3), r('high', 3, null)],
    legend: {
      description: 'High-sensitivity C-reactive protein measures low-grade inflammation throughout the body.',
      suggestion:
        'Sleep, exercise and a diet rich in vegetables lower chronic inflammation. A recent cold can raise it.',
    },
  },
  homocysteine: {
    code: 'homocysteine',
    name: 'Homocysteine',
    unit: 'umol/L',
    ...INFLAMMATION,
    ranges: [r('optimal', null, 9), r('borderline', 9, 15), r('high', 15, null)],
    legend: {
      description: 'An amino acid that, when high, is linked to vascular and cognitive risk.',
      suggestion: 'Folate, B6 and B12 from leafy greens and legumes help keep homocysteine low.',
    },
  },
  vitamin_d: {
    code: 'vitamin_d',
    name: 'Vitamin D, 25-Hydroxy',
    unit: 'ng/mL',
    ...NUTRIENTS,
    ranges: [r('low', null, 30), r('normal', 30, 40), r('optimal', 40, 70), r('high', 70, null)],
    legend: {
      description: 'Supports bones, muscles and immune function.',
      suggestion: 'Sensible sun exposure or a vitamin D3 supplement, as advised by your physician.',
    },
  },
  ferritin: {
    code: 'ferritin',
    name: 'Ferritin',
    unit: 'ng/mL',
    ...NUTRIENTS,
    ranges: [r('low', null, 30), r('optimal', 30, 150), r('normal', 150, 300), r('high', 300, null)],
    legend: {
      description: "Your body's iron stores. Both too little and too much iron cause problems.",
      suggestion:
        'Your physician will interpret ferritin together with your other iron and inflammation markers.',
    },
  },
  omega3_index: {
    code: 'omega3_index',
    name: 'Omega-3 Index',
    unit: '%',
    ...NUTRIENTS,
    ranges: [r('low', null, 4), r('borderline', 4, 8), r('optimal', 8, null)],
    legend: {
      description: 'The share of EPA and DHA in your red blood cell membranes.',
      suggestion: 'Two servings of oily fish a week, or an omega-3 supplement, raise the index.',
    },
  },
  alt: {
    code: 'alt',
    name: 'ALT',
    unit: 'U/L',
    ...ORGANS,
    ranges: [r('optimal', null, 25), r('normal', 25, 40), r('high', 40, null)],
    legend: {
      description: 'A liver enzyme; higher values can signal liver stress, including fatty liver.',
      suggestion: 'Limiting alcohol and added sugar supports liver health.',
    },
  },
  egfr: {
    code: 'egfr',
    name: 'eGFR',
    unit: 'mL/min/1.73m2',
    ...ORGANS,
    ranges: [r('low', null, 60), r('borderline', 60, 90), r('optimal', 90, null)],
    legend: {
      description: 'Estimated glomerular filtration rate: how well your kidneys filter the blood.',
      suggestion: 'Stay hydrated and keep blood pressure and blood sugar in range to protect the kidneys.',
    },
  },
  cystatin_c: {
    code: 'cystatin_c',
    name: 'Cystatin C',
    unit: 'mg/L',
    ...ORGANS,
    ranges: [r('optimal', null, 0.9), r('borderline', 0.9, 1.1), r('high', 1.1, null)],
    legend: {
      description: 'A kidney marker less affected by muscle mass than creatinine.',
      suggestion: 'Your physician reads it together with eGFR.',
    },
  },
  tsh: {
    code: 'tsh',
    name: 'TSH',
    unit: 'mIU/L',
    ...HORMONES,
    ranges: [r('low', null, 0.4), r('optimal', 0.4, 2.5), r('normal', 2.5, 4.5), r('high', 4.5, null)],
    legend: {
      description: 'Thyroid-stimulating hormone, the main screening test of thyroid function.',
      suggestion: 'Values outside the range are usually rechecked with free T4 before any treatment.',
    },
  },
  igf1: {
    code: 'igf1',
    name: 'IGF-1',
    unit: 'ng/mL',
    ...HORMONES,
    ranges: [r('low', null, 100), r('optimal', 100, 200), r('normal', 200, 300), r('high', 300, null)],
    legend: {
      description: 'Insulin-like growth factor 1, a growth signal studied in ageing research.',
      suggestion: 'Protein intake and sleep influence IGF-1; your physician will put it in context.',
    },
  },
  testosterone_total: {
    code: 'testosterone_total',
    name: 'Total Testosterone',
    unit: 'ng/dL',
    ...HORMONES,
    ranges: [r('low', null, 300), r('normal', 300, 500), r('optimal', 500, 900), r('high', 900, null)],
    legend: {
      description:
        'The main male sex hormone, also present in women at lower levels. Ranges shown are for men.',
      suggestion: 'Sleep, strength training and a healthy weight support healthy levels.',
    },
  },
  wbc: {
    code: 'wbc',
    name: 'White Blood Cells',
    unit: 'x10^3/uL',
    ...BLOOD,
    ranges: [r('low', null, 3.5), r('optimal', 3.5, 7), r('normal', 7, 10.5), r('high', 10.5, null)],
    legend: {
      description: 'The immune cells in your blood; watched closely while taking rapamycin.',
      suggestion: 'A low count is rechecked; your physician may adjust your protocol.',
    },
  },
};

const pick = (codes: string[]): LabMarkerDefinition[] => codes.map((c) => MARKERS[c]!);

export const ESSENTIALS_MARKERS = pick([
  'apob',
  'ldl_c',
  'hdl_c',
  'triglycerides',
  'hba1c',
  'glucose',
  'insulin',
  'hs_crp',
  'vitamin_d',
  'alt',
  'egfr',
  'tsh',
]);

export const COMPREHENSIVE_MARKERS = pick([
  ...ESSENTIALS_MARKERS.map((m) => m.code),
  'lpa',
  'uric_acid',
  'homocysteine',
  'ferritin',
  'omega3_index',
  'cystatin_c',
  'igf1',
  'testosterone_total',
  'wbc',
]);

export const PREPARATION_GUIDELINES = [
  'Fast for 12 hours before your blood draw: water only.',
  'Avoid strenuous exercise for 12 hours before the draw.',
  'Drink plenty of water so the draw is easier.',
  'Bring a photo ID and your lab requisition form.',
  'Keep taking your usual medications unless your physician tells you otherwise.',
];
