import { describe, expect, it } from 'vitest';
import {
  type BiologicalAgeMissing,
  type BiologicalAgeValue,
  biologicalAge,
  CRP_CONVENTION_LABELS,
  PHENOAGE_MARKERS,
  type PhenoAgeInput,
  PRODUCT_CRP_CONVENTION,
  phenoAge,
} from './biological-age';
import type { NamedResult } from './biomarkers';

// The domain package type-checks without Node's types (it runs in the browser too), so the test reaches
// Node's fs and path through dynamic imports typed to the little it uses.
const NODE_FS = 'node:fs';
const NODE_PATH = 'node:path';
const fs = (await import(/* @vite-ignore */ NODE_FS)) as {
  existsSync(path: string): boolean;
  readFileSync(path: string, encoding: 'utf8'): string;
};
const path = (await import(/* @vite-ignore */ NODE_PATH)) as {
  dirname(path: string): string;
  resolve(...paths: string[]): string;
};

// `../shared/data/phenoage/nhanes4-sample.csv` from the checkout's root (four folders above this file):
// shared/ sits beside the checkout, here and in CI.
const testFile = expect.getState().testPath;
if (!testFile) throw new Error('vitest did not say where this test file is');
const CSV_PATH = path.resolve(
  path.dirname(testFile),
  '../../../..',
  '../shared/data/phenoage/nhanes4-sample.csv',
);
if (!fs.existsSync(CSV_PATH)) {
  throw new Error(
    `The PhenoAge reference table is missing at ${CSV_PATH}: shared/ must sit beside the checkout`,
  );
}

interface Row {
  sampleId: string;
  input: PhenoAgeInput;
  expected: number;
}

function readTable(text: string): Row[] {
  const [header, ...lines] = text.trim().split(/\r?\n/);
  const columns = (header ?? '').split(',');
  return lines.map((line) => {
    const cells = line.split(',');
    const cell = (name: string): string => {
      const at = columns.indexOf(name);
      const value = cells[at];
      if (at < 0 || value === undefined) throw new Error(`Column ${name} missing in ${line}`);
      return value;
    };
    const num = (name: string) => Number(cell(name));
    return {
      sampleId: cell('sample_id'),
      input: {
        ageYears: num('age_years'),
        albuminGPerDl: num('albumin_g_dl'),
        creatinineMgPerDl: num('creatinine_mg_dl'),
        glucoseMgPerDl: num('glucose_mg_dl'),
        crpMgPerDl: num('crp_mg_dl'),
        lymphocytePct: num('lymphocyte_pct'),
        mcvFl: num('mcv_fl'),
        rdwPct: num('rdw_pct'),
        alpUPerL: num('alp_u_l'),
        wbcThousandPerUl: num('wbc_10e3_ul'),
      },
      expected: num('phenoage_bioage'),
    };
  });
}

const ROWS = readTable(fs.readFileSync(CSV_PATH, 'utf8'));
const FIRST = ROWS[0]!;

/** A row's markers named by the catalogue's keys, in the table's US units. */
const usResults = (input: PhenoAgeInput): NamedResult[] => [
  { code: 'albumin', value: input.albuminGPerDl, unit: 'g/dL' },
  { code: 'creatinine', value: input.creatinineMgPerDl, unit: 'mg/dL' },
  { code: 'glucose', value: input.glucoseMgPerDl, unit: 'mg/dL' },
  { code: 'hs_crp', value: input.crpMgPerDl, unit: 'mg/dL' },
  { code: 'lymphocytes_pct', value: input.lymphocytePct, unit: '%' },
  { code: 'mcv', value: input.mcvFl, unit: 'fL' },
  { code: 'rdw', value: input.rdwPct, unit: '%' },
  { code: 'alp', value: input.alpUPerL, unit: 'U/L' },
  { code: 'wbc', value: input.wbcThousandPerUl, unit: 'K/uL' },
];

