import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LabBiomarkerDetail } from '../../../../api/labs';
import { json, mockApi, patient, renderRoute, setOrganization, signIn } from '../../../../test/helpers';
import { hexId } from '../../test/fixtures';
import { apobDetail, lpaDetail, M_EARLIER, M_PANEL, overviewAwaiting } from '../test/marker-fixtures';
import { changeText } from './biomarker-page';

const API = (id: string) => `GET /v2/labs/patient/panels/${M_PANEL}/markers/${id}`;
const PAGE = (id: string, query = '') => `/labs/${M_PANEL}/biomarker/${id}${query}`;

beforeEach(() => {
  setOrganization();
  signIn(patient({ feature_flags: { labs2: true } }));
});

function serve(id: string, detail: LabBiomarkerDetail | Response) {
  return mockApi({ [API(id)]: detail instanceof Response ? detail : json(200, detail) });
}

describe('biomarker page', () => {
  it('shows the value to 2 decimals with its unit and badge, the two range layers, what it means and what to do', async () => {
    serve('apob', apobDetail());
    renderRoute(PAGE('apob'));
    await screen.findByRole('heading', { level: 1, name: 'Apolipoprotein B' });
    const result = screen.getByRole('region', { name: 'Your result' });
    expect(within(result).getByText('84.46')).toBeInTheDocument();
    expect(within(result).getByText('Needs Improvement')).toHaveClass('labs-badge--amber');
    expect(within(result).getByText('Sample of November 16th 2026')).toBeInTheDocument();
    // the bar chart says its ranges in words
    expect(within(result).getByRole('img', { name: /Your value 84.46 mg\/dL/ })).toBeInTheDocument();
    // the laboratory's layer spans optimal and borderline; the clinic's band is the optimal range alone
    expect(within(result).getByText('Laboratory reference range').nextSibling).toHaveTextContent(
      'up to 89 mg/dL',
    );
    expect(within(result).getByText("Your clinic's optimal range").nextSibling).toHaveTextContent(
      'up to 80 mg/dL',
    );
    expect(screen.getByRole('region', { name: 'What it means' })).toHaveTextContent(
      'ApoB counts the particles that carry cholesterol into artery walls.',
    );
    expect(screen.getByRole('region', { name: 'What you can do' })).toHaveTextContent(
      'Fibre-rich foods and regular exercise lower ApoB.',
    );
    expect(screen.getByText(/Lab codes:/)).toHaveTextContent('Lab codes: LOINC 1884-6 · UCUM mg/dL');
  });

  it('links back to its category and to all biomarkers, under the panel navigation named after the panel', async () => {
    mockApi({
      [API('apob')]: json(200, apobDetail()),
      [`GET /v2/labs/patient/panels/${M_PANEL}/overview`]: json(200, overviewAwaiting()),
    });
    renderRoute(PAGE('apob'));
    const sections = await screen.findByRole('navigation', {
      name: 'Comprehensive Longevity Panel sections',
    });
    expect(within(sections).getByRole('link', { name: 'Biomarkers' })).toHaveAttribute(
      'href',
      `/labs/${M_PANEL}/biomarkers`,
    );
    const crumbs = await screen.findByRole('navigation', { name: 'Biomarker' });
    expect(within(crumbs).getByRole('link', { name: 'Heart' })).toHaveAttribute(
      'href',
      `/labs/${M_PANEL}/categories/heart`,
    );
    expect(within(crumbs).getByRole('link', { name: 'All biomarkers' })).toHaveAttribute(
      'href',
      `/labs/${M_PANEL}/biomarkers`,
    );
  });

  it('draws the history with the optimal band and lists every result in an accessible table, oldest first', async () => {
    serve('apob', apobDetail());
    renderRoute(PAGE('apob'));
    const trend = await screen.findByRole('region', { name: 'Over time' });
    expect(
      within(trend).getByRole('img', {
        name: 'Apolipoprotein B over time: 2 results from June 21st 2026 to November 16th 2026; latest 84.46 mg/dL, Needs Improvement. The shaded band is the optimal range.',
      }),
    ).toBeInTheDocument();
    expect(within(trend).getByTestId('trend-optimal-band')).toBeInTheDocument();
    const points = within(trend).getAllByTestId('trend-point');
    expect(points.map((p) => p.getAttribute('class'))).toEqual([
      'trend-chart__point trend-chart__point--red',
      'trend-chart__point trend-chart__point--amber',
    ]);
    const table = within(trend).getByRole('table', {
      name: 'Apolipoprotein B results in mg/dL, oldest first',
    });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['June 21st 2026', '96 mg/dL', 'Needs Attention (high)'],
      ['November 16th 2026 (shown above)', '84.46 mg/dL', 'Needs Improvement'],
    ]);
    // an earlier result opens that report's view of the biomarker
    expect(within(table).getByRole('link', { name: 'June 21st 2026' })).toHaveAttribute(
      'href',
      `/labs/${M_PANEL}/biomarker/apob?reportId=${M_EARLIER}`,
    );
    expect(within(trend).getByText(/^Latest result:/)).toHaveTextContent(
      'Latest result: 11.54 mg/dL lower than on June 21st 2026 (96 mg/dL).',
    );
  });

  it('lists results in a unit that cannot be converted apart from the chart, and says why', async () => {
    serve('lpa', lpaDetail());
    renderRoute(PAGE('lpa'));
    const trend = await screen.findByRole('region', { name: 'Over time' });
    expect(within(trend).getAllByTestId('trend-point')).toHaveLength(1);
    expect(within(trend).getByRole('heading', { name: 'Results in another unit' })).toBeInTheDocument();
    expect(trend).toHaveTextContent(
      'This result was reported in a unit that cannot be converted to mg/dL: it measures Lipoprotein(a) a different way, so it is listed here and not drawn on the chart.',
    );
    expect(within(trend).getByRole('listitem')).toHaveTextContent(
      'June 21st 2026 41 nmol/L Needs Improvement',
    );
    // no suggestion: no "What you can do"
    expect(screen.queryByRole('region', { name: 'What you can do' })).toBeNull();
  });

  it('asks for the report of ?reportId= and says when that report did not measure the biomarker, with its history', async () => {
    const requests = serve('apob', apobDetail({ marker: null }));
    renderRoute(PAGE('apob', `?reportId=${M_EARLIER}`));
    await screen.findByText(/This report did not measure Apolipoprotein B\./);
    expect(requests.map((r) => r.path)).toContain(
      `/v2/labs/patient/panels/${M_PANEL}/markers/apob?reportId=${M_EARLIER}`,
    );
    expect(screen.queryByRole('region', { name: 'What it means' })).toBeNull();
    expect(screen.getByRole('table', { name: /Apolipoprotein B results/ })).toBeInTheDocument();
    // the category link falls back to the category's slug
    expect(screen.getByRole('link', { name: 'Heart' })).toHaveAttribute(
      'href',
      `/labs/${M_PANEL}/categories/heart`,
    );
    expect(screen.getByText(/Lab codes:/)).toHaveTextContent('LOINC 1884-6 · UCUM mg/dL');
  });

  it('shows the result of an earlier report with a way back to the latest', async () => {
    const detail = apobDetail();
    serve('apob', {
      ...detail,
      marker: { ...detail.marker!, value: 96, rangeType: 'high', rangeCategory: 'high-low' },
    });
    renderRoute(PAGE('apob', `?reportId=${M_EARLIER}`));
    const result = await screen.findByRole('region', { name: 'Your result' });
    expect(within(result).getByText('Needs Attention')).toHaveClass('labs-badge--red');
    expect(within(result).getByText(/Sample of June 21st 2026/)).toBeInTheDocument();
    expect(within(result).getByRole('link', { name: 'See your latest result' })).toHaveAttribute(
      'href',
      `/labs/${M_PANEL}/biomarker/apob`,
    );
    const table = screen.getByRole('table', { name: /Apolipoprotein B results/ });
    expect(within(table).getByRole('link', { name: 'November 16th 2026' })).toHaveAttribute(
      'href',
      `/labs/${M_PANEL}/biomarker/apob?reportId=${hexId('cb2')}`,
    );
  });

  it('words the latest change by direction, or sameness', () => {
    const [a, b] = apobDetail().history.points;
    expect(changeText([a!, b!], 'mg/dL')).toBe('11.54 mg/dL lower than on June 21st 2026 (96 mg/dL).');
    expect(changeText([b!, { ...a!, takenOn: '2026-12-01' }], 'mg/dL')).toBe(
      '11.54 mg/dL higher than on November 16th 2026 (84.46 mg/dL).',
    );
    expect(changeText([a!, { ...b!, value: 96 }], 'mg/dL')).toBe('The same as on June 21st 2026 (96 mg/dL).');
    expect(changeText([a!], 'mg/dL')).toBeNull();
  });

  it("states the laboratory's range alone when the clinic sets no optimal band", async () => {
    const detail = apobDetail();
    serve('apob', {
      ...detail,
      marker: {
        ...detail.marker!,
        value: 70,
        ranges: [
          { type: 'low', min: null, max: 65 },
          { type: 'normal', min: 65, max: 99 },
          { type: 'high', min: 99, max: null },
        ],
        rangeType: 'normal',
        rangeCategory: 'optimal',
      },
    });
    renderRoute(PAGE('apob'));
    const result = await screen.findByRole('region', { name: 'Your result' });
    expect(within(result).getByText('Optimal')).toHaveClass('labs-badge--green');
    expect(within(result).getByText('Laboratory reference range').nextSibling).toHaveTextContent(
      '65 to 99 mg/dL',
    );
    expect(within(result).getByText("Your clinic's optimal range").nextSibling).toHaveTextContent(
      'Your clinic sets no optimal range for this biomarker: within the reference range counts as optimal.',
    );
    expect(screen.queryByTestId('trend-optimal-band')).toBeNull();
  });

  it('says when a biomarker has no range, without stating empty layers', async () => {
    const detail = apobDetail();
    serve('apob', {
      ...detail,
      marker: { ...detail.marker!, ranges: [], rangeType: null, rangeCategory: null },
    });
    renderRoute(PAGE('apob'));
    const result = await screen.findByRole('region', { name: 'Your result' });
    expect(within(result).getByText('No range')).toHaveClass('labs-badge--none');
    expect(within(result).getByText('No reference range for this biomarker.')).toBeInTheDocument();
    expect(within(result).queryByText('Laboratory reference range')).toBeNull();
    // the history has no band to shade
    expect(screen.queryByTestId('trend-optimal-band')).toBeNull();
  });

  it('shows a negative value as 0', async () => {
    const detail = apobDetail();
    serve('apob', { ...detail, marker: { ...detail.marker!, value: -3 } });
    renderRoute(PAGE('apob'));
    const result = await screen.findByRole('region', { name: 'Your result' });
    expect(within(result).getByText('0')).toBeInTheDocument();
  });

  it("shows the labs app's not-found page when the API does not know the biomarker", async () => {
    serve('nope', json(404, { text: 'NotFound', message: 'Not found' }));
    renderRoute(PAGE('nope'));
    await screen.findByRole('heading', { level: 1, name: '404 - Page Not Found' });
  });

  it('says it could not load, and tries again', async () => {
    let calls = 0;
    mockApi({
      [API('apob')]: () => {
        calls += 1;
        return calls === 1 ? json(500, { text: 'Error', message: 'boom' }) : json(200, apobDetail());
      },
    });
    const { user } = renderRoute(PAGE('apob'));
    await screen.findByText('We could not load this biomarker. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('heading', { level: 1, name: 'Apolipoprotein B' });
  });
});
