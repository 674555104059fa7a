import { biologicalAge } from '@portal/domain/labs/biological-age';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../platform/pdf/pdf-text';
import { markdownToPlainText } from './pdf-common';
import {
  type ResultsPdfInput,
  renderResultsPdf,
  resultsOptimizedPercent,
  resultsPdfFileName,
  resultsRow,
} from './results-pdf';

const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

/** The document's Title, an indirect string object of the info dictionary. */
const pdfTitle = (pdf: Buffer) => {
  const source = pdf.toString('latin1');
  const ref = source.match(/\/Title (\d+) 0 R/)?.[1];
  return ref ? source.match(new RegExp(`\\n${ref} 0 obj\\n\\(([^)]*)\\)`))?.[1] : undefined;
};

const phenoAgeResults = [
  { code: '1751-7', value: 4.5, unit: 'g/dL' },
  { code: '2160-0', value: 0.9, unit: 'mg/dL' },
  { code: '2345-7', value: 88, unit: 'mg/dL' },
  { code: '30522-7', value: 0.8, unit: 'mg/L' },
  { code: 'lymphocytes_pct', value: 32, unit: '%' },
  { code: 'mcv', value: 89, unit: 'fL' },
  { code: 'rdw', value: 12.8, unit: '%' },
  { code: 'alp', value: 62, unit: 'U/L' },
  { code: 'wbc', value: 5.6, unit: '10*3/uL' },
];

const input: ResultsPdfInput = {
  clinic: { name: 'Evergreen Longevity' },
  title: 'Lab Panel Results',
  panelName: 'Longevity Essentials Panel',
  patient: { name: 'Dana Demo', birthday: '1980-01-05', sex: 'female' },
  reviewer: { name: 'Dr. Maya Chen', npi: '1234567893' },
  reviewedAt: new Date('2026-11-24T18:00:00Z'),
  collectedAt: new Date('2026-11-21T14:00:00Z'),
  text: {
    intro: '## Hello Dana\n\nThanks for completing your **Longevity Essentials** panel.',
    main: 'Your [glucose](https://example.com/glucose) is *excellent*.\n\n- Keep walking daily\n- Recheck `ApoB` in 3 months\n<script>alert(1)</script>',
    conclusion: '> Overall a strong result.',
  },
  biologicalAge: (() => {
    const age = biologicalAge({ ageYears: 46, results: phenoAgeResults, takenOn: '2026-11-21' });
    if (!('value' in age)) throw new Error('expected a biological age');
    return age;
  })(),
  markers: [
    // 88 mg/dL glucose sits in the optimal band 72-90.
    { name: 'Glucose', key: 'glucose', value: 88.004, unit: 'mg/dL' },
    // 95 is inside the reference range 65-99 but above the optimal band: Needs Improvement.
    {
      name: 'Fasting Glucose (repeat)',
      value: 95,
      unit: 'mg/dL',
      layers: { reference: { min: 65, max: 99 }, optimal: { min: 72, max: 90 } },
    },
    // 150 nmol/L Lp(a) is above 74: Needs Attention.
    { name: 'Lipoprotein(a)', key: 'lpa', value: 150.456, unit: 'nmol/L' },
    // Typed ranges of a report marker (002 §3).
    {
      name: 'Insulin',
      value: 5.555,
      unit: 'u[IU]/mL',
      ranges: [
        { type: 'low', max: 2.6 },
        { type: 'optimal', min: 2.6, max: 8 },
        { type: 'borderline', min: 8, max: 24.9 },
        { type: 'high', min: 24.9 },
      ],
    },
    { name: 'Omega-3 Index', value: 7.1, unit: '%' },
  ],
};

