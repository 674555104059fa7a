import { ageOn } from '@portal/domain/format/date';
import { biologicalAge } from '@portal/domain/labs/biological-age';
import { type BiomarkerKey, biomarker, categorySlug, rangesFor } from '@portal/domain/labs/biomarkers';
import { layeredRanges } from '@portal/domain/labs/ranges';
import type { Sex } from '@portal/domain/validation/profile';
import type { LabLegend, LabMarkerDefinition, LabRange } from '../schema/labs';

/**
 * What the seeded panels tell a patient about each biomarker: "About this biomarker" and "Our Suggestion"
 * (002 §2.4). Names, units, categories and ranges come from the domain catalogue (labs/biomarkers.ts).
 */
const LEGENDS: Record<BiomarkerKey, LabLegend> = {
  total_cholesterol: {
    description: 'All the cholesterol in your blood, carried by LDL, HDL and other lipoproteins.',
    suggestion: 'Read it together with ApoB and LDL, which say more about cardiovascular risk.',
  },
  ldl_c: {
    description:
      'The cholesterol carried in low-density lipoproteins, the main driver of plaque in the arteries.',
    suggestion:
      'Replace saturated fats with unsaturated ones and add soluble fibre such as oats and legumes.',
  },
  hdl_c: {
    description: 'High-density lipoproteins carry cholesterol away from tissues to the liver.',
    suggestion: 'Aerobic exercise and not smoking raise HDL.',
  },
  triglycerides: {
    description: 'Fats in the blood that rise with refined carbohydrates, alcohol and insulin resistance.',
    suggestion: 'Cut back on sugar and alcohol and add omega-3 rich fish.',
  },
  apob: {
    description:
      'ApoB counts the particles that carry cholesterol into artery walls. It predicts cardiovascular risk better than LDL cholesterol alone.',
    suggestion:
      'Fibre-rich foods, fewer saturated fats and regular exercise lower ApoB; your physician may discuss medication if it stays high.',
  },
  lpa: {
    description:
      'A largely inherited lipoprotein that adds to cardiovascular risk. It usually needs measuring only once.',
    suggestion: 'If elevated, focus on lowering ApoB and discuss family screening with your physician.',
  },
  glucose: {
    description: 'Blood sugar after an overnight fast.',
    suggestion: 'Consistent sleep, strength training and balanced meals keep fasting glucose steady.',
  },
  insulin: {
    description: 'An early signal of insulin resistance, often rising years before glucose does.',
    suggestion: 'Regular exercise, especially resistance training, improves insulin sensitivity.',
  },
  hba1c: {
    description: 'Your average blood sugar over the last two to three months.',
    suggestion: 'A walk after meals and fewer refined carbohydrates bring HbA1c down.',
  },
  uric_acid: {
    description: 'A waste product linked to gout, blood pressure and metabolic health.',
    suggestion: 'Limit fructose-sweetened drinks and alcohol, and stay well hydrated.',
  },
  hs_crp: {
    description: 'High-sensitivity C-reactive protein measures low-grade inflammation throughout the body.',
    suggestion:
      'Sleep, exercise and a diet rich in vegetables lower chronic inflammation. A recent cold can raise it.',
  },
  homocysteine: {
    description: 'An amino acid that, when high, is linked to vascular and cognitive risk.',
    suggestion: 'Folate, B6 and B12 from leafy greens and legumes help keep homocysteine low.',
  },
  alt: {
    description: 'A liver enzyme; higher values can signal liver stress, including fatty liver.',
    suggestion: 'Limiting alcohol and added sugar supports liver health.',
  },
  ast: {
    description:
      'An enzyme of the liver and muscles; it can rise after hard training as well as with liver stress.',
    suggestion: 'Avoid strenuous exercise for 12 hours before the draw so the result reflects your liver.',
  },
  ggt: {
    description: 'A liver enzyme sensitive to alcohol and to oxidative stress.',
    suggestion: 'Cutting back on alcohol usually lowers GGT within weeks.',
  },
  alp: {
    description: 'An enzyme of the liver and bones.',
    suggestion: 'Your physician reads it together with your other liver markers.',
  },
  albumin: {
    description: 'The main protein of the blood, made by the liver; a marker of nutrition and resilience.',
    suggestion: 'Enough protein in your diet keeps albumin in its healthy range.',
  },
  creatinine: {
    description: 'A waste product of muscle, filtered by the kidneys.',
    suggestion: 'Stay hydrated before the draw; a high-protein meal the day before can raise it slightly.',
  },
  egfr: {
    description: 'Estimated glomerular filtration rate: how well your kidneys filter the blood.',
    suggestion: 'Stay hydrated and keep blood pressure and blood sugar in range to protect the kidneys.',
  },
  cystatin_c: {
    description: 'A kidney marker less affected by muscle mass than creatinine.',
    suggestion: 'Your physician reads it together with eGFR.',
  },
  bun: {
    description: 'Urea nitrogen, a waste product of protein the kidneys clear.',
    suggestion: 'Drink enough water; very high protein intake raises BUN.',
  },
  tsh: {
    description: 'Thyroid-stimulating hormone, the main screening test of thyroid function.',
    suggestion: 'Values outside the range are usually rechecked with free T4 before any treatment.',
  },
  free_t4: {
    description: 'The active, unbound share of the main thyroid hormone.',
    suggestion: 'Read together with TSH.',
  },
  testosterone: {
    description: 'A sex hormone present in both women and men, at different levels.',
    suggestion: 'Sleep, strength training and a healthy weight support healthy levels.',
  },
  estradiol: {
    description: 'The main oestrogen; its level varies with the menstrual cycle and menopause.',
    suggestion: 'Your physician interprets it with your cycle or menopausal status.',
  },
  shbg: {
    description: 'Sex hormone-binding globulin, which carries testosterone and oestrogen in the blood.',
    suggestion: 'Low SHBG often goes with insulin resistance; exercise helps.',
  },
  vitamin_d: {
    description: 'Supports bones, muscles and immune function.',
    suggestion: 'Sensible sun exposure or a vitamin D3 supplement, as advised by your physician.',
  },
  ferritin: {
    description: "Your body's iron stores. Both too little and too much iron cause problems.",
    suggestion:
      'Your physician will interpret ferritin together with your other iron and inflammation markers.',
  },
  vitamin_b12: {
    description: 'Needed for nerves and red blood cells.',
    suggestion: 'Meat, fish, eggs and dairy supply B12; plant-based diets usually need a supplement.',
  },
  wbc: {
    description: 'The immune cells in your blood; watched closely while taking rapamycin.',
    suggestion: 'A low count is rechecked; your physician may adjust your protocol.',
  },
  lymphocytes_pct: {
    description: 'The share of white blood cells that are lymphocytes, the cells of adaptive immunity.',
    suggestion: 'Read with your white cell count; a recent infection can shift it.',
  },
  mcv: {
    description: 'The average size of your red blood cells.',
    suggestion: 'Large cells can point to low B12 or folate, small ones to low iron.',
  },
  rdw: {
    description: 'How much your red blood cells vary in size; a rising RDW is linked to ageing.',
    suggestion: 'Good iron, B12 and folate status keeps RDW low.',
  },
  hemoglobin: {
    description: 'The oxygen-carrying protein of your red blood cells.',
    suggestion: 'Your physician checks iron and B12 if it is low.',
  },
  platelets: {
    description: 'The cells that help your blood clot.',
    suggestion: 'Values slightly outside the range are usually rechecked.',
  },
};

