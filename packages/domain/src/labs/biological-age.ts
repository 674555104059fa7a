/**
 * Biological age (issue 14): Levine's phenotypic age, PhenoAge (Levine et al. 2018, Aging 10(4):573–591),
 * from nine blood markers and the chronological age.
 *
 * The model's CRP term is ln(CRP in mg/dL) in the paper; the BioAge R package's NHANES tables use
 * ln(1 + CRP), which reads 1 to 3 years older for a low CRP. Both are one formula with the CRP term chosen by
 * a parameter: the tests reproduce the package's table with 'ln1p', and the product shows the paper's 'ln'
 * and says so. A missing marker gives no biological age, never a guess.
 */
import { type BiomarkerKey, convert, type NamedResult, resolveResult, type UcumUnit } from './biomarkers';

/** The CRP term: 'ln' is ln(CRP) as Levine's paper writes it, 'ln1p' is ln(1 + CRP) as the BioAge tables. */
export type CrpConvention = 'ln' | 'ln1p';

/** The convention the product shows: the paper's. */
export const PRODUCT_CRP_CONVENTION: CrpConvention = 'ln';

/** How each convention is named where the product says which one it shows. */
export const CRP_CONVENTION_LABELS = {
  ln: 'PhenoAge (Levine 2018), CRP term ln(CRP)',
  ln1p: 'PhenoAge (Levine 2018), CRP term ln(1 + CRP), as the BioAge package',
} as const satisfies Record<CrpConvention, string>;

/** The model's inputs in conventional US units. */
export interface PhenoAgeInput {
  ageYears: number;
  albuminGPerDl: number;
  creatinineMgPerDl: number;
  glucoseMgPerDl: number;
  /** C-reactive protein in mg/dL (hs-CRP is usually reported in mg/L: divide by 10). */
  crpMgPerDl: number;
  lymphocytePct: number;
  mcvFl: number;
  rdwPct: number;
  alpUPerL: number;
  /** White cells in 10³/µL. */
  wbcThousandPerUl: number;
}

export interface PhenoAgeOptions {
  crp: CrpConvention;
}

// Levine 2018, as the BioAge package's original-coefficients branch has them (copies on the web with RDW
// 0.3356 or glucose 0.0195 are wrong). The model reads SI units: albumin g/L, creatinine µmol/L, glucose
// mmol/L, converted with the package's factors so its table is reproduced to the digit.
const XB_INTERCEPT = -19.90667;
const COEFFICIENTS = {
  albuminGPerL: -0.03359355,
  creatinineUmolPerL: 0.009506491,
  glucoseMmolPerL: 0.1953192,
  crpTerm: 0.09536762,
  lymphocytePct: -0.01199984,
  mcvFl: 0.02676401,
  rdwPct: 0.3306156,
  alpUPerL: 0.001868778,
  wbcThousandPerUl: 0.05542406,
  ageYears: 0.08035356,
} as const;
const ALBUMIN_G_PER_L_PER_G_PER_DL = 10;
const CREATININE_UMOL_PER_MG_PER_DL = 88.4017;
const GLUCOSE_MMOL_PER_MG_PER_DL = 0.0555;
const GAMMA = 0.007692696;
const MORTALITY_SCALE = 1.51714;

function checkInput(input: PhenoAgeInput, options: PhenoAgeOptions): void {
  for (const [name, value] of Object.entries(input)) {
    if (!Number.isFinite(value) || value < 0)
      throw new RangeError(`PhenoAge needs ${name} ≥ 0, got ${value}`);
  }
  if (options.crp === 'ln' && input.crpMgPerDl === 0) {
    throw new RangeError('PhenoAge with the ln(CRP) term needs a CRP above 0');
  }
}

/**
 * Phenotypic age in years (Levine 2018). Throws a RangeError for an input that is not a number or is below
 * 0, and for a CRP of 0 under the paper's ln(CRP), whose logarithm does not exist.
 */
