/**
 * The biomarker catalogue (issue 14): a longevity panel coded as the field codes it, so results can be read
 * by other systems and converted without guessing.
 *
 * Each biomarker lists the UCUM units it is accepted in, each with its LOINC code. LOINC codes the property
 * measured, not the unit's spelling: mg/dL and g/L of apolipoprotein B are one mass concentration and share
 * 1884-6, while glucose in mg/dL (mass, 2345-7) and in mmol/L (moles, 14749-6) are two codes. The unit
 * therefore decides the code. Lipoprotein(a) in mg/dL (10835-7) and in nmol/L (43583-4) are two different
 * measurements with no fixed factor between them (the particle's mass varies from person to person): they
 * are never converted, and each keeps its own code and its own ranges.
 *
 * Each biomarker carries the laboratory's reference range and the clinic's optimal band (sensible adult
 * values, sex-specific where they differ), in one of its units; ranges.ts judges values against them.
 * Bounds are inclusive: a lab's "below 200" in whole mg/dL is written 199, "below 5.7 %" is 5.6.
 */
import { z } from 'zod';
import type { Sex } from '../validation/profile';
import { type Band, type Classification, classify, type RangeLayers } from './ranges';

/** The UCUM codes of every unit the catalogue accepts. */
export const UCUM_UNITS = [
  'mg/dL',
  'mmol/L',
  'g/L',
  'nmol/L',
  'u[IU]/mL',
  'm[IU]/L',
  '%',
  'umol/L',
  'mg/L',
  'U/L',
  'g/dL',
  'mL/min/{1.73_m2}',
  'ng/dL',
  'pmol/L',
  'pg/mL',
  'ng/mL',
  'ug/L',
  '10*3/uL',
  '10*9/L',
  'fL',
] as const;

/** A unit of the catalogue, as its UCUM code. */
export type UcumUnit = (typeof UCUM_UNITS)[number];

/** How each unit is written for a patient (UCUM codes are for machines: u[IU]/mL is µIU/mL). */
export const UNIT_LABELS = {
  'mg/dL': 'mg/dL',
  'mmol/L': 'mmol/L',
  'g/L': 'g/L',
  'nmol/L': 'nmol/L',
  'u[IU]/mL': 'µIU/mL',
  'm[IU]/L': 'mIU/L',
  '%': '%',
  'umol/L': 'µmol/L',
  'mg/L': 'mg/L',
  'U/L': 'U/L',
  'g/dL': 'g/dL',
  'mL/min/{1.73_m2}': 'mL/min/1.73m²',
  'ng/dL': 'ng/dL',
  'pmol/L': 'pmol/L',
  'pg/mL': 'pg/mL',
  'ng/mL': 'ng/mL',
  'ug/L': 'µg/L',
  '10*3/uL': '10³/µL',
  '10*9/L': '10⁹/L',
  fL: 'fL',
} as const satisfies Record<UcumUnit, string>;

/** Spellings laboratories use for the catalogue's units, after `normalizeUnitText`. */
const UNIT_ALIASES: Readonly<Record<string, UcumUnit>> = {
  'uiu/ml': 'u[IU]/mL',
  'uu/ml': 'u[IU]/mL',
  'miu/l': 'm[IU]/L',
  'mu/l': 'm[IU]/L',
  'iu/l': 'U/L',
  'mcmol/l': 'umol/L',
  'mcg/l': 'ug/L',
  'k/ul': '10*3/uL',
  'x10e3/ul': '10*3/uL',
  '10e3/ul': '10*3/uL',
  '10^3/ul': '10*3/uL',
  '10³/ul': '10*3/uL',
  'thousand/ul': '10*3/uL',
  'x10e9/l': '10*9/L',
  '10e9/l': '10*9/L',
  '10^9/l': '10*9/L',
  '10⁹/l': '10*9/L',
  'ml/min/1.73m2': 'mL/min/{1.73_m2}',
  'ml/min/1.73m²': 'mL/min/{1.73_m2}',
  ...Object.fromEntries(UCUM_UNITS.map((unit) => [normalizeUnitText(unit), unit])),
};

function normalizeUnitText(text: string): string {
  return text.replace(/[µμ]/g, 'u').replace(/\s+/g, '').toLowerCase();
}

/**
 * The UCUM unit a laboratory's unit text means ('µmol/L', 'uIU/mL', 'K/uL', 'mL/min/1.73 m2'), null when the
 * catalogue does not know it. Case and spaces do not matter; the micro sign and the Greek mu both read as u.
 */