/**
 * A catalogue biomarker as a panel lists it (and as a report's marker copies it): the catalogue's name, its
 * reporting unit (UCUM), its category and slug, and the ranges built from its reference and optimal layers
 * (ranges.ts layeredRanges). Sex-specific layers need the patient's sex: without one the ranges are empty
 * and the API builds them for each patient.
 */
export function markerDefinition(key: BiomarkerKey, sex: Sex | null = null): LabMarkerDefinition {
  const b = biomarker(key);
  const unit = b.units[0].unit;
  const layers = rangesFor(key, unit, sex);
  const ranges: LabRange[] = layers
    ? layeredRanges(layers).map((r) => ({ type: r.type, min: r.min ?? null, max: r.max ?? null }))
    : [];
  return {
    code: key,
    name: b.name,
    unit,
    category: b.category,
    category_slug: categorySlug(b.category),
    ranges,
    legend: LEGENDS[key],
  };
}

export const ESSENTIALS_KEYS = [
  'apob',
  'ldl_c',
  'hdl_c',
  'triglycerides',
  'glucose',
  'insulin',
  'hba1c',
  'hs_crp',
  'alt',
  'egfr',
  'tsh',
  'vitamin_d',
] as const satisfies readonly BiomarkerKey[];

/** Essentials plus advanced markers and everything PhenoAge reads, so a biological age can be estimated. */
export const COMPREHENSIVE_KEYS = [
  'total_cholesterol',
  'ldl_c',
  'hdl_c',
  'triglycerides',
  'apob',
  'lpa',
  'glucose',
  'insulin',
  'hba1c',
  'uric_acid',
  'hs_crp',
  'homocysteine',
  'alt',
  'ast',
  'ggt',
  'alp',
  'albumin',
  'creatinine',
  'egfr',
  'cystatin_c',
  'bun',
  'tsh',
  'testosterone',
  'vitamin_d',
  'ferritin',
  'vitamin_b12',
  'wbc',
  'lymphocytes_pct',
  'mcv',
  'rdw',
  'hemoglobin',
  'platelets',
] as const satisfies readonly BiomarkerKey[];

