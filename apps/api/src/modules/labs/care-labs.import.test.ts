import { describe, expect, it } from 'vitest';
import { parseCsvResults, parseFhirResults } from './care-labs.import';

describe('reading a laboratory CSV', () => {
  it('reads the columns the header names, in any order, with quotes', () => {
    const csv = '\uFEFFUnit,Value,LOINC\r\nmg/dL,90,1884-6\r\n"mL/min/1.73 m2","72",egfr\r\n\r\n';
    expect(parseCsvResults(csv).results).toEqual([
      { at: 1, code: '1884-6', value: 90, unit: 'mg/dL' },
      { at: 2, code: 'egfr', value: 72, unit: 'mL/min/1.73 m2' },
    ]);
  });

  it('reads semicolons with decimal commas, and code,value,unit without a header', () => {
    expect(parseCsvResults('key;value;unit\nglucose;5,4;mmol/L').results).toEqual([
      { at: 1, code: 'glucose', value: 5.4, unit: 'mmol/L' },
    ]);
    expect(parseCsvResults('apob,80,mg/dL\nhdl_c,-1,mg/dL').results).toEqual([
      { at: 1, code: 'apob', value: 80, unit: 'mg/dL' },
      { at: 2, code: 'hdl_c', value: -1, unit: 'mg/dL' },
    ]);
  });

  it('marks a value that is not a number as unreadable rather than guess', () => {
    const [row] = parseCsvResults('code,value,unit\ntsh,2.1 high,mIU/L').results;
    expect(row).toMatchObject({ at: 1, code: 'tsh', value: null });
    expect(row!.problem).toMatch(/not a number/);
  });
});

describe('reading a FHIR R4 Bundle', () => {
  it('reads LOINC Observations with a UCUM quantity, skips other resources, takes the earliest date', () => {
    const parsed = parseFhirResults({
      entry: [
        { resource: { resourceType: 'Patient' } },
        {
          resource: {
            resourceType: 'Observation',
            code: {
              coding: [
                { system: 'http://snomed.info/sct', code: 'x' },
                { system: 'http://loinc.org', code: '2571-8' },
              ],
            },
            effectiveDateTime: '2026-11-19T09:00:00Z',
            valueQuantity: { value: 120, unit: 'mg/dL', code: 'mg/dL' },
          },
        },
        {
          resource: {
            resourceType: 'Observation',
            code: { coding: [{ system: 'http://loinc.org', code: '1884-6' }] },
            effectiveDateTime: '2026-11-19T08:00:00Z',
            valueQuantity: { value: 0.9, unit: 'g/L' },
          },
        },
        { resource: { resourceType: 'Observation', code: { text: 'no code' }, valueQuantity: { value: 1 } } },
        {
          resource: {
            resourceType: 'Observation',
            code: { coding: [{ system: 'http://loinc.org', code: '1884-6' }] },
          },
        },
      ],
    });
    expect(parsed.results.map(({ problem, ...r }) => r)).toEqual([
      { at: 1, code: '2571-8', value: 120, unit: 'mg/dL' },
      { at: 2, code: '1884-6', value: 0.9, unit: 'g/L' },
      { at: 3, code: '', value: null, unit: '' },
      { at: 4, code: '1884-6', value: null, unit: '' },
    ]);
    expect(parsed.collectedAt?.toISOString()).toBe('2026-11-19T08:00:00.000Z');
  });
});