export function phenoAge(input: PhenoAgeInput, options: PhenoAgeOptions): number {
  checkInput(input, options);
  const crpTerm = options.crp === 'ln' ? Math.log(input.crpMgPerDl) : Math.log1p(input.crpMgPerDl);
  const xb =
    XB_INTERCEPT +
    COEFFICIENTS.albuminGPerL * input.albuminGPerDl * ALBUMIN_G_PER_L_PER_G_PER_DL +
    COEFFICIENTS.creatinineUmolPerL * input.creatinineMgPerDl * CREATININE_UMOL_PER_MG_PER_DL +
    COEFFICIENTS.glucoseMmolPerL * input.glucoseMgPerDl * GLUCOSE_MMOL_PER_MG_PER_DL +
    COEFFICIENTS.crpTerm * crpTerm +
    COEFFICIENTS.lymphocytePct * input.lymphocytePct +
    COEFFICIENTS.mcvFl * input.mcvFl +
    COEFFICIENTS.rdwPct * input.rdwPct +
    COEFFICIENTS.alpUPerL * input.alpUPerL +
    COEFFICIENTS.wbcThousandPerUl * input.wbcThousandPerUl +
    COEFFICIENTS.ageYears * input.ageYears;
  // M, the 10-year mortality score, is 1 − exp(−1.51714·exp(xb) / γ), and PhenoAge takes ln(1 − M): that
  // is −1.51714·exp(xb) / γ exactly, used as such so a high score cannot round M to 1 and the age to ∞.
  const logSurvival = (-MORTALITY_SCALE * Math.exp(xb)) / GAMMA;
  return 141.50225 + Math.log(-0.0055305 * logSurvival) / 0.090165;
}

/** The biomarkers PhenoAge reads, as the catalogue's keys, in the model's order. */
export const PHENOAGE_MARKERS = [
  'albumin',
  'creatinine',
  'glucose',
  'hs_crp',
  'lymphocytes_pct',
  'mcv',
  'rdw',
  'alp',
  'wbc',
] as const satisfies readonly BiomarkerKey[];

/** A biomarker PhenoAge reads. */
export type PhenoAgeMarker = (typeof PHENOAGE_MARKERS)[number];

/** What PhenoAge needs: its markers and the chronological age. */
export type PhenoAgeRequirement = 'age' | PhenoAgeMarker;

/** The unit the model reads each marker in (PhenoAgeInput's). */
const MODEL_UNITS = {
  albumin: 'g/dL',
  creatinine: 'mg/dL',
  glucose: 'mg/dL',
  hs_crp: 'mg/dL',
  lymphocytes_pct: '%',
  mcv: 'fL',
  rdw: '%',
  alp: 'U/L',
  wbc: '10*3/uL',
} as const satisfies Record<PhenoAgeMarker, UcumUnit>;

/** A marker the biological age was computed from, as reported and as the model read it. */
export interface MarkerUsed {
  marker: PhenoAgeMarker;
  name: string;
  /** The LOINC code of the result's unit. */
  loinc: string;
  value: number;
  unit: UcumUnit;
  modelValue: number;
  modelUnit: UcumUnit;
}

/** Why a result for a marker (or the age) could not be used. */
export type UnusableReason = 'unknown_unit' | 'not_a_number' | 'out_of_range' | 'conflicting_values';

/** The biological age, with what it was computed from. */
export interface BiologicalAgeValue {
  value: number;
  markersUsed: MarkerUsed[];
  convention: CrpConvention;
  /** The date of the results it used, as given. */
  takenOn: string | null;
}

/** No biological age: what is missing (absent or unusable), and why each unusable one was refused. */
export interface BiologicalAgeMissing {
  missing: PhenoAgeRequirement[];
  unusable: { marker: PhenoAgeRequirement; reason: UnusableReason }[];
}

export interface BiologicalAgeRequest {
  /** Chronological age on the day the results were taken; null when unknown. */
  ageYears: number | null;
  /** The patient's results, named by LOINC or by the catalogue's key, in any unit the catalogue knows. */
  results: readonly NamedResult[];
  /** The date of the results, echoed for the product to show. */
  takenOn?: string | null;
  /** The paper's 'ln' by default. */
  convention?: CrpConvention;
}

const isPhenoAgeMarker = (key: string): key is PhenoAgeMarker =>
  (PHENOAGE_MARKERS as readonly string[]).includes(key);

type Reading = MarkerUsed | { marker: PhenoAgeMarker; reason: UnusableReason };

