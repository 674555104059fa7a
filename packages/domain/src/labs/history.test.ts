import { describe, expect, it } from 'vitest';
import { biomarkerHistory, type ReportResults } from './history';

const REPORTS: ReportResults[] = [
  {
    reportId: 'r2',
    takenOn: '2025-11-03',
    results: [
      { code: '14749-6', value: 5.2, unit: 'mmol/L' },
      { code: 'lpa', value: 40, unit: 'mg/dL' },
      { code: 'testosterone', value: 610, unit: 'ng/dL' },
    ],
  },
  {
    reportId: 'r1',
    takenOn: '2025-05-20',
    results: [
      { code: 'glucose', value: 101, unit: 'mg/dL' },
      { code: '43583-4', value: 95, unit: 'nmol/L' },
      { code: 'testosterone', value: 15, unit: 'nmol/L' },
    ],
  },
  {
    reportId: 'r3',
    takenOn: '2026-04-28',
    results: [
      { code: '2345-7', value: 86, unit: 'mg/dL' },
      { code: 'glucose', value: 88, unit: 'mg/dl/h' },
      { code: 'hdl_c', value: 61, unit: 'mg/dL' },
      { code: 'lpa', value: 88, unit: 'nmol/L' },
    ],
  },
];

describe('biomarkerHistory', () => {
  it("gives a biomarker's results oldest first, in the latest result's unit, each judged in it", () => {
    const history = biomarkerHistory('glucose', REPORTS);
    expect(history.unit).toBe('mg/dL');
    expect(history.points.map((p) => [p.reportId, p.takenOn, p.unit, p.classification])).toEqual([
      ['r1', '2025-05-20', 'mg/dL', 'high'],
      ['r2', '2025-11-03', 'mg/dL', 'borderline'],
      ['r3', '2026-04-28', 'mg/dL', 'optimal'],
    ]);
    expect(history.points.map((p) => p.value)).toEqual([101, expect.closeTo(93.6832, 4), 86]);
  });

  it('keeps what the laboratory reported and the code of its unit', () => {
    const [, second] = biomarkerHistory('glucose', REPORTS).points;
    expect(second).toMatchObject({ loinc: '14749-6', reported: { value: 5.2, unit: 'mmol/L' } });
  });

  it('converts to the unit asked for', () => {
    const history = biomarkerHistory('glucose', REPORTS, { unit: 'mmol/L' });
    expect(history.unit).toBe('mmol/L');
    expect(history.points.map((p) => p.value)).toEqual([
      expect.closeTo(5.6061, 4),
      5.2,
      expect.closeTo(4.7735, 4),
    ]);
  });

  it('lists a result it cannot read', () => {
    expect(biomarkerHistory('glucose', REPORTS).unreadable).toEqual([
      { reportId: 'r3', reason: 'unknown_unit' },
    ]);
  });

  it('keeps Lp(a) in another unit apart, never converted', () => {
    const history = biomarkerHistory('lpa', REPORTS);
    expect(history.unit).toBe('nmol/L');
    expect(history.points.map((p) => [p.reportId, p.value, p.unit, p.loinc])).toEqual([
      ['r1', 95, 'nmol/L', '43583-4'],
      ['r3', 88, 'nmol/L', '43583-4'],
    ]);
    expect(history.apart.map((p) => [p.reportId, p.value, p.unit, p.loinc, p.classification])).toEqual([
      ['r2', 40, 'mg/dL', '10835-7', 'high'],
    ]);
  });

  it('judges sex-specific layers with the sex given, and not without it', () => {
    const male = biomarkerHistory('testosterone', REPORTS, { sex: 'male' });
    expect(male.points.map((p) => [p.reportId, Math.round(p.value), p.unit, p.classification])).toEqual([
      ['r1', 433, 'ng/dL', 'borderline'],
      ['r2', 610, 'ng/dL', 'optimal'],
    ]);
    expect(biomarkerHistory('testosterone', REPORTS).points.map((p) => p.classification)).toEqual([
      null,
      null,
    ]);
  });

  it('is empty for a biomarker no report has', () => {
    expect(biomarkerHistory('ferritin', REPORTS)).toEqual({
      unit: null,
      points: [],
      apart: [],
      unreadable: [],
    });
    expect(biomarkerHistory('ferritin', REPORTS, { unit: 'ug/L' }).unit).toBe('ug/L');
  });

  it('orders results of the same day by report id', () => {
    const sameDay: ReportResults[] = [
      { reportId: 'b', takenOn: '2026-01-05', results: [{ code: 'hdl_c', value: 55, unit: 'mg/dL' }] },
      { reportId: 'a', takenOn: '2026-01-05', results: [{ code: 'hdl_c', value: 1.5, unit: 'mmol/L' }] },
    ];
    const history = biomarkerHistory('hdl_c', sameDay, { sex: 'female' });
    expect(history.unit).toBe('mg/dL');
    expect(history.points.map((p) => [p.reportId, p.classification])).toEqual([
      ['a', 'borderline'],
      ['b', 'borderline'],
    ]);
  });
});
