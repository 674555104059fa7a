import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockApi, patient, renderRoute, setOrganization, signIn, USER_ID } from '../../../test/helpers';

const HOME = `/dashboard/${USER_ID}/profile`;
const WELCOME_ID = '7e1000000000000000000001';

const note = (id: string, category: string, message: string) => ({
  _id: id,
  read: false,
  created_at: '2026-03-01T00:00:00.000Z',
  message,
  category,
  data: {},
});
const page = (docs: unknown[], unread = docs.length) =>
  json(200, {
    docs,
    page: 1,
    totalPages: 1,
    totalDocs: docs.length,
    hasNextPage: false,
    hasPrevPage: false,
    unread,
    next_cursor: null,
  });

describe('Dashboard: unread count and visit-complete modal', () => {
  beforeEach(() => {
    setOrganization();
    signIn(patient({ mobile_verified: true, verificationStatus: 'completed' }));
  });

  it('says how many notifications are unread, asking the API for the unread ones', async () => {
    const requests = mockApi({
      'GET /v2/notifications': page([note('7e1000000000000000000002', 'message', 'New message')], 3),
    });
    renderRoute(HOME);
    const line = await screen.findByText(
      (_, el) => el?.classList.contains('dashboard__unread') ?? false,
      undefined,
    );
    expect(line).toHaveTextContent('You have 3 unread notifications');
    expect(within(line).getByRole('link', { name: 'View 3 unread notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(requests.find((r) => r.path.startsWith('/v2/notifications'))?.path).toContain('read=false');
    expect(screen.queryByRole('dialog', { name: 'Your visit is complete' })).not.toBeInTheDocument();
  });

  it('shows the visit-complete modal for an unread welcome notification; Continue marks it read', async () => {
    let read = false;
    const requests = mockApi({
      'GET /v2/notifications': () =>
        read ? page([]) : page([note(WELCOME_ID, 'welcome', 'Welcome! Your visit is complete.')]),
      [`POST /v2/notifications/${WELCOME_ID}/read`]: () => {
        read = true;
        return json(200, { _id: WELCOME_ID, read: true });
      },
    });
    const { user } = renderRoute(HOME);
    const modal = await screen.findByRole('dialog', { name: 'Your visit is complete' });
    expect(modal).toHaveTextContent('Welcome! Your visit is complete.');
    await user.click(within(modal).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your visit is complete' })).toBeNull());
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `/v2/notifications/${WELCOME_ID}/read`,
    ]);
    expect(
      await screen.findByText((_, el) => el?.classList.contains('dashboard__unread') ?? false),
    ).toHaveTextContent('You have 0 unread notifications');
  });

  it('says notification for exactly one', async () => {
    mockApi({ 'GET /v2/notifications': page([note('7e1000000000000000000002', 'order', 'Shipped')]) });
    renderRoute(HOME);
    const line = await screen.findByText(
      (_, el) => el?.classList.contains('dashboard__unread') ?? false,
      undefined,
    );
    expect(line).toHaveTextContent('You have 1 unread notification');
    expect(line).not.toHaveTextContent('notifications');
  });

  it('hides the modal without marking it read when closed with Escape', async () => {
    const requests = mockApi({
      'GET /v2/notifications': page([note(WELCOME_ID, 'welcome', 'Welcome!')]),
    });
    const { user } = renderRoute(HOME);
    await screen.findByRole('dialog', { name: 'Your visit is complete' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your visit is complete' })).toBeNull());
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });
});
