import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { readSelectedMembership } from '../../../lib/funnel-selection';
import { INTAKE_ID } from '../../../test/fixtures/funnel';
import {
  currentUrl,
  json,
  mockApi,
  ORG_ID,
  patient,
  renderRoute,
  setOrganization,
  signIn,
} from '../../../test/helpers';
import { MEMBERSHIP_ID, membership, membershipPrice } from '../test/fixtures';

const MONTHLY = '0000000000000000000000e2';
const QUARTERLY = '0000000000000000000000e3';
const PATH = `/consultation/membership/${INTAKE_ID}/m/${MEMBERSHIP_ID}?product=abc`;

describe('Membership', () => {
  beforeEach(() => {
    setOrganization();
    signIn(patient({ birthday: '01-01-1980', height: 70, weight: 170, sex: 'male' }));
    mockApi({
      [`GET /memberships/${ORG_ID}/membership/${MEMBERSHIP_ID}`]: json(200, membership()),
      [`GET /memberships/${ORG_ID}/membership/${MEMBERSHIP_ID}/prices`]: json(200, [
        membershipPrice(QUARTERLY, 39_900, 3, true),
        membershipPrice(MONTHLY, 14_900, 1, false),
      ]),
    });
  });

  it('shows the membership with Best Value preselected and stores the chosen price', async () => {
    const { user, router } = renderRoute(PATH);
    await screen.findByRole('heading', { name: 'Healthspan Coaching' });
    expect(screen.getByText('One-to-one longevity coaching.')).toBeInTheDocument();
    expect(screen.getByText('Monthly 1:1 sessions')).toBeInTheDocument();
    expect(screen.getByText('Longevity Essentials Panel')).toBeInTheDocument();
    const quarterly = screen.getByRole('radio', { name: '3 months' });
    expect(quarterly).toBeChecked();
    // 39900 / 3 = 13300 -> $133.00/mo
    expect(quarterly).toHaveAccessibleDescription(/Best Value.*\$133\.00\/mo.*Renews every 3 months/);
    expect(screen.getByRole('radio', { name: '1 month' })).not.toHaveAccessibleDescription(/Best Value/);

    await user.click(screen.getByRole('radio', { name: '1 month' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/consultation/checkout/${INTAKE_ID}?product=abc`));
    expect(readSelectedMembership(INTAKE_ID)).toEqual({
      intake: INTAKE_ID,
      membership_id: MEMBERSHIP_ID,
      price_id: MONTHLY,
      name: 'Healthspan Coaching',
      unit_amount: 14_900,
      interval_count: 1,
    });
    expect(within(document.body).queryByRole('alert')).not.toBeInTheDocument();
  });
});
