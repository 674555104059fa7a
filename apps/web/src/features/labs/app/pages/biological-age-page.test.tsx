import { CRP_CONVENTION_LABELS } from '@portal/domain/labs/biological-age';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockApi, patient, renderRoute, setOrganization, signIn } from '../../../../test/helpers';
import { bioAgeDifference } from '../components/bioage-text';
import { bioAgeAvailable, bioAgeMissing, M_PANEL } from '../test/marker-fixtures';

const API = `GET /v2/labs/patient/panels/${M_PANEL}/bio-age/overview`;
const PAGE = `/labs/${M_PANEL}/biological-age`;

beforeEach(() => {
  setOrganization();
  signIn(patient({ feature_flags: { labs2: true } }));
});

describe('biological age page', () => {
  it('shows the biological age beside the age, the difference in words, model, convention, sample and markers used', async () => {
    mockApi({ [API]: json(200, bioAgeAvailable()) });
    renderRoute(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'Biological Age' });
    const hero = screen.getByRole('region', { name: 'Your biological age' });
    expect(within(hero).getByText('44.6', { selector: '.ui-visually-hidden' })).toBeInTheDocument();
    expect(within(hero).getByText('47 years')).toBeInTheDocument();
    expect(within(hero).getByText('2.4 years younger than your age')).toBeInTheDocument();
    expect(within(hero).getByText("Levine's PhenoAge, 2018")).toBeInTheDocument();
    expect(within(hero).getByText(CRP_CONVENTION_LABELS.ln)).toBeInTheDocument();
    expect(within(hero).getByText('November 16th 2026')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: /Your results of November 16th 2026/ });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Albumin', '1751-7', '4.4 g/dL', '44 g/L'],
      ['hs-CRP', '30522-7', '0.9 mg/L', '0.09 mg/dL'],
    ]);
    expect(within(table).getByRole('link', { name: 'hs-CRP' })).toHaveAttribute(
      'href',
      `/labs/${M_PANEL}/biomarker/hs_crp`,
    );
    expect(screen.getByRole('region', { name: 'What is PhenoAge?' })).toHaveTextContent(
      /a population model, not a diagnosis/,
    );
  });

  it('says older when the biological age is above the age', async () => {
    mockApi({ [API]: json(200, bioAgeAvailable({ value: 48, chronologicalAge: 47 })) });
    renderRoute(PAGE);
    await screen.findByText('1 year older than your age');
  });

  it('words the difference to one decimal, and sameness', () => {
    expect(bioAgeDifference(37.1, 47)).toBe('9.9 years younger than your age');
    expect(bioAgeDifference(50.25, 47)).toBe('3.3 years older than your age');
    expect(bioAgeDifference(47, 47)).toBe('the same as your age');
  });

  it('lists what is missing by name, the date of birth for the age, and what could not be used with why', async () => {
    mockApi({ [API]: json(200, bioAgeMissing()) });
    renderRoute(PAGE);
    const none = await screen.findByRole('region', { name: 'No biological age for this panel yet' });
    const [missing, unusable] = within(none).getAllByRole('list');
    expect(
      within(missing!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Your date of birth', 'hs-CRP', 'RDW']);
    expect(
      within(unusable!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Albumin: it was reported in a unit the model cannot convert']);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('region', { name: 'What is PhenoAge?' })).toBeInTheDocument();
  });

  it('says results are needed first when the panel has no reviewed report', async () => {
    mockApi({ [API]: json(200, bioAgeMissing({ reportId: null, missing: [], unusable: [] })) });
    renderRoute(PAGE);
    await screen.findByText('Your biological age is worked out once this panel has reviewed results.');
  });

  it('says it could not load on an error', async () => {
    mockApi({ [API]: json(500, { text: 'Error', message: 'boom' }) });
    renderRoute(PAGE);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load your biological age. Please try again.',
    );
  });
});
