import type { Bundle, DiagnosticReport, Observation, Resource } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import {
  diagnosticReportStatus,
  type FhirReportInput,
  INTERPRETATION_SYSTEM,
  interpretationCode,
  LOINC_SYSTEM,
  NPI_SYSTEM,
  portalUuid,
  REFERENCE_RANGE_MEANING_SYSTEM,
  toFhirDiagnosticReport,
  UCUM_SYSTEM,
} from './fhir';

const input: FhirReportInput = {
  report: {
    id: '65f1a2b3c4d5e6f708091a2b',
    status: 'reviewed',
    panelName: 'Longevity Essentials Panel',
    collectedAt: new Date('2026-11-21T14:00:00Z'),
    reviewedAt: new Date('2026-11-24T18:00:00Z'),
    conclusion: '**Overall** a strong result. Recheck [ApoB](https://example.com) in 3 months.',
  },
  patient: { id: '65f1a2b3c4d5e6f708091a00', name: 'Dana Demo', birthday: '1980-01-05', sex: 'female' },
  reviewer: { id: '65f1a2b3c4d5e6f708091a99', name: 'Dr. Maya Chen', npi: '1234567893' },
  results: [
    { id: 'm1', key: 'lpa', value: 150, unit: 'nmol/L' },
    { id: 'm2', key: 'lpa', value: 12, unit: 'mg/dL' },
    // Glucose boundaries: reference 65-99, optimal 72-90.
    { id: 'g-low', key: 'glucose', value: 64, unit: 'mg/dL' },
    { id: 'g-min', key: 'glucose', value: 65, unit: 'mg/dL' },
    { id: 'g-max', key: 'glucose', value: 99, unit: 'mg/dL' },
    { id: 'g-round', key: 'glucose', value: 99.004, unit: 'mg/dL' },
    { id: 'g-high', key: 'glucose', value: 100, unit: 'mg/dL' },
    { id: 'g-mmol', key: 'glucose', value: 5.1, unit: 'mmol/L' },
    { id: 'ins', key: 'insulin', value: 4.2, unit: 'u[IU]/mL' },
    { id: 'none', key: 'glucose', value: 80, unit: 'mg/dL', layers: null },
    { id: 'own', key: 'hs_crp', value: 2, unit: 'mg/L', layers: { reference: { max: 3 }, optimal: null } },
  ],
};

const bundle: Bundle = toFhirDiagnosticReport(input);
const resources = (bundle.entry ?? []).map((e) => e.resource as Resource);
const report = resources.find((r): r is DiagnosticReport => r.resourceType === 'DiagnosticReport');
const observations = resources.filter((r): r is Observation => r.resourceType === 'Observation');
const byId = (id: string) => observations.find((o) => o.identifier?.[0]?.value === id);
const interpretation = (id: string) => byId(id)?.interpretation?.[0]?.coding?.[0];

