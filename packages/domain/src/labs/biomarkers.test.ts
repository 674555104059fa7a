import { describe, expect, it } from 'vitest';
import {
  allowedUnits,
  BIOMARKER_CATEGORIES,
  BIOMARKER_KEYS,
  BIOMARKERS,
  type BiomarkerKey,
  biomarker,
  biomarkerResultSchema,
  categorySlug,
  classifyResult,
  convert,
  findBiomarker,
  loincCodesFor,
  loincFor,
  parseUnit,
  rangesFor,
  resolveResult,
  UCUM_UNITS,
  type UcumUnit,
  UNIT_LABELS,
} from './biomarkers';

/** LOINC's check digit (Mod 10): from the right, every other digit doubled, the digits summed. */
function loincCheckDigitOk(code: string): boolean {
  const match = /^(\d{1,7})-(\d)$/.exec(code);
  if (!match?.[1] || !match[2]) return false;
  let sum = 0;
  [...match[1]].reverse().forEach((d, i) => {
    const n = Number(d) * (i % 2 === 0 ? 2 : 1);
    sum += Math.floor(n / 10) + (n % 10);
  });
  return (10 - (sum % 10)) % 10 === Number(match[2]);
}

describe('the catalogue', () => {
  it('holds a longevity panel of about 30 biomarkers, each key once', () => {
    expect(BIOMARKERS.length).toBeGreaterThanOrEqual(30);
    expect(BIOMARKERS.length).toBeLessThanOrEqual(40);
    expect(new Set(BIOMARKER_KEYS).size).toBe(BIOMARKER_KEYS.length);
    expect(BIOMARKERS.map((b) => b.key)).toEqual(BIOMARKER_KEYS);
  });

  it('covers what the issue names, and every marker PhenoAge needs', () => {
    const needed: BiomarkerKey[] = [
      'total_cholesterol',
      'ldl_c',
      'hdl_c',
      'triglycerides',
      'apob',
      'lpa',
      'glucose',
      'insulin',
      'hba1c',
      'hs_crp',
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
      'free_t4',
      'testosterone',
      'estradiol',
      'vitamin_d',
      'ferritin',
      'vitamin_b12',
      'homocysteine',
      'uric_acid',
      'wbc',
      'lymphocytes_pct',
      'mcv',
      'rdw',
      'hemoglobin',
      'platelets',
    ];
    expect(needed.filter((key) => !BIOMARKER_KEYS.includes(key))).toEqual([]);
  });

  it('files every biomarker under a known category, in category order, and uses every category', () => {
    const order = BIOMARKERS.map((b) => BIOMARKER_CATEGORIES.indexOf(b.category));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(new Set(BIOMARKERS.map((b) => b.category))).toEqual(new Set(BIOMARKER_CATEGORIES));
  });

  it('writes every code as a LOINC code with a correct check digit', () => {
    expect(loincCheckDigitOk('2345-7')).toBe(true);
    expect(loincCheckDigitOk('2345-8')).toBe(false);
    const codes = BIOMARKERS.flatMap((b) => b.units.flatMap((u) => [u.loinc, ...(u.otherLoinc ?? [])]));
    expect(codes.filter((code) => !loincCheckDigitOk(code))).toEqual([]);
  });

  it('gives no code to two biomarkers, and shares a code between units only when they convert', () => {
    const owner = new Map<string, string>();
    for (const b of BIOMARKERS) {
      for (const u of b.units) {
        for (const code of [u.loinc, ...(u.otherLoinc ?? [])]) {
          expect(owner.get(code) ?? b.key, code).toBe(b.key);
          owner.set(code, b.key);
        }
        for (const other of b.units) {
          if (other.loinc === u.loinc) expect(convert(b.key, 1, u.unit, other.unit), b.key).not.toBeNull();
        }
      }
    }
  });

  it('has ranges for both sexes in a unit of the biomarker, with bands in order', () => {
    for (const b of BIOMARKERS) {
      const units = allowedUnits(b.key);
      for (const r of b.ranges) {
        expect(units, b.key).toContain(r.unit);
        for (const band of [r.reference, r.optimal ?? {}]) {
          if (band.min !== undefined && band.max !== undefined)
            expect(band.min, b.key).toBeLessThan(band.max);
        }
      }
      for (const sex of ['male', 'female'] as const) {
        expect(rangesFor(b.key, b.units[0].unit, sex), `${b.key} ${sex}`).not.toBeNull();
      }
    }
  });

  it('labels every unit for a patient', () => {
    expect(Object.keys(UNIT_LABELS).sort()).toEqual([...UCUM_UNITS].sort());
    expect(UNIT_LABELS['u[IU]/mL']).toBe('µIU/mL');
    expect(UNIT_LABELS['umol/L']).toBe('µmol/L');
    expect(UNIT_LABELS['10*3/uL']).toBe('10³/µL');
  });

  it('makes a category slug of a name', () => {
    expect(categorySlug('Heart')).toBe('heart');
    expect(categorySlug('Nutrients')).toBe('nutrients');
    expect(categorySlug(' Heart & Vessels ')).toBe('heart-vessels');
  });
});

