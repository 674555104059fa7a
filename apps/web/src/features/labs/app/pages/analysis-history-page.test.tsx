import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockApi, patient, renderRoute, setOrganization, signIn } from '../../../../test/helpers';
import {
  API,
  EARLIER,
  earlierAnalysis,
  LATEST,
  latestAnalysis,
  overview,
  PANEL,
  PENDING,
  reportIdOf,
  reportSummary,
} from '../test/overview-fixtures';
import { ANALYSIS_HISTORY_LOAD_ERROR, COMPARE_LOAD_ERROR } from './analysis-history-page';

beforeEach(() => {
  setOrganization();
  signIn(patient({ feature_flags: { labs2: true } }));
});

const withPending = () => {
  const base = overview();
  return {
    ...base,
    reports: [
      reportSummary(PENDING, { status: 'received', stage: 'awaiting', title: 'Follow-up Panel' }),
      ...base.reports,
    ],
  };
};

function serve(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [API.overview]: json(200, withPending()),
    [API.analysis]: (r) => json(200, reportIdOf(r.path) === EARLIER ? earlierAnalysis() : latestAnalysis()),
    ...extra,
  });
}

describe('earlier analysis summaries', () => {
  it('lists the reviewed reports only, each linking to its summary, the current one marked', async () => {
    serve();
    renderRoute(`/labs/${PANEL}/analysis-summary/${LATEST}/history`);
    await screen.findByRole('heading', { level: 1, name: 'Earlier summaries' });
    const list = screen.getByRole('region', { name: 'Reviewed reports' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      `/labs/${PANEL}/analysis-summary/${LATEST}`,
      `/labs/${PANEL}/analysis-summary/${EARLIER}`,
    ]);
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    expect(links[1]).not.toHaveAttribute('aria-current');
    expect(within(list).getByText(/Collected June 5th 2026, reviewed June 10th 2026/)).toBeInTheDocument();
    expect(within(list).queryByText('Follow-up Panel')).toBeNull();
  });

  it('compares this report with the previous reviewed one, markers that moved category first', async () => {
    const requests = serve();
    renderRoute(`/labs/${PANEL}/analysis-summary/${LATEST}/history`);
    const changes = await screen.findByRole('list', { name: 'Biomarker changes' });
    const rows = within(changes).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual([
      'hs-CRP',
      'Glucose',
      'ApoB',
      'Ferritin',
    ]);
    expect(rows[0]).toHaveTextContent('0.8 mg/L → 4.26 mg/L');
    expect(rows[0]).toHaveTextContent('Optimal → Needs Attention');
    expect(rows[0]).toHaveTextContent('Worsened');
    expect(rows[1]).toHaveTextContent('Needs Improvement → Optimal');
    expect(rows[1]).toHaveTextContent('Improved');
    expect(rows[2]).toHaveTextContent('Needs Attention → Needs Improvement');
    expect(rows[2]).toHaveTextContent('Improved');
    expect(rows[3]).toHaveTextContent('Unchanged');
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', `/labs/${PANEL}/biomarker/hs_crp`);
    expect(
      screen.getByText(/Compared with your report of June 5th 2026: 3 of 4 biomarkers changed range/),
    ).toBeInTheDocument();
    const reads = requests.filter((r) => r.path.includes('/report/analysis')).map((r) => reportIdOf(r.path));
    expect(reads.sort()).toEqual([EARLIER, LATEST].sort());
  });

  it('has nothing to compare for the first reviewed report', async () => {
    const requests = serve();
    renderRoute(`/labs/${PANEL}/analysis-summary/${EARLIER}/history`);
    await screen.findByText(/first reviewed report of this panel/);
    expect(screen.queryByRole('list', { name: 'Biomarker changes' })).toBeNull();
    expect(requests.some((r) => r.path.includes('/report/analysis'))).toBe(false);
  });

  it('says so when a report cannot be read for the comparison', async () => {
    serve({
      [API.analysis]: (r) =>
        reportIdOf(r.path) === EARLIER
          ? json(500, { text: 'Error', message: 'boom' })
          : json(200, latestAnalysis()),
    });
    renderRoute(`/labs/${PANEL}/analysis-summary/${LATEST}/history`);
    await screen.findByText(COMPARE_LOAD_ERROR);
  });

  it('says so when the panel cannot be read', async () => {
    serve({ [API.overview]: json(500, { text: 'Error', message: 'boom' }) });
    renderRoute(`/labs/${PANEL}/analysis-summary/${LATEST}/history`);
    await screen.findByText(ANALYSIS_HISTORY_LOAD_ERROR);
  });
});