export function parseUnit(text: string): UcumUnit | null {
  return UNIT_ALIASES[normalizeUnitText(text)] ?? null;
}

/** The categories of the panel, in the order the analysis page lists them. */
export const BIOMARKER_CATEGORIES = [
  'Heart',
  'Metabolic',
  'Inflammation',
  'Liver',
  'Kidney',
  'Thyroid',
  'Hormones',
  'Nutrients',
  'Blood',
] as const;

/** A category of biomarkers (the analysis page's category filter). */
export type BiomarkerCategory = (typeof BIOMARKER_CATEGORIES)[number];

/** The slug of a category in the labs app's path (/labs/{panelId}/categories/{slug}): 'Heart' → 'heart'. */
export function categorySlug(category: string): string {
  return category
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A unit a biomarker is accepted in. */
export interface BiomarkerUnit {
  unit: UcumUnit;
  /** The LOINC code of a result in this unit. */
  loinc: string;
  /** Other LOINC codes of the same measurement in this unit (another method, a fasting sample). */
  otherLoinc?: readonly string[];
  /**
   * Multiplying a value in this unit by this factor gives it in the biomarker's first unit; null when there
   * is no fixed factor (never converted).
   */
  toFirst: number | null;
}

/** The two layers of a biomarker in one of its units, for one sex or for both. */
export interface BiomarkerRanges extends RangeLayers {
  unit: UcumUnit;
  /** Missing: the same for both sexes. */
  sex?: Sex;
}

/** What the catalogue says of a biomarker. */
interface BiomarkerDefinition {
  name: string;
  category: BiomarkerCategory;
  /** The first is the unit the catalogue reports in. */
  units: readonly [BiomarkerUnit, ...BiomarkerUnit[]];
  ranges: readonly BiomarkerRanges[];
}

/** A biomarker of the catalogue. */
export interface Biomarker extends BiomarkerDefinition {
  key: BiomarkerKey;
}

const unit = (
  u: UcumUnit,
  loinc: string,
  toFirst: number | null = 1,
  otherLoinc?: string[],
): BiomarkerUnit => (otherLoinc ? { unit: u, loinc, toFirst, otherLoinc } : { unit: u, loinc, toFirst });

const layers = (u: UcumUnit, reference: Band, optimal: Band | null): BiomarkerRanges[] => [
  { unit: u, reference, optimal },
];

const bySex = (
  u: UcumUnit,
  male: [reference: Band, optimal: Band | null],
  female: [reference: Band, optimal: Band | null],
): BiomarkerRanges[] => [
  { unit: u, sex: 'male', reference: male[0], optimal: male[1] },
  { unit: u, sex: 'female', reference: female[0], optimal: female[1] },
];

// Every code below is a LOINC code (loinc.org); conversion factors are the laboratories' usual ones.
const DEFINITIONS = {
  // ── Heart ────────────────────────────────────────────────────────────────────────────────
  total_cholesterol: {
    name: 'Total Cholesterol',
    category: 'Heart',
    units: [unit('mg/dL', '2093-3'), unit('mmol/L', '14647-2', 38.67)],
    ranges: layers('mg/dL', { max: 199 }, { max: 180 }),
  },
  ldl_c: {
    name: 'LDL Cholesterol',
    category: 'Heart',
    // 13457-7 is calculated, 2089-1 and 18262-6 measured; the molar code names no method.
    units: [unit('mg/dL', '13457-7', 1, ['2089-1', '18262-6']), unit('mmol/L', '22748-8', 38.67)],
    ranges: layers('mg/dL', { max: 99 }, { max: 70 }),
  },
  hdl_c: {
    name: 'HDL Cholesterol',
    category: 'Heart',
    units: [unit('mg/dL', '2085-9'), unit('mmol/L', '14646-4', 38.67)],
    ranges: bySex('mg/dL', [{ min: 40 }, { min: 50 }], [{ min: 50 }, { min: 60 }]),
  },
  triglycerides: {
    name: 'Triglycerides',
    category: 'Heart',
    units: [unit('mg/dL', '2571-8'), unit('mmol/L', '14927-8', 88.57)],
    ranges: layers('mg/dL', { max: 149 }, { max: 100 }),
  },
  apob: {
    name: 'Apolipoprotein B',
    category: 'Heart',
    units: [unit('mg/dL', '1884-6'), unit('g/L', '1884-6', 100)],
    ranges: layers('mg/dL', { max: 89 }, { max: 80 }),
  },
  lpa: {
    name: 'Lipoprotein(a)',
    category: 'Heart',
    units: [unit('mg/dL', '10835-7'), unit('nmol/L', '43583-4', null)],
    ranges: [...layers('mg/dL', { max: 29 }, { max: 14 }), ...layers('nmol/L', { max: 74 }, { max: 29 })],
  },
  // ── Metabolic ────────────────────────────────────────────────────────────────────────────
  glucose: {
    name: 'Glucose',
    category: 'Metabolic',
    // Serum or plasma; 1558-6 is the same on a fasting sample.
    units: [unit('mg/dL', '2345-7', 1, ['1558-6']), unit('mmol/L', '14749-6', 18.016)],
    ranges: layers('mg/dL', { min: 65, max: 99 }, { min: 72, max: 90 }),
  },
  insulin: {
    name: 'Insulin',
    category: 'Metabolic',
    units: [unit('u[IU]/mL', '20448-7'), unit('m[IU]/L', '20448-7')],
    ranges: layers('u[IU]/mL', { min: 2.6, max: 24.9 }, { max: 8 }),
  },
  hba1c: {
    name: 'Hemoglobin A1c',
    category: 'Metabolic',
    units: [unit('%', '4548-4')],
    ranges: layers('%', { min: 4, max: 5.6 }, { min: 4.6, max: 5.3 }),
  },
  uric_acid: {
    name: 'Uric Acid',
    category: 'Metabolic',
    units: [unit('mg/dL', '3084-1'), unit('umol/L', '14933-6', 1 / 59.48)],
    ranges: bySex('mg/dL', [{ min: 4, max: 8 }, { max: 5.5 }], [{ min: 2.5, max: 7 }, { max: 5 }]),
  },
  // ── Inflammation ─────────────────────────────────────────────────────────────────────────
  hs_crp: {
    name: 'hs-CRP',
    category: 'Inflammation',
    // 30522-7 by the high-sensitivity method; 1988-5 is C-reactive protein by the standard one.
    units: [unit('mg/L', '30522-7', 1, ['1988-5']), unit('mg/dL', '30522-7', 10, ['1988-5'])],
    ranges: layers('mg/L', { min: 0, max: 3 }, { max: 1 }),
  },
  homocysteine: {
    name: 'Homocysteine',
    category: 'Inflammation',
    units: [unit('umol/L', '13965-9')],
    ranges: layers('umol/L', { min: 0, max: 15 }, { max: 9 }),
  },
  // ── Liver ────────────────────────────────────────────────────────────────────────────────
  alt: {
    name: 'ALT',
    category: 'Liver',
    units: [unit('U/L', '1742-6')],
    ranges: bySex('U/L', [{ min: 9, max: 46 }, { max: 30 }], [{ min: 6, max: 29 }, { max: 22 }]),
  },
  ast: {
    name: 'AST',
    category: 'Liver',
    units: [unit('U/L', '1920-8')],
    ranges: bySex('U/L', [{ min: 10, max: 40 }, { max: 25 }], [{ min: 10, max: 30 }, { max: 25 }]),
  },
  ggt: {
    name: 'GGT',
    category: 'Liver',
    units: [unit('U/L', '2324-2')],
    ranges: bySex('U/L', [{ min: 3, max: 70 }, { max: 25 }], [{ min: 3, max: 50 }, { max: 20 }]),
  },
  alp: {
    name: 'Alkaline Phosphatase',
    category: 'Liver',
    units: [unit('U/L', '6768-6')],
    ranges: layers('U/L', { min: 36, max: 130 }, { min: 40, max: 100 }),
  },
  albumin: {
    name: 'Albumin',
    category: 'Liver',
    units: [unit('g/dL', '1751-7'), unit('g/L', '1751-7', 0.1)],
    ranges: layers('g/dL', { min: 3.6, max: 5.1 }, { min: 4.2, max: 5 }),
  },
  // ── Kidney ───────────────────────────────────────────────────────────────────────────────
  creatinine: {
    name: 'Creatinine',
    category: 'Kidney',
    units: [unit('mg/dL', '2160-0'), unit('umol/L', '14682-9', 1 / 88.4)],
    ranges: bySex(
      'mg/dL',
      [
        { min: 0.7, max: 1.3 },
        { min: 0.8, max: 1.1 },
      ],
      [
        { min: 0.5, max: 1.1 },
        { min: 0.6, max: 0.9 },
      ],
    ),
  },
  egfr: {
    name: 'eGFR',
    category: 'Kidney',
    // By the race-free CKD-EPI 2021 creatinine equation.
    units: [unit('mL/min/{1.73_m2}', '98979-8')],
    ranges: layers('mL/min/{1.73_m2}', { min: 60 }, { min: 90 }),
  },
  cystatin_c: {
    name: 'Cystatin C',
    category: 'Kidney',
    units: [unit('mg/L', '33863-2')],
    ranges: layers('mg/L', { min: 0.52, max: 1.03 }, { max: 0.85 }),
  },
  bun: {
    name: 'Urea Nitrogen (BUN)',
    category: 'Kidney',
    units: [unit('mg/dL', '3094-0'), unit('mmol/L', '14937-7', 2.8)],
    ranges: layers('mg/dL', { min: 7, max: 25 }, { min: 10, max: 20 }),
  },
  // ── Thyroid ──────────────────────────────────────────────────────────────────────────────
  tsh: {
    name: 'TSH',
    category: 'Thyroid',
    units: [unit('m[IU]/L', '3016-3'), unit('u[IU]/mL', '3016-3')],
    ranges: layers('m[IU]/L', { min: 0.4, max: 4.5 }, { min: 0.5, max: 2.5 }),
  },
  free_t4: {
    name: 'Free T4',
    category: 'Thyroid',
    units: [unit('ng/dL', '3024-7'), unit('pmol/L', '14920-3', 1 / 12.87)],
    ranges: layers('ng/dL', { min: 0.8, max: 1.8 }, { min: 1, max: 1.5 }),
  },
  // ── Hormones ─────────────────────────────────────────────────────────────────────────────
  testosterone: {
    name: 'Total Testosterone',
    category: 'Hormones',
    units: [unit('ng/dL', '2986-8'), unit('nmol/L', '14913-8', 28.84)],
    ranges: bySex(
      'ng/dL',
      [
        { min: 264, max: 916 },
        { min: 500, max: 900 },
      ],
      [
        { min: 2, max: 45 },
        { min: 15, max: 40 },
      ],
    ),
  },
  estradiol: {
    name: 'Estradiol',
    category: 'Hormones',
    units: [unit('pg/mL', '2243-4'), unit('pmol/L', '14715-7', 1 / 3.671)],
    // A woman's range depends on the phase of her cycle, which the catalogue does not know: no range
    // (a single unbounded normal) rather than a wrong one; the report's own ranges decide.
    ranges: bySex('pg/mL', [{ max: 39 }, { min: 20, max: 35 }], [{}, null]),
  },
  shbg: {
    name: 'SHBG',
    category: 'Hormones',
    units: [unit('nmol/L', '13967-5')],
    ranges: bySex(
      'nmol/L',
      [
        { min: 10, max: 50 },
        { min: 20, max: 50 },
      ],
      [
        { min: 17, max: 124 },
        { min: 40, max: 100 },
      ],
    ),
  },
  // ── Nutrients ────────────────────────────────────────────────────────────────────────────
  vitamin_d: {
    name: 'Vitamin D, 25-Hydroxy',
    category: 'Nutrients',
    units: [unit('ng/mL', '1989-3'), unit('nmol/L', '62292-8', 1 / 2.496)],
    ranges: layers('ng/mL', { min: 30, max: 100 }, { min: 40, max: 60 }),
  },
  ferritin: {
    name: 'Ferritin',
    category: 'Nutrients',
    units: [unit('ng/mL', '2276-4'), unit('ug/L', '2276-4')],
    ranges: bySex(
      'ng/mL',
      [
        { min: 38, max: 380 },
        { min: 50, max: 150 },
      ],
      [
        { min: 16, max: 232 },
        { min: 40, max: 120 },
      ],
    ),
  },
  vitamin_b12: {
    name: 'Vitamin B12',
    category: 'Nutrients',
    units: [unit('pg/mL', '2132-9'), unit('pmol/L', '14685-2', 1.355)],
    ranges: layers('pg/mL', { min: 200, max: 1100 }, { min: 500, max: 1000 }),
  },
  // ── Blood (the complete blood count markers PhenoAge needs, and more) ────────────────────
  wbc: {
    name: 'White Blood Cells',
    category: 'Blood',
    units: [unit('10*3/uL', '6690-2'), unit('10*9/L', '6690-2')],
    ranges: layers('10*3/uL', { min: 3.8, max: 10.8 }, { min: 4, max: 7 }),
  },
  lymphocytes_pct: {
    name: 'Lymphocytes',
    category: 'Blood',
    units: [unit('%', '736-9')],
    ranges: layers('%', { min: 20, max: 40 }, { min: 25, max: 38 }),
  },
  mcv: {
    name: 'MCV',
    category: 'Blood',
    units: [unit('fL', '787-2')],
    ranges: layers('fL', { min: 80, max: 100 }, { min: 82, max: 92 }),
  },
  rdw: {
    name: 'RDW',
    category: 'Blood',
    units: [unit('%', '788-0')],
    ranges: layers('%', { min: 11, max: 15 }, { max: 13 }),
  },
  hemoglobin: {
    name: 'Hemoglobin',
    category: 'Blood',
    units: [unit('g/dL', '718-7'), unit('g/L', '718-7', 0.1)],
    ranges: bySex(
      'g/dL',
      [
        { min: 13.2, max: 17.1 },
        { min: 14, max: 16 },
      ],
      [
        { min: 11.7, max: 15.5 },
        { min: 12.5, max: 14.5 },
      ],
    ),
  },
  platelets: {
    name: 'Platelets',
    category: 'Blood',
    units: [unit('10*3/uL', '777-3'), unit('10*9/L', '777-3')],
    ranges: layers('10*3/uL', { min: 140, max: 400 }, { min: 150, max: 350 }),
  },
} satisfies Record<string, BiomarkerDefinition>;

/** The key of a biomarker of the catalogue. */
export type BiomarkerKey = keyof typeof DEFINITIONS;

/** Every biomarker's key, in catalogue order. */
export const BIOMARKER_KEYS = Object.keys(DEFINITIONS) as [BiomarkerKey, ...BiomarkerKey[]];

/** The catalogue, in order: by category, as the analysis page lists them. */
export const BIOMARKERS: readonly Biomarker[] = BIOMARKER_KEYS.map((key) => ({ key, ...DEFINITIONS[key] }));

const BY_KEY = new Map<string, Biomarker>(BIOMARKERS.map((b) => [b.key, b]));
const BY_LOINC = new Map<string, Biomarker>(
  BIOMARKERS.flatMap((b) =>
    b.units.flatMap((u) => [u.loinc, ...(u.otherLoinc ?? [])].map((c) => [c, b] as const)),
  ),
);

/** The biomarker of a key. */
export function biomarker(key: BiomarkerKey): Biomarker {
  const found = BY_KEY.get(key);
  if (!found) throw new Error(`Unknown biomarker ${key}`);
  return found;
}

/** The biomarker a result names, by the catalogue's key or by any of its LOINC codes; null when unknown. */
export function findBiomarker(keyOrLoinc: string): Biomarker | null {
  const code = keyOrLoinc.trim();
  return BY_KEY.get(code) ?? BY_LOINC.get(code) ?? null;
}

/** The units a biomarker is accepted in, its reporting unit first. */
export function allowedUnits(key: BiomarkerKey): UcumUnit[] {
  return biomarker(key).units.map((u) => u.unit);
}

function unitOf(key: BiomarkerKey, u: UcumUnit): BiomarkerUnit | undefined {
  return biomarker(key).units.find((entry) => entry.unit === u);
}

/**
 * The LOINC code of a biomarker's result in a unit: the unit decides the code (Lp(a) in mg/dL is 10835-7, in
 * nmol/L 43583-4). Null when the biomarker is not accepted in that unit.
 */
export function loincFor(key: BiomarkerKey, u: UcumUnit): string | null {
  return unitOf(key, u)?.loinc ?? null;
}

/** Every LOINC code a result of a biomarker in a unit may carry: the unit's code and its other codes. */
export function loincCodesFor(key: BiomarkerKey, u: UcumUnit): string[] {
  const entry = unitOf(key, u);
  return entry ? [entry.loinc, ...(entry.otherLoinc ?? [])] : [];
}

/**
 * A biomarker's value converted between two of its units. Null when it cannot be: a unit the biomarker is
 * not accepted in, or two units with no fixed factor between them (Lp(a) mg/dL and nmol/L).
 */
export function convert(key: BiomarkerKey, value: number, from: UcumUnit, to: UcumUnit): number | null {
  const source = unitOf(key, from);
  const target = unitOf(key, to);
  if (!source || !target) return null;
  if (from === to) return value;
  if (source.toFirst === null || target.toFirst === null) return null;
  return (value * source.toFirst) / target.toFirst;
}

const convertBand = (key: BiomarkerKey, band: Band, from: UcumUnit, to: UcumUnit): Band => {
  const at = (n: number | undefined) =>
    n === undefined ? undefined : (convert(key, n, from, to) ?? undefined);
  const converted: Band = {};
  const min = at(band.min);
  const max = at(band.max);
  if (min !== undefined) converted.min = min;
  if (max !== undefined) converted.max = max;
  return converted;
};

/**
 * A biomarker's two layers in a unit, for a patient's sex: the layers written in that unit, else the ones in
 * a unit it converts from. Null when there are none to judge by: a unit with no fixed factor to the written
 * ones, or sex-specific layers and an unknown sex (never the other sex's layers as a guess).
 */
export function rangesFor(key: BiomarkerKey, u: UcumUnit, sex: Sex | null): RangeLayers | null {
  const candidates = biomarker(key).ranges.filter((r) => r.sex === undefined || r.sex === sex);
  const same = candidates.find((r) => r.unit === u);
  if (same) return { reference: same.reference, optimal: same.optimal };
  for (const r of candidates) {
    if (convert(key, 1, r.unit, u) === null) continue;
    return {
      reference: convertBand(key, r.reference, r.unit, u),
      optimal: r.optimal && convertBand(key, r.optimal, r.unit, u),
    };
  }
  return null;
}

/** A result's classification against the catalogue's layers (ranges.ts `classify`); null for no range. */
export function classifyResult(
  key: BiomarkerKey,
  value: number,
  u: UcumUnit,
  sex: Sex | null,
): Classification | null {
  const found = rangesFor(key, u, sex);
  return found ? classify(value, found) : null;
}

/**
 * A result entry: a biomarker of the catalogue, a number (negative values exist: a calculated LDL can be
 * below 0), a unit the biomarker is accepted in and, when given, a LOINC code that is the one of that unit.
 */
export const biomarkerResultSchema = z
  .object({
    biomarker: z.enum(BIOMARKER_KEYS),
    value: z.number(),
    unit: z.enum(UCUM_UNITS),
    loinc: z.string().trim().optional(),
  })
  .superRefine((result, ctx) => {
    const { name } = biomarker(result.biomarker);
    const allowed = allowedUnits(result.biomarker);
    if (!allowed.includes(result.unit)) {
      ctx.addIssue({
        code: 'custom',
        path: ['unit'],
        message: `${name} is reported in ${allowed.map((u) => UNIT_LABELS[u]).join(' or ')}, not in ${UNIT_LABELS[result.unit]}.`,
      });
      return;
    }
    if (result.loinc !== undefined && !loincCodesFor(result.biomarker, result.unit).includes(result.loinc)) {
      ctx.addIssue({
        code: 'custom',
        path: ['loinc'],
        message: `The LOINC code of ${name} in ${UNIT_LABELS[result.unit]} is ${loincFor(result.biomarker, result.unit)}, not ${result.loinc}.`,
      });
    }
  });

/** A validated result entry. */
export type BiomarkerResult = z.infer<typeof biomarkerResultSchema>;

/** A patient's result as it arrives: named by LOINC code or by the catalogue's key, with the unit's text. */
export interface NamedResult {
  code: string;
  value: number;
  unit: string;
}

/** A named result read against the catalogue. */
export type ResolvedResult =
  | { ok: true; biomarker: Biomarker; value: number; unit: UcumUnit; loinc: string }
  | { ok: false; reason: 'unknown_biomarker' }
  | { ok: false; reason: 'unknown_unit' | 'not_a_number'; biomarker: Biomarker };

/**
 * Reads a named result: which biomarker (by key or LOINC), which of its units (the unit given decides, and
 * with it the code), and a finite value. A unit the biomarker is not accepted in is 'unknown_unit'.
 */
export function resolveResult(result: NamedResult): ResolvedResult {
  const found = findBiomarker(result.code);
  if (!found) return { ok: false, reason: 'unknown_biomarker' };
  const parsed = parseUnit(result.unit);
  const entry = parsed ? found.units.find((u) => u.unit === parsed) : undefined;
  if (!entry) return { ok: false, reason: 'unknown_unit', biomarker: found };
  if (!Number.isFinite(result.value)) return { ok: false, reason: 'not_a_number', biomarker: found };
  return { ok: true, biomarker: found, value: result.value, unit: entry.unit, loinc: entry.loinc };
}
