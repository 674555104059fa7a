import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../platform/pdf/pdf-text';
import { pdfSafe } from './pdf-common';
import {
  type RequisitionPdfInput,
  renderRequisitionPdf,
  requiresFasting,
  requisitionLoinc,
} from './requisition-pdf';

const input: RequisitionPdfInput = {
  clinic: {
    name: 'Evergreen Longevity',
    address: ['500 Market Street', 'San Francisco, CA 94105'],
    phone: '(415) 555-0100',
  },
  physician: { name: 'Dr. Maya Chen', npi: '1234567893' },
  patient: {
    name: 'Dana Demo',
    birthday: '1980-01-05',
    sex: 'female',
    address: ['1200 Pine Street', 'San Francisco, CA 94109'],
    phone: '(415) 555-0199',
  },
  panel: {
    name: 'Longevity Essentials Panel',
    preparationGuidelines: [
      'Fast for 10 to 12 hours before the draw; water is fine.',
      'Skip biotin for 72 hours.',
    ],
  },
  tests: [
    { name: 'Glucose', key: 'glucose' },
    { name: 'Lipoprotein(a)', key: 'lpa', unit: 'nmol/L' },
    { name: 'Apolipoprotein B', loinc: '1884-6' },
    { name: 'Vitamin K2 (research)' },
  ],
  order: { id: 'ORD-2026-000123', date: new Date('2026-11-20T15:30:00Z') },
};

describe('renderRequisitionPdf', () => {
  it('prints the clinic, physician, patient, order, tests with LOINC codes and the collection instructions', async () => {
    const pdf = await renderRequisitionPdf(input);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'Evergreen Longevity',
      'Laboratory Requisition',
      'Dr. Maya Chen',
      '1234567893',
      'Dana Demo',
      'Jan 5, 1980',
      'Female',
      '1200 Pine Street',
      'San Francisco, CA 94109',
      '(415) 555-0199',
      'Longevity Essentials Panel',
      'ORD-2026-000123',
      'Nov 20, 2026',
      'Tests ordered (4)',
      'Glucose',
      '2345-7',
      'Lipoprotein(a)',
      '43583-4',
      'Apolipoprotein B',
      '1884-6',
      'Vitamin K2 (research)',
      'Not coded',
      'FASTING REQUIRED - see below.',
      '- Fast for 10 to 12 hours before the draw; water is fine.',
      '- Skip biotin for 72 hours.',
    ])
      expect(text).toContain(expected);
    // Lp(a) was ordered in nmol/L: never the mg/dL code.
    expect(text).not.toContain('10835-7');
  });

  it('says when no physician is assigned and when there is nothing to prepare', async () => {
    const text = pdfText(
      await renderRequisitionPdf({
        ...input,
        physician: null,
        panel: { name: 'Thyroid Panel', preparationGuidelines: [] },
        patient: { ...input.patient, phone: null, sex: null, birthday: null },
      }),
    );
    expect(text).toContain('Not assigned');
    expect(text).toContain('No special preparation.');
    expect(text).toContain('Not given');
    expect(text).not.toContain('FASTING REQUIRED');
    expect(text).not.toContain('Dr. Maya Chen');
  });

  it('draws text the standard fonts cannot encode as readable stand-ins', async () => {
    const text = pdfText(
      await renderRequisitionPdf({ ...input, patient: { ...input.patient, name: 'Zoë Test 🙂 ≤ 10⁹' } }),
    );
    expect(text).toContain('Zoë Test ? <= 10^9');
  });
});

describe('requisitionLoinc', () => {
  it('codes a test by its unit: Lp(a) in mg/dL and nmol/L are different codes', () => {
    expect(requisitionLoinc({ name: 'Lipoprotein(a)', key: 'lpa', unit: 'mg/dL' })).toBe('10835-7');
    expect(requisitionLoinc({ name: 'Lipoprotein(a)', key: 'lpa', unit: 'nmol/L' })).toBe('43583-4');
    expect(requisitionLoinc({ name: 'Glucose', key: 'glucose', unit: 'mmol/L' })).toBe('14749-6');
    // The catalogue's reporting unit when none is given; found by name too.
    expect(requisitionLoinc({ name: 'Glucose' })).toBe('2345-7');
    expect(requisitionLoinc({ name: 'Glucose', loinc: '1558-6' })).toBe('1558-6');
    expect(requisitionLoinc({ name: 'Glucose', key: 'glucose', unit: 'furlongs' })).toBeNull();
    expect(requisitionLoinc({ name: 'Unknown' })).toBeNull();
  });
});

describe('requiresFasting', () => {
  it('reads fasting instructions, not waivers', () => {
    expect(requiresFasting(['Fast for 12 hours.'])).toBe(true);
    expect(requiresFasting(['A fasting sample is required.'])).toBe(true);
    expect(requiresFasting(['Non-fasting sample is fine.'])).toBe(false);
    expect(requiresFasting(['Fasting not required.'])).toBe(false);
    expect(requiresFasting(['Drink water.'])).toBe(false);
    expect(requiresFasting([])).toBe(false);
  });
});

describe('pdfSafe', () => {
  it('keeps Latin-1 and WinAnsi, spells out symbols, replaces the rest', () => {
    expect(pdfSafe('µIU/mL – “ok” café')).toBe('µIU/mL – “ok” café');
    expect(pdfSafe('10⁹/L ≥ 4')).toBe('10^9/L >= 4');
    expect(pdfSafe('a\u0007b\r\nc 😀')).toBe('ab\nc ?');
  });
});
