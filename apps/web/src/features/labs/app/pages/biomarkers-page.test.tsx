import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  currentUrl,
  json,
  mockApi,
  patient,
  renderRoute,
  setOrganization,
  signIn,
} from '../../../../test/helpers';
import { allBiomarkers, M_PANEL, overviewAwaiting } from '../test/marker-fixtures';

const API = `GET /v2/labs/patient/panels/${M_PANEL}/all-biomarkers`;
const PAGE = `/labs/${M_PANEL}/biomarkers`;

beforeEach(() => {
  setOrganization();
  signIn(patient({ feature_flags: { labs2: true } }));
  mockApi({ [API]: json(200, allBiomarkers()) });
});

const groups = () =>
  screen
    .queryAllByRole('heading', { level: 2 })
    .map((h) => h.textContent)
    .filter((t) => t !== null);
const rows = () => screen.queryAllByRole('listitem').filter((li) => li.classList.contains('biomarkers-row'));
const names = () => rows().map((r) => within(r).getByRole('link').textContent);
const chip = (name: RegExp) => screen.getByRole('button', { name });

describe('all biomarkers page', () => {
  it('groups the markers by category with links to each biomarker page, badges and counts', async () => {
    renderRoute(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'Biomarkers' });
    expect(groups()).toEqual(['Heart 4 biomarkers', 'Metabolic 2 biomarkers']);
    expect(screen.getByRole('link', { name: 'Heart' })).toHaveAttribute(
      'href',
      `/labs/${M_PANEL}/categories/heart`,
    );
    expect(names()).toEqual([
      'Apolipoprotein B',
      'HDL Cholesterol',
      'LDL Cholesterol',
      'Lipoprotein(a)',
      'Glucose',
      'Hemoglobin A1c',
    ]);
    const apob = rows()[0]!;
    expect(within(apob).getByRole('link')).toHaveAttribute('href', `/labs/${M_PANEL}/biomarker/apob`);
    expect(apob).toHaveTextContent('84.46 mg/dL');
    expect(within(apob).getByText('Needs Improvement')).toHaveClass('labs-badge--amber');
    expect(screen.getByText('Showing all 6 biomarkers')).toBeInTheDocument();
    expect(chip(/^All/)).toHaveAttribute('aria-pressed', 'true');
    expect(chip(/^All/)).toHaveTextContent('All (6)');
    expect(chip(/^Optimal/)).toHaveTextContent('Optimal (3)');
    expect(chip(/^Needs Improvement/)).toHaveTextContent('Needs Improvement (2)');
    expect(chip(/^Needs Attention/)).toHaveTextContent('Needs Attention (1)');
  });

  it('filters by range with the chips, keeping the filter in the address', async () => {
    const { user, router } = renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: /^Needs Improvement/ }));
    await waitFor(() => expect(names()).toEqual(['Apolipoprotein B', 'Lipoprotein(a)']));
    expect(currentUrl(router)).toBe(`${PAGE}?range=borderline`);
    expect(groups()).toEqual(['Heart 2 biomarkers']);
    expect(chip(/^Needs Improvement/)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Showing 2 of 6 biomarkers')).toBeInTheDocument();
    await user.click(chip(/^All/));
    await waitFor(() => expect(names()).toHaveLength(6));
    expect(currentUrl(router)).toBe(PAGE);
  });

  it('reads the range from the address on arrival (a reload or the back button)', async () => {
    renderRoute(`${PAGE}?range=high-low`);
    expect(await screen.findByRole('button', { name: /^Needs Attention/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(names()).toEqual(['LDL Cholesterol']);
  });

  it('searches by name, together with the range filter, and says when nothing matches', async () => {
    const { user, router } = renderRoute(PAGE);
    await user.type(await screen.findByRole('searchbox', { name: 'Search by name' }), 'chol');
    expect(names()).toEqual(['HDL Cholesterol', 'LDL Cholesterol']);
    await waitFor(() => expect(currentUrl(router)).toBe(`${PAGE}?q=chol`));
    // the chips count what the search leaves
    expect(chip(/^All/)).toHaveTextContent('All (2)');
    await user.click(chip(/^Optimal/));
    await waitFor(() => expect(names()).toEqual(['HDL Cholesterol']));
    await user.click(chip(/^Needs Improvement/));
    await waitFor(() => expect(names()).toEqual([]));
    expect(screen.getByText('No biomarkers match "chol" in Needs Improvement.')).toBeInTheDocument();
  });

  it('reads the search again when the back button brings an earlier address', async () => {
    const { user, router } = renderRoute(`${PAGE}?q=glu`);
    expect(await screen.findByRole('searchbox', { name: 'Search by name' })).toHaveValue('glu');
    expect(names()).toEqual(['Glucose']);
    await user.click(chip(/^Optimal/));
    await waitFor(() => expect(chip(/^Optimal/)).toHaveAttribute('aria-pressed', 'true'));
    expect(currentUrl(router)).toBe(`${PAGE}?q=glu&range=optimal`);
    await user.clear(screen.getByRole('searchbox', { name: 'Search by name' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`${PAGE}?range=optimal`));
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('glu'));
    expect(names()).toEqual(['Glucose']);
  });

  it('says the results are not ready, with the stage, when the panel has no reviewed report', async () => {
    mockApi({
      [API]: json(404, { text: 'NotFound', message: 'The lab report was not found' }),
      [`GET /v2/labs/patient/panels/${M_PANEL}/overview`]: json(200, overviewAwaiting()),
    });
    renderRoute(PAGE);
    await screen.findByText(
      'Your Comprehensive Longevity Panel results are not ready yet: they appear here once your care team has reviewed them.',
    );
    expect(screen.getByText('Awaiting Results')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How to prepare for your blood draw' })).toHaveAttribute(
      'href',
      `/labs/${M_PANEL}/preparation-guideline`,
    );
    expect(
      screen.getByRole('navigation', { name: 'Comprehensive Longevity Panel sections' }),
    ).toBeInTheDocument();
  });

  it("shows the labs app's not-found page for a panel that is not the patient's", async () => {
    mockApi({ [API]: json(404, { text: 'NotFound', message: 'The lab panel was not found' }) });
    renderRoute(PAGE);
    await screen.findByRole('heading', { level: 1, name: '404 - Page Not Found' });
  });

  it('says it could not load on an error', async () => {
    mockApi({ [API]: json(500, { text: 'Error', message: 'boom' }) });
    renderRoute(PAGE);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load your biomarkers. Please try again.',
    );
  });
});
