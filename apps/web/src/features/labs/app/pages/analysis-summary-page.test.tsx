import { MESSAGES } from '@portal/domain/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  mockApi,
  patient,
  renderRoute,
  setOrganization,
  signIn,
  USER_ID,
} from '../../../../test/helpers';
import {
  API,
  EARLIER,
  earlierAnalysis,
  LATEST,
  latestAnalysis,
  overview,
  PANEL,
  reportIdOf,
} from '../test/overview-fixtures';
import { SUMMARY_LOAD_ERROR } from './analysis-summary-page';

beforeEach(() => {
  setOrganization();
  signIn(patient({ feature_flags: { labs2: true } }));
});

function serve(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [API.overview]: json(200, overview()),
    [API.analysis]: (r) => json(200, reportIdOf(r.path) === EARLIER ? earlierAnalysis() : latestAnalysis()),
    ...extra,
  });
}

describe('analysis summary', () => {
  it('shows the review: title, reviewer, the whole message, optimized %, biological age and Message', async () => {
    const requests = serve();
    renderRoute(`/labs/${PANEL}/analysis-summary/${LATEST}`);
    await screen.findByRole('heading', { level: 1, name: 'Comprehensive Panel Results' });
    expect(reportIdOf(requests.find((r) => r.path.includes('/report/analysis'))!.path)).toBe(LATEST);
    expect(screen.getByText('Reviewed by Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('November 20th 2026')).toBeInTheDocument();
    expect(document.querySelector('.labs-reviewer__avatar')).toHaveAttribute('src', '/ada.png');
    const message = screen.getByRole('region', { name: 'Message from your clinical team' });
    expect(within(message).getByText('mostly good')).toBeInTheDocument();
    expect(within(message).getByText('Walk daily')).toBeInTheDocument();
    expect(within(message).getByText('See you in three months.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '60% of your biomarkers are optimized' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your Biological Age' })).toHaveTextContent('37.1');
    expect(screen.getByRole('link', { name: 'Message' })).toHaveAttribute('href', `/messages/${USER_ID}/new`);
    expect(screen.getByRole('link', { name: 'Earlier summaries' })).toHaveAttribute(
      'href',
      `/labs/${PANEL}/analysis-summary/${LATEST}/history`,
    );
  });

  it('lists what to focus on, Needs Attention then Needs Improvement, linking to the latest biomarker pages', async () => {
    serve();
    renderRoute(`/labs/${PANEL}/analysis-summary/${LATEST}`);
    const focus = await screen.findByRole('region', { name: 'What to focus on' });
    const attention = within(focus).getByRole('list', { name: 'Needs Attention' });
    const improvement = within(focus).getByRole('list', { name: 'Needs Improvement' });
    expect(attention.compareDocumentPosition(improvement) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const crp = within(attention).getByRole('listitem');
    expect(crp).toHaveTextContent('hs-CRP');
    expect(crp).toHaveTextContent('4.26 mg/L');
    expect(within(crp).getByText('Needs Attention')).toBeInTheDocument();
    // once the overview says this is the latest reviewed report, links go to the latest biomarker page
    await waitFor(() =>
      expect(within(crp).getByRole('link', { name: 'hs-CRP' })).toHaveAttribute(
        'href',
        `/labs/${PANEL}/biomarker/hs_crp`,
      ),
    );
    expect(within(improvement).getByRole('link', { name: 'ApoB' })).toHaveAttribute(
      'href',
      `/labs/${PANEL}/biomarker/apob`,
    );
    expect(within(focus).queryByRole('link', { name: 'Glucose' })).toBeNull();
  });

  it('links an older report’s markers to that report', async () => {
    serve();
    renderRoute(`/labs/${PANEL}/analysis-summary/${EARLIER}`);
    const focus = await screen.findByRole('region', { name: 'What to focus on' });
    await waitFor(() =>
      expect(within(focus).getByRole('link', { name: 'ApoB' })).toHaveAttribute(
        'href',
        `/labs/${PANEL}/biomarker/apob?reportId=${EARLIER}`,
      ),
    );
    expect(within(focus).getByRole('link', { name: 'Glucose' })).toHaveAttribute(
      'href',
      `/labs/${PANEL}/biomarker/glucose?reportId=${EARLIER}`,
    );
  });

  it('downloads the PDF named after the title, and says so when it fails', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    let fail = false;
    serve({
      [`GET /v2/labs/results/${LATEST}/download`]: () =>
        fail
          ? json(500, { text: 'Error', message: 'boom' })
          : new Response('%PDF-1.3', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    });
    const { user } = renderRoute(`/labs/${PANEL}/analysis-summary/${LATEST}`);
    await user.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Comprehensive Panel Results.pdf');
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await screen.findByText(MESSAGES.generic);
  });

  it('says every biomarker is optimal when there is nothing to focus on, and leaves out a missing age', async () => {
    serve({
      [API.analysis]: json(
        200,
        latestAnalysis({
          bioAge: null,
          markers: latestAnalysis().markers.filter((m) => m.rangeCategory === 'optimal'),
        }),
      ),
    });
    renderRoute(`/labs/${PANEL}/analysis-summary/${LATEST}`);
    const focus = await screen.findByRole('region', { name: 'What to focus on' });
    expect(within(focus).getByText(/Every biomarker with a range is optimal/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your Biological Age' })).toBeNull();
  });

  it('says so when the summary cannot be read, and shows the 404 for a report the patient does not have', async () => {
    serve({ [API.analysis]: json(500, { text: 'Error', message: 'boom' }) });
    const first = renderRoute(`/labs/${PANEL}/analysis-summary/${LATEST}`);
    await screen.findByText(SUMMARY_LOAD_ERROR);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    first.unmount();

    serve({ [API.analysis]: json(404, { text: 'NotFound', message: 'Not found' }) });
    renderRoute(`/labs/${PANEL}/analysis-summary/${LATEST}`);
    await screen.findByRole('heading', { level: 1, name: '404 - Page Not Found' });
  });
});