/** A row's markers named by LOINC code, in SI units as a European laboratory reports them. */
const siResults = (input: PhenoAgeInput): NamedResult[] => [
  { code: '1751-7', value: input.albuminGPerDl * 10, unit: 'g/L' },
  { code: '14682-9', value: input.creatinineMgPerDl * 88.4, unit: 'µmol/L' },
  { code: '14749-6', value: input.glucoseMgPerDl / 18.016, unit: 'mmol/L' },
  { code: '30522-7', value: input.crpMgPerDl * 10, unit: 'mg/L' },
  { code: '736-9', value: input.lymphocytePct, unit: '%' },
  { code: '787-2', value: input.mcvFl, unit: 'fL' },
  { code: '788-0', value: input.rdwPct, unit: '%' },
  { code: '6768-6', value: input.alpUPerL, unit: 'U/L' },
  { code: '6690-2', value: input.wbcThousandPerUl, unit: '10^9/L' },
];

const isValue = (r: BiologicalAgeValue | BiologicalAgeMissing): r is BiologicalAgeValue => 'value' in r;

describe('phenoAge against the BioAge package (NHANES IV, ln(1 + CRP))', () => {
  it('reads the whole table', () => {
    expect(ROWS).toHaveLength(200);
    expect(
      ROWS.every((r) => Object.values(r.input).every(Number.isFinite) && Number.isFinite(r.expected)),
    ).toBe(true);
  });

  it.each(ROWS.map((r) => [r.sampleId, r] as const))('reproduces %s to within 1e-6 years', (_, row) => {
    expect(Math.abs(phenoAge(row.input, { crp: 'ln1p' }) - row.expected)).toBeLessThanOrEqual(1e-6);
  });
});

describe("phenoAge's CRP term and shape", () => {
  const crpShift = (crp: number) => (0.09536762 * (Math.log(crp) - Math.log1p(crp))) / 0.090165;

  it.each(ROWS.slice(0, 20).map((r) => [r.sampleId, r] as const))(
    'differs between ln(CRP) and ln(1 + CRP) by the CRP term alone (%s)',
    (_, row) => {
      const ln = phenoAge(row.input, { crp: 'ln' });
      const ln1p = phenoAge(row.input, { crp: 'ln1p' });
      expect(ln - ln1p).toBeCloseTo(crpShift(row.input.crpMgPerDl), 9);
    },
  );

  it("reads a low CRP years younger under the paper's ln(CRP)", () => {
    const input = { ...FIRST.input, crpMgPerDl: 0.1 };
    const younger = phenoAge(input, { crp: 'ln1p' }) - phenoAge(input, { crp: 'ln' });
    expect(younger).toBeCloseTo(2.5367, 3);
  });

  it('adds 0.8912 years of phenotypic age for each year of age, all else equal', () => {
    const at = (ageYears: number) => phenoAge({ ...FIRST.input, ageYears }, { crp: 'ln' });
    expect(at(51) - at(50)).toBeCloseTo(0.08035356 / 0.090165, 9);
  });

  it('stays finite for a very high mortality score', () => {
    const age = phenoAge({ ...FIRST.input, glucoseMgPerDl: 2000, rdwPct: 30 }, { crp: 'ln' });
    expect(Number.isFinite(age)).toBe(true);
    expect(age).toBeGreaterThan(200);
  });

  it('refuses an input that is not a number or is below 0, and a CRP of 0 under ln(CRP)', () => {
    expect(() => phenoAge({ ...FIRST.input, mcvFl: Number.NaN }, { crp: 'ln' })).toThrow(RangeError);
    expect(() => phenoAge({ ...FIRST.input, albuminGPerDl: -1 }, { crp: 'ln1p' })).toThrow(
      'PhenoAge needs albuminGPerDl ≥ 0, got -1',
    );
    expect(() => phenoAge({ ...FIRST.input, crpMgPerDl: 0 }, { crp: 'ln' })).toThrow(RangeError);
    expect(Number.isFinite(phenoAge({ ...FIRST.input, crpMgPerDl: 0 }, { crp: 'ln1p' }))).toBe(true);
  });

  it("shows the paper's convention, and names both", () => {
    expect(PRODUCT_CRP_CONVENTION).toBe('ln');
    expect(CRP_CONVENTION_LABELS.ln).toBe('PhenoAge (Levine 2018), CRP term ln(CRP)');
    expect(CRP_CONVENTION_LABELS.ln1p).toBe(
      'PhenoAge (Levine 2018), CRP term ln(1 + CRP), as the BioAge package',
    );
  });
});

