import { MESSAGES } from '@portal/domain/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, patient, renderRoute, setOrganization, signIn } from '../../../../test/helpers';
import {
  API,
  BIO_AGE,
  EARLIER,
  earlierOverview,
  LATEST,
  overview,
  PANEL,
  pendingOverview,
  reportIdOf,
} from '../test/overview-fixtures';
import { NOT_READY_TITLE, OVERVIEW_LOAD_ERROR } from './panel-overview-page';

beforeEach(() => {
  setOrganization();
  signIn(patient({ feature_flags: { labs2: true } }));
});

const link = (name: string | RegExp) => screen.getByRole('link', { name });

describe('panel overview', () => {
  it('shows the latest reviewed report: dates, optimized %, counts per range, biological age, categories', async () => {
    const requests = mockApi({ [API.overview]: json(200, overview()), [API.bioAge]: json(200, BIO_AGE) });
    renderRoute(`/labs/${PANEL}`);
    await screen.findByRole('heading', { level: 1, name: 'Comprehensive Panel' });
    expect(reportIdOf(requests.find((r) => r.path.includes('/overview'))!.path)).toBeNull();
    expect(screen.getByText('November 16th 2026')).toBeInTheDocument();
    expect(screen.getByText('November 20th 2026')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '72% of your biomarkers are optimized' })).toBeInTheDocument();

    const ranges = screen.getByRole('list', { name: 'Biomarkers by range' });
    expect(within(ranges).getByRole('link', { name: 'Optimal: 23 biomarkers' })).toHaveAttribute(
      'href',
      `/labs/${PANEL}/assessment-overview/1`,
    );
    expect(within(ranges).getByRole('link', { name: 'Needs Improvement: 6 biomarkers' })).toHaveAttribute(
      'href',
      `/labs/${PANEL}/assessment-overview/2`,
    );
    expect(within(ranges).getByRole('link', { name: 'Needs Attention: 3 biomarkers' })).toHaveAttribute(
      'href',
      `/labs/${PANEL}/assessment-overview/3`,
    );

    expect(link('Walk through your results')).toHaveAttribute('href', `/labs/${PANEL}/assessment-overview/1`);

    const bioAge = screen.getByRole('region', { name: 'Biological age' });
    expect(within(bioAge).getByText('37.1')).toBeInTheDocument();
    await within(bioAge).findByText('3.9 years younger than your age of 41');
    expect(within(bioAge).getByRole('link', { name: 'About your biological age' })).toHaveAttribute(
      'href',
      `/labs/${PANEL}/biological-age`,
    );

    expect(link(/^Heart/)).toHaveAttribute('href', `/labs/${PANEL}/categories/heart`);
    expect(link(/^Heart/)).toHaveTextContent('6 biomarkers');
    expect(link(/^Metabolic/)).toHaveTextContent('1 biomarker');
    expect(link('All biomarkers')).toHaveAttribute('href', `/labs/${PANEL}/biomarkers`);
    expect(link('Read the analysis summary')).toHaveAttribute(
      'href',
      `/labs/${PANEL}/analysis-summary/${LATEST}`,
    );
    expect(screen.queryByText(/You are viewing the report of/)).toBeNull();
    // the panel's sections, Overview current
    const nav = screen.getByRole('navigation', { name: 'Comprehensive Panel sections' });
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  });

  it('leaves out the age comparison when the biological age read is about another report', async () => {
    mockApi({
      [API.overview]: json(200, overview()),
      [API.bioAge]: json(200, { ...BIO_AGE, reportId: EARLIER }),
    });
    renderRoute(`/labs/${PANEL}`);
    const bioAge = await screen.findByRole('region', { name: 'Biological age' });
    await waitFor(() => expect(within(bioAge).queryByText(/than your age/)).toBeNull());
    expect(within(bioAge).getByText('37.1')).toBeInTheDocument();
  });

  it('downloads the results PDF named after the report', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const requests = mockApi({
      [API.overview]: json(200, overview()),
      [API.bioAge]: json(200, BIO_AGE),
      [`GET /v2/labs/results/${LATEST}/download`]: () =>
        new Response('%PDF-1.3', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    });
    const { user } = renderRoute(`/labs/${PANEL}`);
    await user.click(await screen.findByRole('button', { name: 'Download results (PDF)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Comprehensive Panel Results.pdf');
    expect(requests.some((r) => r.path === `/v2/labs/results/${LATEST}/download`)).toBe(true);
  });

  it('says so when the PDF cannot be downloaded', async () => {
    mockApi({
      [API.overview]: json(200, overview()),
      [API.bioAge]: json(200, BIO_AGE),
      [`GET /v2/labs/results/${LATEST}/download`]: json(500, { text: 'Error', message: 'boom' }),
    });
    const { user } = renderRoute(`/labs/${PANEL}`);
    await user.click(await screen.findByRole('button', { name: 'Download results (PDF)' }));
    await screen.findByText(MESSAGES.generic);
  });

  it('shows an older report at /history/{reportId} with a notice and a link back to the latest', async () => {
    const requests = mockApi({
      [API.overview]: json(200, earlierOverview()),
      [API.bioAge]: json(200, BIO_AGE),
    });
    renderRoute(`/labs/${PANEL}/history/${EARLIER}`);
    const notice = await screen.findByText(/You are viewing the report of June 5th 2026/);
    expect(within(notice).getByRole('link', { name: 'See your latest results' })).toHaveAttribute(
      'href',
      `/labs/${PANEL}`,
    );
    expect(reportIdOf(requests.find((r) => r.path.includes('/overview'))!.path)).toBe(EARLIER);
    expect(screen.getByRole('img', { name: '60% of your biomarkers are optimized' })).toBeInTheDocument();
    expect(link('Read the analysis summary')).toHaveAttribute(
      'href',
      `/labs/${PANEL}/analysis-summary/${EARLIER}`,
    );
    expect(link(/^Heart/)).toHaveAttribute('href', `/labs/${PANEL}/categories/heart?reportId=${EARLIER}`);
    expect(link('All biomarkers')).toHaveAttribute('href', `/labs/${PANEL}/biomarkers?reportId=${EARLIER}`);
    // the assessment walks the latest report, so the older report's counts are not links to it
    const ranges = screen.getByRole('list', { name: 'Biomarkers by range' });
    expect(within(ranges).queryAllByRole('link')).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Walk through your results' })).toBeNull();
    expect(within(ranges).getByText('19')).toBeInTheDocument();
    // the biological-age read is about the latest report: no comparison under the older one
    expect(screen.queryByText(/than your age/)).toBeNull();
  });

  it('has no notice when /history/{reportId} names the latest reviewed report', async () => {
    mockApi({ [API.overview]: json(200, overview()), [API.bioAge]: json(200, BIO_AGE) });
    renderRoute(`/labs/${PANEL}/history/${LATEST}`);
    await screen.findByRole('heading', { level: 1, name: 'Comprehensive Panel' });
    expect(screen.queryByText(/You are viewing the report of/)).toBeNull();
  });

  it('says the results are not ready before any report is reviewed, with the stage and how to prepare', async () => {
    mockApi({ [API.overview]: json(200, pendingOverview()) });
    renderRoute(`/labs/${PANEL}`);
    await screen.findByRole('heading', { level: 2, name: NOT_READY_TITLE });
    expect(screen.getByRole('progressbar', { name: 'Lab status' })).toHaveAttribute('aria-valuenow', '75');
    expect(screen.getByText('Awaiting Results')).toBeInTheDocument();
    expect(link('Preparation guideline')).toHaveAttribute('href', `/labs/${PANEL}/preparation-guideline`);
    expect(link('Lab Instructions')).toHaveAttribute('href', '/lab-instructions');
    expect(screen.queryByRole('button', { name: 'Download results (PDF)' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Biomarkers by range' })).toBeNull();
  });

  it('says so when the panel cannot be read, and tries again', async () => {
    let fail = true;
    mockApi({
      [API.overview]: () => (fail ? json(500, { text: 'Error', message: 'boom' }) : json(200, overview())),
      [API.bioAge]: json(200, BIO_AGE),
    });
    const { user } = renderRoute(`/labs/${PANEL}`);
    await screen.findByText(OVERVIEW_LOAD_ERROR);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('heading', { level: 1, name: 'Comprehensive Panel' });
  });

  it('shows the labs app 404 for a panel or report the patient does not have', async () => {
    mockApi({ [API.overview]: json(404, { text: 'NotFound', message: 'Not found' }) });
    renderRoute(`/labs/${PANEL}/history/${EARLIER}`);
    await screen.findByRole('heading', { level: 1, name: '404 - Page Not Found' });
    expect(screen.getByText('The page you are looking for does not exist.')).toBeInTheDocument();
  });
});