describe('loincFor: the unit decides the code', () => {
  it.each([
    ['lpa', 'mg/dL', '10835-7'],
    ['lpa', 'nmol/L', '43583-4'],
    ['apob', 'mg/dL', '1884-6'],
    ['apob', 'g/L', '1884-6'],
    ['ldl_c', 'mg/dL', '13457-7'],
    ['ldl_c', 'mmol/L', '22748-8'],
    ['hdl_c', 'mg/dL', '2085-9'],
    ['triglycerides', 'mg/dL', '2571-8'],
    ['total_cholesterol', 'mg/dL', '2093-3'],
    ['total_cholesterol', 'mmol/L', '14647-2'],
    ['glucose', 'mg/dL', '2345-7'],
    ['glucose', 'mmol/L', '14749-6'],
    ['insulin', 'u[IU]/mL', '20448-7'],
    ['hba1c', '%', '4548-4'],
    ['hs_crp', 'mg/L', '30522-7'],
    ['alt', 'U/L', '1742-6'],
    ['ast', 'U/L', '1920-8'],
    ['ggt', 'U/L', '2324-2'],
    ['alp', 'U/L', '6768-6'],
    ['albumin', 'g/dL', '1751-7'],
    ['creatinine', 'mg/dL', '2160-0'],
    ['creatinine', 'umol/L', '14682-9'],
    ['egfr', 'mL/min/{1.73_m2}', '98979-8'],
    ['cystatin_c', 'mg/L', '33863-2'],
    ['bun', 'mg/dL', '3094-0'],
    ['tsh', 'm[IU]/L', '3016-3'],
    ['free_t4', 'ng/dL', '3024-7'],
    ['testosterone', 'ng/dL', '2986-8'],
    ['estradiol', 'pg/mL', '2243-4'],
    ['vitamin_d', 'ng/mL', '1989-3'],
    ['vitamin_d', 'nmol/L', '62292-8'],
    ['ferritin', 'ng/mL', '2276-4'],
    ['vitamin_b12', 'pg/mL', '2132-9'],
    ['homocysteine', 'umol/L', '13965-9'],
    ['uric_acid', 'mg/dL', '3084-1'],
    ['wbc', '10*3/uL', '6690-2'],
    ['lymphocytes_pct', '%', '736-9'],
    ['mcv', 'fL', '787-2'],
    ['rdw', '%', '788-0'],
    ['hemoglobin', 'g/dL', '718-7'],
    ['platelets', '10*3/uL', '777-3'],
  ] as const)('%s in %s is %s', (key, unit, code) => {
    expect(loincFor(key, unit)).toBe(code);
  });

  it('has no code for a unit the biomarker is not reported in', () => {
    expect(loincFor('hba1c', 'mmol/L')).toBeNull();
    expect(loincFor('lpa', 'mmol/L')).toBeNull();
    expect(loincCodesFor('hba1c', 'mmol/L')).toEqual([]);
  });

  it('lists the other codes a unit accepts', () => {
    expect(loincCodesFor('ldl_c', 'mg/dL')).toEqual(['13457-7', '2089-1', '18262-6']);
    expect(loincCodesFor('hs_crp', 'mg/dL')).toEqual(['30522-7', '1988-5']);
    expect(loincCodesFor('lpa', 'nmol/L')).toEqual(['43583-4']);
  });
});