describe('renderResultsPdf', () => {
  it('draws the title, patient, reviewer, message, percentage, biological age and the biomarkers table', async () => {
    const pdf = await renderResultsPdf(input);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // Named after its title.
    expect(pdfTitle(pdf)).toBe('Lab Panel Results');
    const text = pdfText(pdf);
    for (const expected of [
      'Lab Panel Results',
      'Panel: Longevity Essentials Panel',
      'Patient: Dana Demo, born Jan 5, 1980, Female',
      'Collected: Nov 21, 2026',
      'Reviewed by Dr. Maya Chen (NPI 1234567893) on Nov 24, 2026',
      'Hello Dana',
      'Thanks for completing your Longevity Essentials panel.',
      'Your glucose is excellent.',
      '- Keep walking daily',
      '- Recheck ApoB in 3 months',
      'Overall a strong result.',
      // 2 of the 4 biomarkers with a range are optimal (the Omega-3 Index has none).
      '50% of your biomarkers with a range are in the Optimal range.',
      'Biological age',
      'Method: PhenoAge (Levine 2018), CRP term ln(CRP).',
      'Albumin 4.5 g/dL',
      'Glucose',
      '88',
      'Optimal',
      'Fasting Glucose (repeat)',
      'Needs Improvement',
      '65 - 99 (72 - 90)',
      'Lipoprotein(a)',
      '150.46',
      'nmol/L',
      'Needs Attention',
      '<= 74 (<= 29)',
      'Insulin',
      '5.56',
      'µIU/mL',
      '2.6 - 24.9 (2.6 - 8)',
      'Omega-3 Index',
      'No range',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('88.004');
    expect(text).not.toContain('<script>');
    expect(text).not.toContain('https://example.com');
    expect(text).not.toContain('**');
    expect(text).toMatch(/^\d+(\.\d{1,2})? years$/m);
  });

  it('says when there is no reviewer, no range and no biological age', async () => {
    const pdf = await renderResultsPdf({
      ...input,
      reviewer: null,
      reviewedAt: null,
      biologicalAge: null,
      text: null,
      markers: [{ name: 'Omega-3 Index', value: 7.1, unit: '%' }],
    });
    expect(pages(pdf)).toBe(1);
    const text = pdfText(pdf);
    expect(text).toContain('Not yet reviewed by the clinical team');
    expect(text).toContain('No biomarker of this report has a range to judge it by.');
    expect(text).not.toContain('Biological age');
    expect(text).not.toContain('From your clinical team');
  });

  it('runs onto more pages for a long panel', async () => {
    const markers = Array.from({ length: 80 }, (_, i) => ({
      name: `Marker ${i + 1}`,
      value: i,
      unit: 'mg/dL',
    }));
    const pdf = await renderResultsPdf({ ...input, markers });
    expect(pages(pdf)).toBeGreaterThan(1);
    expect(pdfText(pdf)).toContain('Marker 80');
  });
});

describe('resultsRow', () => {
  it('judges a value by the domain rules, boundaries included', () => {
    const layers = { reference: { min: 65, max: 99 }, optimal: { min: 72, max: 90 } };
    const label = (value: number) => resultsRow({ name: 'Glucose', value, unit: 'mg/dL', layers }).label;
    expect(label(72)).toBe('Optimal');
    expect(label(90)).toBe('Optimal');
    expect(label(90.01)).toBe('Needs Improvement');
    expect(label(99)).toBe('Needs Improvement');
    expect(label(99.004)).toBe('Needs Improvement');
    expect(label(100)).toBe('Needs Attention');
    expect(label(64)).toBe('Needs Attention');
  });

  it('uses the catalogue by sex, shows negatives as 0 and the patient-facing unit', () => {
    // HDL: women's reference starts at 50, men's at 40.
    expect(resultsRow({ name: 'HDL', key: 'hdl_c', value: 45, unit: 'mg/dL' }, 'female').label).toBe(
      'Needs Attention',
    );
    expect(resultsRow({ name: 'HDL', key: 'hdl_c', value: 45, unit: 'mg/dL' }, 'male').label).toBe(
      'Needs Improvement',
    );
    expect(resultsRow({ name: 'HDL', key: 'hdl_c', value: 45, unit: 'mg/dL' }, null).label).toBeNull();
    const ldl = resultsRow({ name: 'LDL', key: 'ldl_c', value: -3.2, unit: 'mg/dL' });
    expect(ldl.value).toBe(0);
    expect(ldl.label).toBe('Optimal');
    expect(resultsRow({ name: 'Insulin', key: 'insulin', value: 1.005, unit: 'uIU/mL' })).toMatchObject({
      value: 1.01,
      unit: 'µIU/mL',
      label: 'Needs Attention',
    });
  });

  it('counts the optimized percentage over the biomarkers with a range', () => {
    const rows = input.markers.map((m) => resultsRow(m, 'female'));
    expect(rows.map((r) => r.label)).toEqual([
      'Optimal',
      'Needs Improvement',
      'Needs Attention',
      'Optimal',
      null,
    ]);
    expect(resultsOptimizedPercent(rows)).toBe(50);
    expect(resultsOptimizedPercent([])).toBeNull();
  });
});

describe('resultsPdfFileName', () => {
  it('names the file after the title', () => {
    expect(resultsPdfFileName('Lab Panel Results')).toBe('lab-panel-results.pdf');
    expect(resultsPdfFileName('Résultats / Nov 2026!')).toBe('resultats-nov-2026.pdf');
    expect(resultsPdfFileName('../../etc/passwd')).toBe('etc-passwd.pdf');
    expect(resultsPdfFileName('🙂')).toBe('lab-results.pdf');
  });
});

describe('markdownToPlainText', () => {
  it('reduces markdown to plain text and drops HTML', () => {
    expect(
      markdownToPlainText(
        '# Title\n\n\n**Bold** and _it_ and ~~gone~~ [link](javascript:alert(1)) ![alt](x.png)\n* item\n1. first\n---\n<b>x</b> &amp; y\n```\ncode\n```',
      ),
    ).toBe('Title\n\nBold and it and gone link alt\n- item\n1. first\nx & y\ncode');
    expect(markdownToPlainText(null)).toBe('');
    expect(markdownToPlainText('a_b_c snake_case and 2*3*4')).toBe('a_b_c snake_case and 234');
    expect(markdownToPlainText('### Heading ###\n## C# ##\n<!-- hidden -->shown <!-- open')).toBe(
      'Heading\nC#\nshown',
    );
  });

  it('stays linear on adversarial input', () => {
    const started = performance.now();
    const n = 50_000;
    markdownToPlainText(
      `# a${' '.repeat(n)}b${'#'.repeat(n)}a\n${'*'.repeat(n)}a${'_'.repeat(n)}[${'['.repeat(n)}](${'('.repeat(n)}\n${'<!--'.repeat(n)}`,
    );
    markdownToPlainText(`${'a '.repeat(n)}${' '.repeat(n)}x\n${'<a'.repeat(n)}\n${'~~a'.repeat(n)}`);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