/** One result read as a PhenoAge marker in the model's unit; null for a result of another biomarker. */
function readMarker(result: NamedResult, convention: CrpConvention): Reading | null {
  const resolved = resolveResult(result);
  if (!resolved.ok) {
    if (resolved.reason === 'unknown_biomarker' || !isPhenoAgeMarker(resolved.biomarker.key)) return null;
    return { marker: resolved.biomarker.key, reason: resolved.reason };
  }
  const marker = resolved.biomarker.key;
  if (!isPhenoAgeMarker(marker)) return null;
  const modelUnit = MODEL_UNITS[marker];
  const modelValue = convert(marker, resolved.value, resolved.unit, modelUnit);
  if (modelValue === null) return { marker, reason: 'unknown_unit' };
  if (modelValue < 0 || (marker === 'hs_crp' && convention === 'ln' && modelValue === 0)) {
    return { marker, reason: 'out_of_range' };
  }
  const { name } = resolved.biomarker;
  return {
    marker,
    name,
    loinc: resolved.loinc,
    value: resolved.value,
    unit: resolved.unit,
    modelValue,
    modelUnit,
  };
}

/** Two results of one marker agree when they are the same value in the model's unit. */
const sameValue = (a: number, b: number): boolean =>
  Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/** A marker's results taken together: the one to use, or why none can be (any refused, or disagreeing). */
function settle(readings: readonly Reading[]): Reading | undefined {
  const [first] = readings;
  if (!first || 'reason' in first) return first;
  const refused = readings.find((r) => 'reason' in r);
  if (refused) return refused;
  const disagree = readings.some((r) => 'modelValue' in r && !sameValue(r.modelValue, first.modelValue));
  return disagree ? { marker: first.marker, reason: 'conflicting_values' } : first;
}

function ageReading(ageYears: number | null): number | UnusableReason | null {
  if (ageYears === null) return null;
  if (!Number.isFinite(ageYears)) return 'not_a_number';
  return ageYears < 0 ? 'out_of_range' : ageYears;
}

/**
 * The biological age from a patient's named results. Each PhenoAge marker is found by key or LOINC code,
 * converted from its unit to the model's, and used; results of other biomarkers are ignored. Missing when
 * the age or any marker is absent or unusable: a unit the catalogue does not know for it, not a number,
 * below 0 (or a CRP of 0 under ln(CRP)), or several results of it that disagree (any of them unusable
 * makes the marker unusable: a value that cannot be read might be the one that differs).
 */
export function biologicalAge(request: BiologicalAgeRequest): BiologicalAgeValue | BiologicalAgeMissing {
  const convention = request.convention ?? PRODUCT_CRP_CONVENTION;
  const readings = new Map<PhenoAgeMarker, Reading[]>();
  for (const result of request.results) {
    const reading = readMarker(result, convention);
    if (reading) readings.set(reading.marker, [...(readings.get(reading.marker) ?? []), reading]);
  }

  const used = new Map<PhenoAgeMarker, MarkerUsed>();
  const missing: PhenoAgeRequirement[] = [];
  const unusable: BiologicalAgeMissing['unusable'] = [];
  const age = ageReading(request.ageYears);
  if (typeof age !== 'number') missing.push('age');
  if (typeof age === 'string') unusable.push({ marker: 'age', reason: age });
  for (const marker of PHENOAGE_MARKERS) {
    const settled = settle(readings.get(marker) ?? []);
    if (settled && !('reason' in settled)) {
      used.set(marker, settled);
      continue;
    }
    missing.push(marker);
    if (settled) unusable.push({ marker, reason: settled.reason });
  }
  if (typeof age !== 'number' || missing.length > 0) return { missing, unusable };

  const model = (marker: PhenoAgeMarker): number => used.get(marker)!.modelValue;
  const value = phenoAge(
    {
      ageYears: age,
      albuminGPerDl: model('albumin'),
      creatinineMgPerDl: model('creatinine'),
      glucoseMgPerDl: model('glucose'),
      crpMgPerDl: model('hs_crp'),
      lymphocytePct: model('lymphocytes_pct'),
      mcvFl: model('mcv'),
      rdwPct: model('rdw'),
      alpUPerL: model('alp'),
      wbcThousandPerUl: model('wbc'),
    },
    { crp: convention },
  );
  return {
    value,
    markersUsed: PHENOAGE_MARKERS.map((m) => used.get(m)!),
    convention,
    takenOn: request.takenOn ?? null,
  };
}
