import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  json,
  mockApi,
  patient,
  renderRoute,
  setOrganization,
  signIn,
  USER_ID,
} from '../../../../test/helpers';
import { API, latestAnalysis, overview, PANEL, reportIdOf } from '../test/overview-fixtures';
import { ASSESSMENT_LOAD_ERROR } from './assessment-overview-page';

beforeEach(() => {
  setOrganization();
  signIn(patient({ feature_flags: { labs2: true } }));
});

const step = (s: string) => `/labs/${PANEL}/assessment-overview/${s}`;

function serve(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [API.overview]: json(200, overview()),
    [API.analysis]: json(200, latestAnalysis()),
    ...extra,
  });
}

const markerNames = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('link')
    .map((l) => l.textContent);

describe('assessment overview', () => {
  it('walks the latest report: step 1 lists the Optimal markers, with the step list and Next', async () => {
    const requests = serve();
    renderRoute(step('1'));
    await screen.findByRole('heading', { level: 1, name: 'Optimal' });
    expect(reportIdOf(requests.find((r) => r.path.includes('/report/analysis'))!.path)).toBeNull();
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    expect(markerNames('Optimal')).toEqual(['Glucose', 'Ferritin', 'Vitamin D']);
    expect(screen.getByRole('link', { name: 'Glucose' })).toHaveAttribute(
      'href',
      `/labs/${PANEL}/biomarker/glucose`,
    );
    const steps = screen.getByRole('list', { name: 'Assessment steps' });
    const links = within(steps).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['1', '2', '3', '4'].map(step));
    expect(links[0]).toHaveAttribute('aria-current', 'step');
    expect(links.slice(1).every((l) => !l.hasAttribute('aria-current'))).toBe(true);
    expect(screen.getByRole('link', { name: /Next: Needs Improvement/ })).toHaveAttribute('href', step('2'));
    expect(screen.getByRole('link', { name: /Back to overview/ })).toHaveAttribute('href', `/labs/${PANEL}`);
  });

  it.each([
    ['2', 'Needs Improvement', ['ApoB'], 2],
    ['borderline', 'Needs Improvement', ['ApoB'], 2],
    ['3', 'Needs Attention', ['hs-CRP'], 3],
    ['high-low', 'Needs Attention', ['hs-CRP'], 3],
    ['optimal', 'Optimal', ['Glucose', 'Ferritin', 'Vitamin D'], 1],
  ])('step "%s" is %s', async (slug, title, names, n) => {
    serve();
    renderRoute(step(slug));
    await screen.findByRole('heading', { level: 1, name: title });
    expect(screen.getByText(`Step ${n} of 4`)).toBeInTheDocument();
    expect(markerNames(title)).toEqual(names);
    const current = within(screen.getByRole('list', { name: 'Assessment steps' })).getAllByRole('link')[
      n - 1
    ];
    expect(current).toHaveAttribute('aria-current', 'step');
    if (n > 1)
      expect(screen.getByRole('link', { name: /Previous:/ })).toHaveAttribute('href', step(String(n - 1)));
    expect(screen.getByRole('link', { name: /Next:/ })).toHaveAttribute('href', step(String(n + 1)));
  });

  it('step 4 shows the conclusion and the next steps', async () => {
    serve();
    renderRoute(step('4'));
    await screen.findByRole('heading', { level: 1, name: 'Next steps' });
    expect(screen.getByText('Step 4 of 4')).toBeInTheDocument();
    expect(screen.getByText('See you in three months.')).toBeInTheDocument();
    expect(screen.queryByText('Walk daily')).toBeNull();
    expect(screen.getByRole('link', { name: 'Message your care team' })).toHaveAttribute(
      'href',
      `/messages/${USER_ID}/new`,
    );
    expect(screen.getByRole('link', { name: 'Prepare for your next draw' })).toHaveAttribute(
      'href',
      `/labs/${PANEL}/preparation-guideline`,
    );
    expect(screen.getByRole('link', { name: 'Your biological age' })).toHaveAttribute(
      'href',
      `/labs/${PANEL}/biological-age`,
    );
    expect(screen.getByRole('link', { name: /Previous: Needs Attention/ })).toHaveAttribute(
      'href',
      step('3'),
    );
    expect(screen.getByRole('link', { name: 'Done' })).toHaveAttribute('href', `/labs/${PANEL}`);
  });

  it('says when a range holds no biomarker', async () => {
    serve({
      [API.analysis]: json(
        200,
        latestAnalysis({ markers: latestAnalysis().markers.filter((m) => m.rangeCategory !== 'high-low') }),
      ),
    });
    renderRoute(step('3'));
    await screen.findByText('None of your biomarkers is in this range.');
    expect(screen.getByRole('heading', { level: 2, name: '0 biomarkers' })).toBeInTheDocument();
  });

  it.each(['0', '5', 'normal', 'next'])(
    'an unknown step "%s" is the labs app 404, without reading the report',
    async (slug) => {
      const requests = serve();
      renderRoute(step(slug));
      await screen.findByRole('heading', { level: 1, name: '404 - Page Not Found' });
      expect(screen.getByText('The page you are looking for does not exist.')).toBeInTheDocument();
      expect(requests.some((r) => r.path.includes(`/panels/${PANEL}/`))).toBe(false);
    },
  );

  it('says so when the report cannot be read, and shows the 404 when the panel has no reviewed report', async () => {
    serve({ [API.analysis]: json(500, { text: 'Error', message: 'boom' }) });
    const first = renderRoute(step('1'));
    await screen.findByText(ASSESSMENT_LOAD_ERROR);
    first.unmount();
    serve({ [API.analysis]: json(404, { text: 'NotFound', message: 'Not found' }) });
    renderRoute(step('1'));
    await screen.findByRole('heading', { level: 1, name: '404 - Page Not Found' });
  });
});
