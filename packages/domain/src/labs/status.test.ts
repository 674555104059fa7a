import { describe, expect, it } from 'vitest';
import {
  LAB_FILTER_TABS,
  LAB_PRIMARY_ACTION_LABELS,
  LAB_STATUS_BARS,
  type LabFilter,
  labFilterStatuses,
  labPrimaryAction,
  labStage,
  labStatusBar,
  matchesLabFilter,
  optimizedPercent,
} from './status';

describe('labStage and the status bar (002 §4.1, §9)', () => {
  it.each([
    ['created', 'pending', 20, 'Visit Form Pending', 'allow up to 2 hours'],
    ['ordered', 'prepared', 40, 'Prepared', 'download the form and bring it to the lab'],
    ['received', 'awaiting', 75, 'Awaiting Results', null],
    ['reviewed', 'reviewed', 100, 'Results Ready', null],
  ] as const)('%s shows %s, filled %s %% and labelled %s', (status, stage, percent, label, tooltip) => {
    expect(labStage(status)).toBe(stage);
    expect(labStatusBar(status)).toEqual({ stage, percent, label, tooltip });
  });

  it.each([['pending'], ['cancelled'], ['Reviewed'], [''], [null], [undefined]])(
    'shows any other value (%s) as pending',
    (status) => {
      expect(labStage(status)).toBe('pending');
      expect(labStatusBar(status).percent).toBe(20);
    },
  );

  it('fills the bar further at each stage', () => {
    const percents = Object.values(LAB_STATUS_BARS).map((bar) => bar.percent);
    expect(percents).toEqual([20, 40, 75, 100]);
  });
});

describe('the filter tabs (002 §2.2)', () => {
  it('are Show All, Results Ready, Awaiting Results and Ordered', () => {
    expect(LAB_FILTER_TABS.map((t) => [t.filter, t.label])).toEqual([
      ['all', 'Show All'],
      ['reviewed', 'Results Ready'],
      ['received', 'Awaiting Results'],
      ['ordered', 'Ordered'],
    ]);
  });

  it('ask for the statuses of each tab; "ordered" covers created and ordered', () => {
    expect(labFilterStatuses('all')).toBeNull();
    expect(labFilterStatuses('reviewed')).toEqual(['reviewed']);
    expect(labFilterStatuses('received')).toEqual(['received']);
    expect(labFilterStatuses('ordered')).toEqual(['created', 'ordered']);
  });

  const statuses = ['created', 'ordered', 'received', 'reviewed', 'pending', null] as const;
  it.each([
    ['all', [true, true, true, true, true, true]],
    ['reviewed', [false, false, false, true, false, false]],
    ['received', [false, false, true, false, false, false]],
    ['ordered', [true, true, false, false, false, false]],
  ] as const)('%s shows the right reports', (filter: LabFilter, shown) => {
    expect(statuses.map((s) => matchesLabFilter(s, filter))).toEqual(shown);
  });
});

describe('labPrimaryAction (002 §4.1)', () => {
  it('orders a created lab whose order is not fulfilled', () => {
    expect(labPrimaryAction({ status: 'created', order: { status: { fulfilled: false } } })).toBe(
      'order_lab',
    );
    expect(labPrimaryAction({ status: 'created', order: { status: {} } })).toBe('order_lab');
    expect(labPrimaryAction({ status: 'created', order: null })).toBe('order_lab');
    expect(labPrimaryAction({ status: 'created' })).toBe('order_lab');
  });

  it('has no button for a created lab whose order is fulfilled', () => {
    expect(labPrimaryAction({ status: 'created', order: { status: { fulfilled: true } } })).toBeNull();
  });

  it('views the analysis of a reviewed lab, whatever its order', () => {
    expect(labPrimaryAction({ status: 'reviewed', order: { status: { fulfilled: true } } })).toBe(
      'view_analysis',
    );
    expect(labPrimaryAction({ status: 'reviewed' })).toBe('view_analysis');
  });

  it.each([['ordered'], ['received'], ['pending'], [null], [undefined]])(
    'downloads the form for anything else (%s)',
    (status) => {
      expect(labPrimaryAction({ status, order: { status: { fulfilled: false } } })).toBe('download_form');
      expect(labPrimaryAction({ status, order: { status: { fulfilled: true } } })).toBe('download_form');
    },
  );

  it('labels the buttons as 002 does', () => {
    expect(LAB_PRIMARY_ACTION_LABELS).toEqual({
      order_lab: 'Order Lab',
      download_form: 'Download Form',
      view_analysis: 'View Analysis',
    });
  });
});

describe('optimizedPercent (002 §2.4 "Your Optimized Biomarkers")', () => {
  it('is the share of biomarkers in the Optimal filter, of those with a range, in whole percent', () => {
    expect(optimizedPercent(['optimal', 'optimal', 'borderline'])).toBe(67);
    expect(optimizedPercent(['optimal', 'borderline', 'high-low'])).toBe(33);
    expect(
      optimizedPercent([
        'optimal',
        'high-low',
        'high-low',
        'high-low',
        'high-low',
        'high-low',
        'high-low',
        'high-low',
      ]),
    ).toBe(13);
    expect(optimizedPercent(['optimal', 'optimal', null, null])).toBe(100);
    expect(optimizedPercent(['borderline', null])).toBe(0);
  });

  it('is null when no biomarker has a range', () => {
    expect(optimizedPercent([])).toBeNull();
    expect(optimizedPercent([null, null])).toBeNull();
  });
});