describe('findBiomarker', () => {
  it('finds a biomarker by key or by any of its codes', () => {
    expect(findBiomarker('glucose')?.key).toBe('glucose');
    expect(findBiomarker('14749-6')?.key).toBe('glucose');
    expect(findBiomarker('1558-6')?.key).toBe('glucose');
    expect(findBiomarker('2089-1')?.key).toBe('ldl_c');
    expect(findBiomarker('1988-5')?.key).toBe('hs_crp');
    expect(findBiomarker(' 43583-4 ')?.key).toBe('lpa');
    expect(findBiomarker('10835-7')?.key).toBe('lpa');
  });

  it('finds nothing for an unknown name or code', () => {
    expect(findBiomarker('1234-5')).toBeNull();
    expect(findBiomarker('Glucose')).toBeNull();
    expect(findBiomarker('')).toBeNull();
    expect(() => biomarker('nope' as BiomarkerKey)).toThrow('Unknown biomarker nope');
  });
});

describe('convert', () => {
  it.each([
    ['glucose', 5, 'mmol/L', 'mg/dL', 90.08],
    ['glucose', 90.08, 'mg/dL', 'mmol/L', 5],
    ['creatinine', 88.4, 'umol/L', 'mg/dL', 1],
    ['creatinine', 1.2, 'mg/dL', 'umol/L', 106.08],
    ['hs_crp', 5, 'mg/L', 'mg/dL', 0.5],
    ['hs_crp', 0.21, 'mg/dL', 'mg/L', 2.1],
    ['albumin', 42, 'g/L', 'g/dL', 4.2],
    ['albumin', 4.5, 'g/dL', 'g/L', 45],
    ['total_cholesterol', 5.17, 'mmol/L', 'mg/dL', 199.9239],
    ['hdl_c', 1.5, 'mmol/L', 'mg/dL', 58.005],
    ['triglycerides', 1.13, 'mmol/L', 'mg/dL', 100.0841],
    ['apob', 0.9, 'g/L', 'mg/dL', 90],
    ['vitamin_d', 75, 'nmol/L', 'ng/mL', 30.048076923],
    ['vitamin_d', 30, 'ng/mL', 'nmol/L', 74.88],
    ['testosterone', 17.34, 'nmol/L', 'ng/dL', 500.0856],
    ['free_t4', 1.2, 'ng/dL', 'pmol/L', 15.444],
    ['estradiol', 100, 'pmol/L', 'pg/mL', 27.240534],
    ['vitamin_b12', 300, 'pmol/L', 'pg/mL', 406.5],
    ['uric_acid', 5, 'mg/dL', 'umol/L', 297.4],
    ['bun', 5, 'mmol/L', 'mg/dL', 14],
    ['hemoglobin', 140, 'g/L', 'g/dL', 14],
    ['insulin', 6.2, 'm[IU]/L', 'u[IU]/mL', 6.2],
    ['wbc', 6.1, '10*9/L', '10*3/uL', 6.1],
  ] as const)('%s %s %s is %s %s', (key, value, from, to, expected) => {
    expect(convert(key, value, from, to)).toBeCloseTo(expected, 6);
  });

  it('returns a value in its own unit unchanged, even without a factor', () => {
    expect(convert('glucose', 97.3, 'mg/dL', 'mg/dL')).toBe(97.3);
    expect(convert('lpa', 120, 'nmol/L', 'nmol/L')).toBe(120);
  });

  it('refuses to convert Lp(a) between mg/dL and nmol/L: there is no fixed factor', () => {
    expect(convert('lpa', 50, 'mg/dL', 'nmol/L')).toBeNull();
    expect(convert('lpa', 120, 'nmol/L', 'mg/dL')).toBeNull();
  });

  it('refuses a unit the biomarker is not reported in', () => {
    expect(convert('hba1c', 5.4, '%', 'mmol/L')).toBeNull();
    expect(convert('glucose', 5, 'nmol/L', 'mg/dL')).toBeNull();
  });

  it('gives the value back after a round trip through every pair of convertible units', () => {
    for (const b of BIOMARKERS) {
      for (const from of b.units) {
        for (const to of b.units) {
          const there = convert(b.key, 123.45, from.unit, to.unit);
          if (there === null) continue;
          expect(convert(b.key, there, to.unit, from.unit), `${b.key} ${from.unit}→${to.unit}`).toBeCloseTo(
            123.45,
            9,
          );
        }
      }
    }
  });
});

