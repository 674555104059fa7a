import {
  BIOMARKERS,
  findBiomarker,
  loincFor,
  parseUnit,
  rangesFor,
  UNIT_LABELS,
} from '@portal/domain/labs/biomarkers';
import { layeredRanges } from '@portal/domain/labs/ranges';
import { describe, expect, it } from 'vitest';
import { catalogueEntry, type StoredMarker, toLabMarker } from './labs.rules';

const SEXES = ['female', 'male', null] as const;

/** The catalogue's view worked out from scratch, as each marker once did. */
function fromScratch(code: string, unit: string, sex: (typeof SEXES)[number]) {
  const found = findBiomarker(code);
  const ucum = parseUnit(unit);
  const accepted = found && ucum && found.units.some((u) => u.unit === ucum) ? ucum : null;
  const layers = found && accepted ? rangesFor(found.key, accepted, sex) : null;
  return {
    key: found?.key ?? null,
    ucum: accepted,
    unit: accepted ? UNIT_LABELS[accepted] : null,
    loinc: found && accepted ? loincFor(found.key, accepted) : null,
    ranges: layers ? layeredRanges(layers) : null,
  };
}

const stored = (code: string, unit: string, value: number): StoredMarker => ({
  code,
  name: code,
  unit,
  value,
  ranges: [
    { type: 'low', max: 1 },
    { type: 'normal', min: 1, max: 5 },
    { type: 'high', min: 5 },
  ],
  legend: { description: 'What it is.' },
  category: 'Blood',
  categorySlug: 'blood',
});

describe('catalogueEntry', () => {
  it('is what the catalogue says of every biomarker, unit spelling, LOINC code and sex', () => {
    for (const b of BIOMARKERS)
      for (const u of b.units)
        for (const code of [b.key, u.loinc, ` ${b.key} `])
          for (const unit of [u.unit, UNIT_LABELS[u.unit], u.unit.toUpperCase(), 'furlongs'])
            for (const sex of SEXES)
              expect(catalogueEntry(code, unit, sex)).toEqual(fromScratch(code, unit, sex));
  });

  it('knows nothing of a biomarker outside the catalogue', () => {
    expect(catalogueEntry('rbc', '10*6/uL', 'female')).toEqual({
      key: null,
      ucum: null,
      unit: null,
      loinc: null,
      ranges: null,
    });
  });

  it('is worked out once per code, unit and sex, and cannot be changed by a caller', () => {
    const first = catalogueEntry('glucose', 'mg/dL', 'female');
    expect(catalogueEntry('glucose', 'mg/dL', 'female')).toBe(first);
    expect(catalogueEntry('glucose', 'mg/dL', 'male')).not.toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.ranges)).toBe(true);
    expect(first.ranges!.every((r) => Object.isFrozen(r))).toBe(true);
  });
});

describe('toLabMarker', () => {
  it('gives each marker ranges of its own, from the catalogue or as stored', () => {
    const a = toLabMarker(stored('glucose', 'mg/dL', 88), 'female');
    const b = toLabMarker(stored('glucose', 'mg/dL', 120), 'female');
    expect(a.ranges).toEqual(b.ranges);
    expect(a.ranges).not.toBe(b.ranges);
    expect(a.ranges[0]).not.toBe(b.ranges[0]);
    expect(a.rangeCategory).toBe('optimal');
    expect(b.rangeType).toBe('high');
    const other = toLabMarker(stored('rbc', '10*6/uL', 3), 'female');
    expect(other).toMatchObject({ id: 'rbc', unit: '10*6/uL', ucum: null, loinc: null, rangeType: 'normal' });
    expect(other.ranges).toEqual([
      { type: 'low', min: null, max: 1 },
      { type: 'normal', min: 1, max: 5 },
      { type: 'high', min: 5, max: null },
    ]);
  });
});