describe('toFhirDiagnosticReport', () => {
  it('is a collection Bundle with the report, patient, practitioner and one Observation per result', () => {
    expect(bundle.resourceType).toBe('Bundle');
    expect(bundle.type).toBe('collection');
    expect(resources.map((r) => r.resourceType)).toEqual([
      'DiagnosticReport',
      'Patient',
      'Practitioner',
      ...input.results.map(() => 'Observation'),
    ]);
    for (const entry of bundle.entry ?? []) {
      expect(entry.fullUrl).toBe(`urn:uuid:${entry.resource?.id}`);
      expect(entry.resource?.id).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
    expect(new Set(resources.map((r) => r.id)).size).toBe(resources.length);
    // Pure: the same input gives the same Bundle.
    expect(toFhirDiagnosticReport(input)).toEqual(bundle);
  });

  it('fills the DiagnosticReport R4 requires and what the report says', () => {
    expect(report).toBeDefined();
    if (!report) return;
    expect(report.status).toBe('final');
    expect(report.code).toEqual({ text: 'Longevity Essentials Panel' });
    expect(report.category?.[0]?.coding?.[0]?.code).toBe('LAB');
    expect(report.effectiveDateTime).toBe('2026-11-21T14:00:00.000Z');
    expect(report.issued).toBe('2026-11-24T18:00:00.000Z');
    expect(report.conclusion).toBe('Overall a strong result. Recheck ApoB in 3 months.');
    expect(report.result).toHaveLength(input.results.length);
    expect(report.resultsInterpreter?.[0]?.display).toBe('Dr. Maya Chen');
    const practitioner = resources.find((r) => r.resourceType === 'Practitioner');
    expect(practitioner && 'identifier' in practitioner && practitioner.identifier).toContainEqual({
      system: NPI_SYSTEM,
      value: '1234567893',
    });
    const patient = resources.find((r) => r.resourceType === 'Patient');
    expect(patient).toMatchObject({
      gender: 'female',
      birthDate: '1980-01-05',
      name: [{ text: 'Dana Demo' }],
    });
  });

  it('resolves every reference inside the Bundle', () => {
    const urls = new Set((bundle.entry ?? []).map((e) => e.fullUrl));
    const references = JSON.stringify(bundle).match(/"reference":"[^"]*"/g) ?? [];
    // subject of the report and of each Observation, the results, the interpreter.
    expect(references).toHaveLength(1 + input.results.length * 2 + 1);
    for (const ref of references) expect(urls).toContain(JSON.parse(`{${ref}}`).reference);
    const patientUrl = bundle.entry?.find((e) => e.resource?.resourceType === 'Patient')?.fullUrl;
    expect(report?.subject?.reference).toBe(patientUrl);
    for (const o of observations) expect(o.subject?.reference).toBe(patientUrl);
    expect(report?.result?.map((r) => r.reference)).toEqual(observations.map((o) => `urn:uuid:${o.id}`));
  });

  it('gives every Observation the R4 required fields, a LOINC code by its unit and a UCUM quantity', () => {
    for (const o of observations) {
      expect(o.status).toBe('final');
      expect(o.category?.[0]?.coding?.[0]).toMatchObject({ code: 'laboratory' });
      expect(o.code.coding?.[0]?.system).toBe(LOINC_SYSTEM);
      expect(o.code.coding?.[0]?.code).toMatch(/^\d{1,7}-\d$/);
      expect(o.valueQuantity?.system).toBe(UCUM_SYSTEM);
      expect(o.effectiveDateTime).toBe('2026-11-21T14:00:00.000Z');
    }
    const loinc = (id: string) => byId(id)?.code.coding?.[0]?.code;
    expect(loinc('m1')).toBe('43583-4');
    expect(loinc('m2')).toBe('10835-7');
    expect(loinc('g-max')).toBe('2345-7');
    expect(loinc('g-mmol')).toBe('14749-6');
    expect(byId('m1')?.valueQuantity).toEqual({
      value: 150,
      unit: 'nmol/L',
      system: UCUM_SYSTEM,
      code: 'nmol/L',
    });
    expect(byId('ins')?.valueQuantity).toEqual({
      value: 4.2,
      unit: 'µIU/mL',
      system: UCUM_SYSTEM,
      code: 'u[IU]/mL',
    });
  });

  it('carries the laboratory range as normal and the optimal band as recommended, in the result unit', () => {
    const ranges = byId('g-min')?.referenceRange ?? [];
    expect(ranges).toHaveLength(2);
    const [normal, recommended] = ranges;
    expect(normal?.type?.coding?.[0]).toMatchObject({
      system: REFERENCE_RANGE_MEANING_SYSTEM,
      code: 'normal',
    });
    expect(normal?.low).toEqual({ value: 65, unit: 'mg/dL', system: UCUM_SYSTEM, code: 'mg/dL' });
    expect(normal?.high?.value).toBe(99);
    expect(recommended?.type?.coding?.[0]).toMatchObject({
      system: REFERENCE_RANGE_MEANING_SYSTEM,
      code: 'recommended',
    });
    expect([recommended?.low?.value, recommended?.high?.value]).toEqual([72, 90]);
    // Lp(a) in nmol/L keeps its own ranges, never converted from mg/dL.
    expect(byId('m1')?.referenceRange?.map((r) => r.high?.value)).toEqual([74, 29]);
    expect(byId('m2')?.referenceRange?.map((r) => r.high?.value)).toEqual([29, 14]);
    // Glucose in mmol/L: the catalogue's mg/dL layers converted (99 / 18.016).
    expect(byId('g-mmol')?.referenceRange?.[0]?.high?.code).toBe('mmol/L');
    expect(byId('g-mmol')?.referenceRange?.[0]?.high?.value).toBeCloseTo(99 / 18.016, 6);
    // No layers: no ranges and no interpretation; own layers without a band: only the normal range.
    expect(byId('none')?.referenceRange).toBeUndefined();
    expect(byId('none')?.interpretation).toBeUndefined();
    expect(byId('own')?.referenceRange?.map((r) => r.type?.coding?.[0]?.code)).toEqual(['normal']);
    expect(byId('own')?.referenceRange?.[0]?.low).toBeUndefined();
  });

  it('interprets H, L and N at the boundaries of the laboratory range', () => {
    for (const id of ['g-low', 'g-min', 'g-max', 'g-round', 'g-high', 'm1', 'm2', 'ins', 'own'])
      expect(interpretation(id)?.system).toBe(INTERPRETATION_SYSTEM);
    expect(interpretation('g-low')?.code).toBe('L');
    expect(interpretation('g-min')?.code).toBe('N');
    expect(interpretation('g-max')?.code).toBe('N');
    expect(interpretation('g-round')?.code).toBe('N');
    expect(interpretation('g-high')?.code).toBe('H');
    expect(interpretation('m1')?.code).toBe('H');
    expect(interpretation('m2')?.code).toBe('N');
    expect(interpretation('own')?.code).toBe('N');
  });

  it('maps the portal status and leaves out what is not known yet', () => {
    expect(diagnosticReportStatus('reviewed')).toBe('final');
    expect(diagnosticReportStatus('received')).toBe('preliminary');
    expect(diagnosticReportStatus('ordered')).toBe('registered');
    expect(diagnosticReportStatus('created')).toBe('registered');
    const pending = toFhirDiagnosticReport({
      ...input,
      report: {
        ...input.report,
        status: 'received',
        reviewedAt: null,
        conclusion: null,
        panelLoinc: { code: '24331-1' },
      },
      reviewer: null,
      results: [],
    });
    const pendingReport = pending.entry?.[0]?.resource as DiagnosticReport;
    expect(pendingReport.status).toBe('preliminary');
    expect(pendingReport.issued).toBeUndefined();
    expect(pendingReport.conclusion).toBeUndefined();
    expect(pendingReport.resultsInterpreter).toBeUndefined();
    expect(pendingReport.code.coding).toEqual([
      { system: LOINC_SYSTEM, code: '24331-1', display: 'Longevity Essentials Panel' },
    ]);
    expect(pending.entry?.map((e) => e.resource?.resourceType)).toEqual(['DiagnosticReport', 'Patient']);
  });

  it('refuses a result in a unit its biomarker is not reported in', () => {
    expect(() =>
      toFhirDiagnosticReport({ ...input, results: [{ key: 'hba1c', value: 5, unit: 'mg/dL' }] }),
    ).toThrow(/Hemoglobin A1c is not reported in mg\/dL/);
  });

  it('names entries by stable version 5 UUIDs', () => {
    expect(portalUuid('a')).toBe(portalUuid('a'));
    expect(portalUuid('a')).not.toBe(portalUuid('b'));
  });
});

describe('interpretationCode', () => {
  it('is H above, L below and N within the laboratory range', () => {
    expect(interpretationCode('high')).toBe('H');
    expect(interpretationCode('low')).toBe('L');
    for (const c of ['optimal', 'normal', 'borderline'] as const) expect(interpretationCode(c)).toBe('N');
  });
});