describe('parseUnit', () => {
  it.each([
    ['mg/dL', 'mg/dL'],
    [' MG/DL ', 'mg/dL'],
    ['µmol/L', 'umol/L'],
    ['μmol/L', 'umol/L'],
    ['uIU/mL', 'u[IU]/mL'],
    ['µIU/mL', 'u[IU]/mL'],
    ['u[IU]/mL', 'u[IU]/mL'],
    ['mIU/L', 'm[IU]/L'],
    ['IU/L', 'U/L'],
    ['K/uL', '10*3/uL'],
    ['x10E3/uL', '10*3/uL'],
    ['10³/µL', '10*3/uL'],
    ['10^9/L', '10*9/L'],
    ['mL/min/1.73 m2', 'mL/min/{1.73_m2}'],
    ['mL/min/1.73m²', 'mL/min/{1.73_m2}'],
    ['fl', 'fL'],
    ['%', '%'],
  ] as const)('reads %s as %s', (text, unit) => {
    expect(parseUnit(text)).toBe(unit);
  });

  it('knows no other unit', () => {
    expect(parseUnit('furlongs')).toBeNull();
    expect(parseUnit('')).toBeNull();
    expect(parseUnit('mg')).toBeNull();
  });
});

describe('rangesFor and classifyResult', () => {
  it('gives the layers in the unit they are written in', () => {
    expect(rangesFor('glucose', 'mg/dL', 'female')).toEqual({
      reference: { min: 65, max: 99 },
      optimal: { min: 72, max: 90 },
    });
  });

  it('converts the layers to another unit of the biomarker', () => {
    const layers = rangesFor('glucose', 'mmol/L', null);
    expect(layers?.reference.min).toBeCloseTo(65 / 18.016, 10);
    expect(layers?.reference.max).toBeCloseTo(99 / 18.016, 10);
    expect(layers?.optimal?.min).toBeCloseTo(72 / 18.016, 10);
    expect(layers?.optimal?.max).toBeCloseTo(90 / 18.016, 10);
    expect(rangesFor('total_cholesterol', 'mmol/L', null)).toEqual({
      reference: { max: 199 / 38.67 },
      optimal: { max: 180 / 38.67 },
    });
  });

  it("uses Lp(a)'s own layers in each unit, never a converted one", () => {
    expect(rangesFor('lpa', 'nmol/L', 'male')).toEqual({ reference: { max: 74 }, optimal: { max: 29 } });
    expect(rangesFor('lpa', 'mg/dL', 'male')).toEqual({ reference: { max: 29 }, optimal: { max: 14 } });
  });

  it("uses the patient's sex, and no layers when sex-specific layers meet an unknown sex", () => {
    expect(rangesFor('testosterone', 'ng/dL', 'male')?.reference).toEqual({ min: 264, max: 916 });
    expect(rangesFor('testosterone', 'ng/dL', 'female')?.reference).toEqual({ min: 2, max: 45 });
    expect(rangesFor('testosterone', 'ng/dL', null)).toBeNull();
    expect(rangesFor('glucose', 'mg/dL', null)).not.toBeNull();
    expect(rangesFor('hba1c', 'mmol/L', 'male')).toBeNull();
  });

  it.each([
    ['glucose', 5.5, 'mmol/L', null, 'high'],
    ['glucose', 5.49, 'mmol/L', null, 'borderline'],
    ['glucose', 5, 'mmol/L', null, 'borderline'],
    ['glucose', 4.99, 'mmol/L', null, 'optimal'],
    ['glucose', 3.6, 'mmol/L', null, 'low'],
    ['testosterone', 450, 'ng/dL', 'male', 'borderline'],
    ['testosterone', 450, 'ng/dL', 'female', 'high'],
    ['testosterone', 20, 'nmol/L', 'male', 'optimal'],
    ['lpa', 80, 'nmol/L', 'female', 'high'],
    ['lpa', 20, 'nmol/L', 'female', 'optimal'],
    ['lpa', 20, 'mg/dL', 'female', 'borderline'],
    ['hs_crp', 0.05, 'mg/dL', 'male', 'optimal'],
    ['hs_crp', 0.31, 'mg/dL', 'male', 'high'],
    ['egfr', 95, 'mL/min/{1.73_m2}', 'female', 'optimal'],
    ['estradiol', 45, 'pg/mL', 'male', 'high'],
    ['hdl_c', 45, 'mg/dL', 'male', 'borderline'],
    ['hdl_c', 45, 'mg/dL', 'female', 'low'],
  ] as const)('%s %s %s (%s) is %s', (key, value, unit, sex, expected) => {
    expect(classifyResult(key, value, unit, sex)).toBe(expected);
  });

  it("has no range for a woman's estradiol (it depends on the cycle), nor for an unknown sex", () => {
    expect(classifyResult('estradiol', 150, 'pg/mL', 'female')).toBeNull();
    expect(classifyResult('ferritin', 150, 'ng/mL', null)).toBeNull();
  });
});

