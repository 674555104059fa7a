import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockApi, patient, renderRoute, setOrganization, signIn } from '../../../../test/helpers';
import { hexId } from '../../test/fixtures';
import {
  API,
  EARLIER,
  earlierOverview,
  LATEST,
  overview,
  PANEL,
  PENDING,
  reportIdOf,
  reportSummary,
} from '../test/overview-fixtures';
import { HISTORY_LOAD_ERROR, TREND_MAX_REPORTS } from './panel-history-page';

beforeEach(() => {
  setOrganization();
  signIn(patient({ feature_flags: { labs2: true } }));
});

const PENDING_SUMMARY = reportSummary(PENDING, {
  status: 'ordered',
  stage: 'prepared',
  title: 'Follow-up Panel',
  created_at: '2026-11-25T10:00:00.000Z',
  collected_at: null,
  reviewed_at: null,
});

describe('panel history', () => {
  it('lists the reports newest first with dates and stage, linking the reviewed ones to their results and summary', async () => {
    const base = overview();
    mockApi({
      [API.overview]: (r) =>
        json(
          200,
          reportIdOf(r.path) === EARLIER
            ? earlierOverview()
            : { ...base, reports: [PENDING_SUMMARY, ...base.reports] },
        ),
    });
    renderRoute(`/labs/${PANEL}/history`);
    const list = await screen.findByRole('list', { name: 'Reports of this panel' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByRole('heading', { level: 2 })).toHaveTextContent('Follow-up Panel');
    expect(within(items[0]!).getByText('Prepared')).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('link')).toBeNull();

    expect(within(items[1]!).getByText('Results Ready')).toBeInTheDocument();
    expect(within(items[1]!).getByText('November 16th 2026')).toBeInTheDocument();
    expect(within(items[1]!).getByText('(latest)')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('link', { name: 'View results' })).toHaveAttribute(
      'href',
      `/labs/${PANEL}`,
    );
    expect(within(items[1]!).getByRole('link', { name: 'Analysis summary' })).toHaveAttribute(
      'href',
      `/labs/${PANEL}/analysis-summary/${LATEST}`,
    );
    expect(within(items[2]!).getByText('June 5th 2026')).toBeInTheDocument();
    expect(within(items[2]!).getByRole('link', { name: 'View results' })).toHaveAttribute(
      'href',
      `/labs/${PANEL}/history/${EARLIER}`,
    );
    expect(within(items[2]!).getByRole('link', { name: 'Analysis summary' })).toHaveAttribute(
      'href',
      `/labs/${PANEL}/analysis-summary/${EARLIER}`,
    );
    const nav = screen.getByRole('navigation', { name: 'Comprehensive Panel sections' });
    expect(within(nav).getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');
  });

  it('draws the trend of the reviewed reports, oldest first, reading each earlier overview once', async () => {
    const requests = mockApi({
      [API.overview]: (r) => json(200, reportIdOf(r.path) === EARLIER ? earlierOverview() : overview()),
    });
    renderRoute(`/labs/${PANEL}/history`);
    const trend = await screen.findByRole('region', { name: 'Your trend' });
    const rows = within(trend).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'June 5th 202660%39.4 years',
      'November 16th 202672%37.1 years',
    ]);
    const reads = requests.filter((r) => r.path.includes('/overview')).map((r) => reportIdOf(r.path));
    expect(reads.sort()).toEqual([EARLIER, null].sort());
  });

  it(`skips the trend, and its reads, when there are more than ${TREND_MAX_REPORTS} reviewed reports`, async () => {
    const many = Array.from({ length: TREND_MAX_REPORTS + 1 }, (_, i) => reportSummary(hexId(`cc${i}`)));
    const requests = mockApi({ [API.overview]: json(200, overview({ reports: many })) });
    renderRoute(`/labs/${PANEL}/history`);
    await screen.findByRole('list', { name: 'Reports of this panel' });
    expect(screen.queryByRole('region', { name: 'Your trend' })).toBeNull();
    expect(requests.filter((r) => r.path.includes('/overview'))).toHaveLength(1);
  });

  it('shows no trend for a single reviewed report', async () => {
    mockApi({ [API.overview]: json(200, overview({ reports: [overview().reports[0]!] })) });
    renderRoute(`/labs/${PANEL}/history`);
    await screen.findByRole('list', { name: 'Reports of this panel' });
    expect(screen.queryByRole('region', { name: 'Your trend' })).toBeNull();
  });

  it('says so when the history cannot be read, and tries again', async () => {
    let fail = true;
    mockApi({
      [API.overview]: (r) =>
        fail
          ? json(500, { text: 'Error', message: 'boom' })
          : json(200, reportIdOf(r.path) ? earlierOverview() : overview()),
    });
    const { user } = renderRoute(`/labs/${PANEL}/history`);
    await screen.findByText(HISTORY_LOAD_ERROR);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('list', { name: 'Reports of this panel' });
  });
});
