import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockApi, patient, renderRoute, setOrganization, signIn } from '../../../../test/helpers';
import { heartCategory, M_LATEST, M_PANEL } from '../test/marker-fixtures';

const API = (slug: string) => `GET /v2/labs/patient/panels/${M_PANEL}/categories/${slug}`;
const PAGE = (slug: string, query = '') => `/labs/${M_PANEL}/categories/${slug}${query}`;

beforeEach(() => {
  setOrganization();
  signIn(patient({ feature_flags: { labs2: true } }));
});

describe('category page', () => {
  it("shows the category's markers as cards with value, unit and badge, each linking to its biomarker page", async () => {
    mockApi({ [API('heart')]: json(200, heartCategory()) });
    renderRoute(PAGE('heart'));
    await screen.findByRole('heading', { level: 1, name: 'Heart' });
    expect(screen.getByText('1 of 4 biomarkers optimal')).toBeInTheDocument();
    const cards = screen.getAllByRole('listitem').filter((li) => li.classList.contains('marker-card'));
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Apolipoprotein B',
      'HDL Cholesterol',
      'LDL Cholesterol',
      'Lipoprotein(a)',
    ]);
    const [apob, hdl, ldl] = cards;
    expect(apob).toHaveTextContent('84.46 mg/dL');
    expect(within(apob!).getByText('Needs Improvement')).toHaveClass('labs-badge--amber');
    expect(within(hdl!).getByText('Optimal')).toHaveClass('labs-badge--green');
    expect(within(ldl!).getByText('Needs Attention')).toHaveClass('labs-badge--red');
    // a mini range bar on each card
    expect(within(apob!).getByRole('img', { name: /Your value 84.46 mg\/dL/ })).toBeInTheDocument();
    expect(within(apob!).getByRole('link', { name: 'Apolipoprotein B' })).toHaveAttribute(
      'href',
      `/labs/${M_PANEL}/biomarker/apob`,
    );
    expect(screen.getByRole('link', { name: 'All biomarkers' })).toHaveAttribute(
      'href',
      `/labs/${M_PANEL}/biomarkers`,
    );
  });

  it('keeps the report of ?reportId= in the links to the biomarkers', async () => {
    const requests = mockApi({ [API('heart')]: json(200, heartCategory()) });
    renderRoute(PAGE('heart', `?reportId=${M_LATEST}`));
    expect(await screen.findByRole('link', { name: 'HDL Cholesterol' })).toHaveAttribute(
      'href',
      `/labs/${M_PANEL}/biomarker/hdl_c?reportId=${M_LATEST}`,
    );
    expect(requests.map((r) => r.path)).toContain(
      `/v2/labs/patient/panels/${M_PANEL}/categories/heart?reportId=${M_LATEST}`,
    );
  });

  it("shows the labs app's not-found page for a category the API does not know", async () => {
    mockApi({ [API('nowhere')]: json(404, { text: 'NotFound', message: 'Not found' }) });
    renderRoute(PAGE('nowhere'));
    await screen.findByRole('heading', { level: 1, name: '404 - Page Not Found' });
    expect(screen.getByText('The page you are looking for does not exist.')).toBeInTheDocument();
  });

  it('says it could not load on another error', async () => {
    mockApi({ [API('heart')]: json(500, { text: 'Error', message: 'boom' }) });
    renderRoute(PAGE('heart'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load this category. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
