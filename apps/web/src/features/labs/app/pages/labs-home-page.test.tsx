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
import { lab, page } from '../../test/fixtures';
import { API } from '../test/overview-fixtures';
import { HOME_EMPTY_TEXT, HOME_LOAD_ERROR } from './labs-home-page';

beforeEach(() => {
  setOrganization();
  signIn(patient({ feature_flags: { labs2: true } }));
});

const card = (name: string) => screen.getByRole('listitem', { name });

describe('labs app home', () => {
  it('shows each panel with its stage, date and a link into the panel', async () => {
    const reviewed = lab('reviewed', {
      productName: 'Comprehensive Panel',
      description: 'Thirty-two biomarkers.',
    });
    const waiting = lab('received', { productName: 'Essentials Panel' });
    mockApi({ [API.panels]: json(200, page([reviewed, waiting])) });
    renderRoute('/labs');
    await screen.findByRole('heading', { level: 1, name: 'Labs' });
    await screen.findByRole('listitem', { name: 'Comprehensive Panel' });

    const done = card('Comprehensive Panel');
    expect(within(done).getByRole('progressbar', { name: 'Lab status' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(within(done).getByText('Results Ready')).toBeInTheDocument();
    expect(within(done).getByText('Thirty-two biomarkers.')).toBeInTheDocument();
    expect(within(done).getByText('June 1st 2026')).toBeInTheDocument();
    expect(within(done).getByRole('link', { name: 'View results' })).toHaveAttribute(
      'href',
      `/labs/${reviewed.panelId}`,
    );

    const pending = card('Essentials Panel');
    expect(within(pending).getByRole('progressbar', { name: 'Lab status' })).toHaveAttribute(
      'aria-valuenow',
      '75',
    );
    expect(within(pending).queryByRole('link', { name: 'View results' })).toBeNull();
    expect(within(pending).getByRole('link', { name: 'View panel' })).toHaveAttribute(
      'href',
      `/labs/${waiting.panelId}`,
    );
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('pages through the panels when there is more than one page, reading the page in the address', async () => {
    const requests = mockApi({ [API.panels]: json(200, page([lab('reviewed')], 2, 3)) });
    renderRoute('/labs?page=2');
    const pager = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', '/labs?page=3');
    expect(within(pager).getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/labs');
    expect(within(pager).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(requests.some((r) => r.path === '/v2/labs/patient/panels?page=2')).toBe(true);
  });

  it('shows the same page at /labs/shop', async () => {
    mockApi({ [API.panels]: json(200, page([lab('reviewed', { productName: 'Comprehensive Panel' })])) });
    renderRoute('/labs/shop');
    await screen.findByRole('heading', { level: 1, name: 'Labs' });
    await screen.findByRole('listitem', { name: 'Comprehensive Panel' });
  });

  it('explains where labs come from when there are none, with Message Us and the Lab Instructions', async () => {
    mockApi({ [API.panels]: json(200, page([])) });
    renderRoute('/labs');
    await screen.findByText(HOME_EMPTY_TEXT);
    expect(screen.getByRole('link', { name: 'Message Us' })).toHaveAttribute(
      'href',
      `/messages/${USER_ID}/new`,
    );
    const instructions = screen.getAllByRole('link', { name: 'Lab Instructions' });
    expect(instructions.length).toBeGreaterThan(0);
    for (const link of instructions) expect(link).toHaveAttribute('href', '/lab-instructions');
  });

  it('says so when the panels cannot be read, and tries again', async () => {
    let fail = true;
    mockApi({
      [API.panels]: () =>
        fail
          ? json(500, { text: 'Error', message: 'boom' })
          : json(200, page([lab('reviewed', { productName: 'Again Panel' })])),
    });
    const { user } = renderRoute('/labs');
    await screen.findByText(HOME_LOAD_ERROR);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('listitem', { name: 'Again Panel' });
  });
});