describe('biomarkerResultSchema', () => {
  it('accepts a result in a unit of the biomarker, with or without its code, negative values too', () => {
    expect(
      biomarkerResultSchema.parse({ biomarker: 'lpa', value: 120, unit: 'nmol/L', loinc: '43583-4' }),
    ).toEqual({ biomarker: 'lpa', value: 120, unit: 'nmol/L', loinc: '43583-4' });
    expect(
      biomarkerResultSchema.safeParse({ biomarker: 'glucose', value: 5.2, unit: 'mmol/L' }).success,
    ).toBe(true);
    expect(
      biomarkerResultSchema.safeParse({ biomarker: 'ldl_c', value: -3, unit: 'mg/dL', loinc: '2089-1' })
        .success,
    ).toBe(true);
  });

  it('refuses a unit the biomarker is not reported in, saying which it is', () => {
    const result = biomarkerResultSchema.safeParse({ biomarker: 'hba1c', value: 38, unit: 'mmol/L' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['unit'], 'Hemoglobin A1c is reported in %, not in mmol/L.'],
    ]);
  });

  it("refuses a code that is not the unit's: Lp(a) in nmol/L is not 10835-7", () => {
    const result = biomarkerResultSchema.safeParse({
      biomarker: 'lpa',
      value: 120,
      unit: 'nmol/L',
      loinc: '10835-7',
    });
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['loinc'], 'The LOINC code of Lipoprotein(a) in nmol/L is 43583-4, not 10835-7.'],
    ]);
  });

  it('refuses what is not a number, an unknown biomarker or an unknown unit', () => {
    const bad = [
      { biomarker: 'glucose', value: Number.NaN, unit: 'mg/dL' },
      { biomarker: 'glucose', value: Number.POSITIVE_INFINITY, unit: 'mg/dL' },
      { biomarker: 'glucose', value: '90', unit: 'mg/dL' },
      { biomarker: 'sugar', value: 90, unit: 'mg/dL' },
      { biomarker: 'glucose', value: 90, unit: 'mg/dl' },
    ];
    expect(bad.map((entry) => biomarkerResultSchema.safeParse(entry).success)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('resolveResult', () => {
  it('reads a result named by key or code, its unit by any spelling, the unit deciding the code', () => {
    expect(resolveResult({ code: 'creatinine', value: 80, unit: 'µmol/L' })).toMatchObject({
      ok: true,
      value: 80,
      unit: 'umol/L',
      loinc: '14682-9',
    });
    const lpa = resolveResult({ code: '10835-7', value: 120, unit: 'nmol/L' });
    expect(lpa).toMatchObject({ ok: true, unit: 'nmol/L', loinc: '43583-4' });
    expect(lpa.ok && lpa.biomarker.key).toBe('lpa');
  });

  it('says why a result cannot be read', () => {
    expect(resolveResult({ code: '9999-9', value: 1, unit: 'mg/dL' })).toEqual({
      ok: false,
      reason: 'unknown_biomarker',
    });
    const hba1c = biomarker('hba1c');
    expect(resolveResult({ code: 'hba1c', value: 38, unit: 'mmol/mol' })).toEqual({
      ok: false,
      reason: 'unknown_unit',
      biomarker: hba1c,
    });
    expect(resolveResult({ code: '4548-4', value: 38, unit: 'mmol/L' })).toEqual({
      ok: false,
      reason: 'unknown_unit',
      biomarker: hba1c,
    });
    expect(resolveResult({ code: 'hba1c', value: Number.NaN, unit: '%' })).toEqual({
      ok: false,
      reason: 'not_a_number',
      biomarker: hba1c,
    });
  });

  it('accepts every unit a biomarker lists', () => {
    for (const b of BIOMARKERS) {
      for (const u of b.units) {
        const read = resolveResult({ code: b.key, value: 1, unit: UNIT_LABELS[u.unit as UcumUnit] });
        expect(read.ok && read.unit, `${b.key} ${u.unit}`).toBe(u.unit);
      }
    }
  });
});