export const ESSENTIALS_MARKERS = ESSENTIALS_KEYS.map((k) => markerDefinition(k));
export const COMPREHENSIVE_MARKERS = COMPREHENSIVE_KEYS.map((k) => markerDefinition(k));

export const PREPARATION_GUIDELINES = [
  'Fast for 12 hours before your blood draw: water only.',
  'Avoid strenuous exercise for 12 hours before the draw.',
  'Drink plenty of water so the draw is easier.',
  'Bring a photo ID and your lab requisition form.',
  'Keep taking your usual medications unless your physician tells you otherwise.',
];

/**
 * Dana's results, in each biomarker's reporting unit: her first Comprehensive panel (several markers
 * borderline, ApoB, LDL and total cholesterol high, vitamin D low) and the follow-up six months later (most
 * improved; LDL still just above range, Lp(a) inherited and unchanged).
 */
export const DANA_LAB_VALUES: Record<
  'first' | 'followUp',
  Record<(typeof COMPREHENSIVE_KEYS)[number], number>
> = {
  first: {
    total_cholesterol: 212,
    ldl_c: 128,
    hdl_c: 58,
    triglycerides: 118,
    apob: 96,
    lpa: 18,
    glucose: 97,
    insulin: 9.4,
    hba1c: 5.5,
    uric_acid: 4.6,
    hs_crp: 2.4,
    homocysteine: 11.2,
    alt: 24,
    ast: 21,
    ggt: 16,
    alp: 72,
    albumin: 4.3,
    creatinine: 0.82,
    egfr: 92,
    cystatin_c: 0.88,
    bun: 14,
    tsh: 2.8,
    testosterone: 28,
    vitamin_d: 26,
    ferritin: 34,
    vitamin_b12: 480,
    wbc: 5.6,
    lymphocytes_pct: 29,
    mcv: 89,
    rdw: 13.6,
    hemoglobin: 13.4,
    platelets: 248,
  },
  followUp: {
    total_cholesterol: 186,
    ldl_c: 102,
    hdl_c: 64,
    triglycerides: 86,
    apob: 84,
    lpa: 18,
    glucose: 89,
    insulin: 6.2,
    hba1c: 5.3,
    uric_acid: 4.4,
    hs_crp: 0.9,
    homocysteine: 8.4,
    alt: 18,
    ast: 19,
    ggt: 14,
    alp: 68,
    albumin: 4.4,
    creatinine: 0.79,
    egfr: 95,
    cystatin_c: 0.82,
    bun: 15,
    tsh: 2.2,
    testosterone: 31,
    vitamin_d: 44,
    ferritin: 36,
    vitamin_b12: 560,
    wbc: 5.2,
    lymphocytes_pct: 33,
    mcv: 88,
    rdw: 13.1,
    hemoglobin: 13.6,
    platelets: 236,
  },
};

/**
 * The biological age stored with a seeded report (biological-age.ts, the paper's ln CRP), from the whole
 * years of age on the day of the sample, to 1 decimal: what the labs API computes from the same results.
 */
export function bioAgeOf(birthday: string, takenOn: Date, values: Record<string, number>): number | null {
  const day = (iso: string) => {
    const [year, month, date] = iso.slice(0, 10).split('-').map(Number);
    return { year: year!, month: month!, day: date! };
  };
  const result = biologicalAge({
    ageYears: ageOn(day(birthday), day(takenOn.toISOString())),
    results: Object.entries(values).map(([code, value]) => ({
      code,
      value,
      unit: biomarker(code as BiomarkerKey).units[0].unit,
    })),
  });
  return 'value' in result ? Math.round(result.value * 10) / 10 : null;
}
