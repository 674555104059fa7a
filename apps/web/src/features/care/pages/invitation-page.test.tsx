import type { CareInvitationLookup } from '@portal/domain/contracts/care';
import { MESSAGES } from '@portal/domain/messages';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getStoredUser } from '../../../lib/session';
import {
  currentUrl,
  json,
  makeToken,
  mockApi,
  ORG_ID,
  patient,
  renderRoute,
  setOrganization,
} from '../../../test/helpers';
import { queuePage } from '../test-fixtures';

const ID = '65a1b2c3d4e5f6a7b8c9d0f6';
const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789';
const PAGE = `/care/invitation/${ID}/${TOKEN}`;
const LOOKUP = `GET /care/invitations/${ID}/${TOKEN}`;
const ACCEPT = 'POST /care/invitations/accept';
const NEW_ID = '65a1b2c3d4e5f6a7b8c9d0f7';

const invitation = (overrides: Partial<CareInvitationLookup> = {}): CareInvitationLookup => ({
  status: 'open',
  clinic: 'Evergreen Health',
  email: 'casey@evergreen.test',
  first_name: 'Casey',
  role: 'care_team',
  expires_at: '2026-12-02T12:00:00.000Z',
  ...overrides,
});

beforeEach(() => setOrganization());

describe('the staff invitation page', () => {
  it("greets the invitee, holds the portal's password rule, accepts, signs in and lands in /care", async () => {
    const staff = patient({
      _id: NEW_ID,
      role: 'care_team',
      email: 'casey@evergreen.test',
      first_name: 'Casey',
    });
    const requests = mockApi({
      [LOOKUP]: json(200, invitation()),
      [ACCEPT]: json(201, { _id: NEW_ID, email: 'casey@evergreen.test', role: 'care_team' }),
      [`POST /login/${ORG_ID}`]: json(200, {
        token: makeToken({ sub: NEW_ID, exp: Math.floor(Date.now() / 1000) + 3600 }),
        user: staff,
      }),
      [`GET /care/${ORG_ID}/queue`]: json(200, queuePage([])),
      [`GET /users/${NEW_ID}`]: json(200, staff),
      [`GET /v2/users/${NEW_ID}`]: json(200, staff),
    });
    const { user, router } = renderRoute(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Evergreen Health, Casey' });
    expect(screen.getByText('Care coordinator')).toBeInTheDocument();
    expect(screen.getByText('casey@evergreen.test')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(MESSAGES.newPasswordWeak);

    await user.type(screen.getByLabelText('Password'), 'weakpass');
    await user.type(screen.getByLabelText('Confirm password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Join and sign in' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.newPasswordWeak),
    );
    expect(screen.getByText(MESSAGES.newPasswordsMustMatch)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Coordinator-1');
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Coordinator-1');
    await user.click(screen.getByRole('button', { name: 'Join and sign in' }));

    await waitFor(() => expect(currentUrl(router)).toBe('/care'));
    expect(requests.find((r) => r.path === '/care/invitations/accept')?.body).toEqual({
      invitation: ID,
      token: TOKEN,
      password: 'Coordinator-1',
    });
    expect(requests.find((r) => r.path === `/login/${ORG_ID}`)?.body).toEqual({
      email: 'casey@evergreen.test',
      password: 'Coordinator-1',
    });
    expect(getStoredUser()?._id).toBe(NEW_ID);
  });

  it('sends the invitee to log in when signing in does not follow the acceptance', async () => {
    mockApi({
      [LOOKUP]: json(200, invitation()),
      [ACCEPT]: json(201, { _id: NEW_ID, email: 'casey@evergreen.test', role: 'care_team' }),
      [`POST /login/${ORG_ID}`]: json(429, { text: 'TooManyRequests', message: 'Too many attempts.' }),
    });
    const { user } = renderRoute(PAGE);
    await user.type(await screen.findByLabelText('Password'), 'Coordinator-1');
    await user.type(screen.getByLabelText('Confirm password'), 'Coordinator-1');
    await user.click(screen.getByRole('button', { name: 'Join and sign in' }));
    await screen.findByRole('heading', { name: 'Your account is ready' });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it("shows the server's refusal of the acceptance", async () => {
    mockApi({
      [LOOKUP]: json(200, invitation()),
      [ACCEPT]: json(400, {
        text: 'InvalidInvitation',
        message: 'This invitation link is invalid or has expired.',
      }),
    });
    const { user } = renderRoute(PAGE);
    await user.type(await screen.findByLabelText('Password'), 'Coordinator-1');
    await user.type(screen.getByLabelText('Confirm password'), 'Coordinator-1');
    await user.click(screen.getByRole('button', { name: 'Join and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation link is invalid or has expired.',
    );
  });

  it.each([
    ['accepted', 'This invitation has already been used'],
    ['expired', 'This invitation has expired'],
  ] as const)('says when an invitation is %s, without a form', async (status, heading) => {
    mockApi({ [LOOKUP]: json(200, invitation({ status })) });
    renderRoute(PAGE);
    await screen.findByRole('heading', { level: 1, name: heading });
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('says when the link is unknown', async () => {
    mockApi({
      [LOOKUP]: json(404, {
        text: 'InvalidInvitation',
        message: 'This invitation link is invalid or has expired.',
      }),
    });
    renderRoute(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'This invitation link does not work' });
  });
});