describe('biologicalAge from named results', () => {
  it("computes the paper's PhenoAge by default, saying which markers, convention and date it used", () => {
    const result = biologicalAge({
      ageYears: FIRST.input.ageYears,
      results: usResults(FIRST.input),
      takenOn: '2026-05-02',
    });
    if (!isValue(result)) throw new Error(`no biological age: ${JSON.stringify(result)}`);
    expect(result.value).toBe(phenoAge(FIRST.input, { crp: 'ln' }));
    expect(result.convention).toBe('ln');
    expect(result.takenOn).toBe('2026-05-02');
    expect(result.markersUsed.map((m) => m.marker)).toEqual([...PHENOAGE_MARKERS]);
    expect(result.markersUsed[3]).toEqual({
      marker: 'hs_crp',
      name: 'hs-CRP',
      loinc: '30522-7',
      value: FIRST.input.crpMgPerDl,
      unit: 'mg/dL',
      modelValue: FIRST.input.crpMgPerDl,
      modelUnit: 'mg/dL',
    });
    expect(result.markersUsed[8]).toMatchObject({ marker: 'wbc', unit: '10*3/uL', loinc: '6690-2' });
  });

  it.each(ROWS.map((r) => [r.sampleId, r] as const))(
    'reproduces %s from SI results named by LOINC, with ln(1 + CRP)',
    (_, row) => {
      const result = biologicalAge({
        ageYears: row.input.ageYears,
        results: siResults(row.input),
        convention: 'ln1p',
      });
      if (!isValue(result)) throw new Error(`no biological age: ${JSON.stringify(result)}`);
      expect(Math.abs(result.value - row.expected)).toBeLessThanOrEqual(1e-6);
      expect(result.convention).toBe('ln1p');
    },
  );

  it('says what converted: creatinine in µmol/L is read in mg/dL, with the code of µmol/L', () => {
    const result = biologicalAge({ ageYears: 50, results: siResults(FIRST.input) });
    if (!isValue(result)) throw new Error('no biological age');
    expect(result.markersUsed[1]).toMatchObject({
      marker: 'creatinine',
      name: 'Creatinine',
      loinc: '14682-9',
      unit: 'umol/L',
      modelUnit: 'mg/dL',
    });
    expect(result.markersUsed[1]?.modelValue).toBeCloseTo(FIRST.input.creatinineMgPerDl, 12);
    expect(result.takenOn).toBeNull();
  });

  it('gives no biological age when a marker or the age is missing, and says which', () => {
    const withoutWbc = usResults(FIRST.input).filter((r) => r.code !== 'wbc');
    expect(biologicalAge({ ageYears: null, results: withoutWbc })).toEqual({
      missing: ['age', 'wbc'],
      unusable: [],
    });
    expect(biologicalAge({ ageYears: 40, results: [] })).toEqual({
      missing: [...PHENOAGE_MARKERS],
      unusable: [],
    });
  });

  it('ignores results of other biomarkers and unknown codes', () => {
    const results = [
      { code: 'lpa', value: 120, unit: 'nmol/L' },
      { code: '9999-9', value: 1, unit: 'mg/dL' },
      { code: 'hba1c', value: 38, unit: 'mmol/mol' },
      ...usResults(FIRST.input),
    ];
    const result = biologicalAge({ ageYears: FIRST.input.ageYears, results });
    expect(isValue(result) && result.value).toBe(phenoAge(FIRST.input, { crp: 'ln' }));
  });

  it('accepts C-reactive protein by the standard method (1988-5) in mg/L', () => {
    const results = usResults(FIRST.input).map((r) =>
      r.code === 'hs_crp' ? { code: '1988-5', value: FIRST.input.crpMgPerDl * 10, unit: 'mg/L' } : r,
    );
    const result = biologicalAge({ ageYears: FIRST.input.ageYears, results, convention: 'ln1p' });
    expect(isValue(result) && Math.abs(result.value - FIRST.expected)).toBeLessThanOrEqual(1e-6);
  });

  it.each([
    [
      'a unit the catalogue does not know for it',
      { code: 'glucose', value: 90, unit: 'mmol/mol' },
      'unknown_unit',
    ],
    ['not a number', { code: 'glucose', value: Number.NaN, unit: 'mg/dL' }, 'not_a_number'],
    ['below 0', { code: '2345-7', value: -5, unit: 'mg/dL' }, 'out_of_range'],
  ] as const)('refuses a marker given %s', (_, glucose, reason) => {
    const results = [...usResults(FIRST.input).filter((r) => r.code !== 'glucose'), glucose];
    expect(biologicalAge({ ageYears: 40, results })).toEqual({
      missing: ['glucose'],
      unusable: [{ marker: 'glucose', reason }],
    });
  });

  it('refuses a CRP of 0 under ln(CRP) but not under ln(1 + CRP)', () => {
    const results = usResults({ ...FIRST.input, crpMgPerDl: 0 });
    expect(biologicalAge({ ageYears: 40, results })).toEqual({
      missing: ['hs_crp'],
      unusable: [{ marker: 'hs_crp', reason: 'out_of_range' }],
    });
    expect(isValue(biologicalAge({ ageYears: 40, results, convention: 'ln1p' }))).toBe(true);
  });

  it('uses two results of a marker that agree, and refuses two that disagree', () => {
    const agreeing = [
      ...usResults(FIRST.input),
      { code: 'glucose', value: FIRST.input.glucoseMgPerDl / 18.016, unit: 'mmol/L' },
    ];
    const result = biologicalAge({ ageYears: FIRST.input.ageYears, results: agreeing });
    expect(isValue(result) && result.markersUsed[2]?.unit).toBe('mg/dL');
    const disagreeing = [...usResults(FIRST.input), { code: 'glucose', value: 5.5, unit: 'mmol/L' }];
    expect(biologicalAge({ ageYears: 40, results: disagreeing })).toEqual({
      missing: ['glucose'],
      unusable: [{ marker: 'glucose', reason: 'conflicting_values' }],
    });
  });

  it('refuses a marker when one of its results cannot be read, whatever the order', () => {
    const unreadable = { code: 'mcv', value: 90, unit: 'µm3' };
    const before = [unreadable, ...usResults(FIRST.input)];
    const after = [...usResults(FIRST.input), unreadable];
    for (const results of [before, after]) {
      expect(biologicalAge({ ageYears: 40, results })).toEqual({
        missing: ['mcv'],
        unusable: [{ marker: 'mcv', reason: 'unknown_unit' }],
      });
    }
  });

  it('refuses an age that is not a number or below 0', () => {
    const results = usResults(FIRST.input);
    expect(biologicalAge({ ageYears: Number.NaN, results })).toEqual({
      missing: ['age'],
      unusable: [{ marker: 'age', reason: 'not_a_number' }],
    });
    expect(biologicalAge({ ageYears: -1, results })).toEqual({
      missing: ['age'],
      unusable: [{ marker: 'age', reason: 'out_of_range' }],
    });
  });
});
