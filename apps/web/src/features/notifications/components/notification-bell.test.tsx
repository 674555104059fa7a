import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../../api/notifications';
import {
  json,
  mockApi,
  type RecordedRequest,
  setOrganization,
  signIn,
  TestProviders,
  USER_ID,
} from '../../../test/helpers';
import { note, pageOf, stubIntersectionObserver } from '../test/fixtures';
import { NotificationBell } from './notification-bell';

let io: ReturnType<typeof stubIntersectionObserver>;

beforeEach(() => {
  setOrganization();
  signIn();
  io = stubIntersectionObserver();
});

function serveUnread(unread: Notification[]) {
  return (request: RecordedRequest) => {
    const url = new URL(request.path, 'http://localhost');
    expect(url.searchParams.get('read')).toBe('false');
    expect(url.searchParams.get('limit')).toBe('10');
    return json(200, pageOf(unread, Number(url.searchParams.get('page')), unread.length));
  };
}

function renderBell() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/dashboard/:userId/profile', element: <NotificationBell /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [`/dashboard/${USER_ID}/profile`] },
  );
  render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router, user: userEvent.setup() };
}

const bell = () => screen.getByRole('button', { name: 'Notifications' });
const panel = () => screen.getByRole('region', { name: 'Unread notifications' });
const listed = () =>
  within(panel())
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

describe('NotificationBell (001 §2 Bell widget)', () => {
  it('shows a dot while anything is unread and lists the unread ones 5 at a time, fetching pages of 10', async () => {
    const unread = Array.from({ length: 12 }, (_, i) =>
      note({ message: `Unread ${i + 1}`, ageMs: (i + 1) * 60_000 }),
    );
    const requests = mockApi({ 'GET /v2/notifications': serveUnread(unread) });
    const { user } = renderBell();
    await waitFor(() => expect(screen.getByTestId('notification-dot')).toBeInTheDocument());
    expect(bell()).toHaveAccessibleDescription('You have unread notifications');
    expect(bell()).toHaveAttribute('aria-expanded', 'false');

    await user.click(bell());
    expect(bell()).toHaveAttribute('aria-expanded', 'true');
    expect(listed()).toHaveLength(5);
    expect(listed()[0]).toContain('Unread 1');

    act(() => io.show('.notification-bell__sentinel'));
    await waitFor(() => expect(listed()).toHaveLength(10));
    expect(requests.filter((r) => r.path.includes('page=2'))).toHaveLength(0);

    // beyond the 10 loaded: the next page of 10 is fetched, 2 more remain
    act(() => io.show('.notification-bell__sentinel'));
    await waitFor(() => expect(listed()).toHaveLength(12));
    const second = requests.filter((r) => r.path.includes('page=2'));
    expect(second).toHaveLength(1);
    expect(second[0]!.path).toContain('read=false');
    expect(second[0]!.path).toContain('cursor=after-');
  });

  it("reads 'You're all caught up!' with no dot when nothing is unread", async () => {
    mockApi({ 'GET /v2/notifications': serveUnread([]) });
    const { user } = renderBell();
    await user.click(bell());
    await within(panel()).findByText("You're all caught up!");
    expect(screen.queryByTestId('notification-dot')).not.toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('links to notification settings and to all notifications, and closes on Escape', async () => {
    mockApi({ 'GET /v2/notifications': serveUnread([note()]) });
    const { user } = renderBell();
    await user.click(bell());
    expect(within(panel()).getByRole('link', { name: 'Manage Notifications' })).toHaveAttribute(
      'href',
      `/dashboard/${USER_ID}/settings/notifications`,
    );
    expect(within(panel()).getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/notifications');
    await user.keyboard('{Escape}');
    expect(bell()).toHaveAttribute('aria-expanded', 'false');
    expect(bell()).toHaveFocus();
  });

  it('marks all as read, and an opened notification read before going to its page', async () => {
    let unread = [note({ message: 'Your card was declined', category: 'payment' }), note()];
    const first = unread[0]!;
    const requests = mockApi({
      'GET /v2/notifications': (r) => serveUnread(unread)(r),
      [`POST /v2/notifications/${first._id}/read`]: () => {
        unread = unread.slice(1);
        return json(200, { ...first, read: true });
      },
      'POST /v2/notifications/read-all': () => {
        unread = [];
        return json(200, { updated: 1, unread: 0 });
      },
    });
    const { user, router } = renderBell();
    await user.click(bell());
    await user.click(await within(panel()).findByRole('button', { name: /Your card was declined/ }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/${USER_ID}/settings/billing`),
    );
    expect(requests.some((r) => r.path === `/v2/notifications/${first._id}/read`)).toBe(true);

    await act(() => router.navigate(`/dashboard/${USER_ID}/profile`));
    await user.click(bell());
    await user.click(within(panel()).getByRole('button', { name: 'Mark all as read' }));
    await within(panel()).findByText("You're all caught up!");
    await waitFor(() => expect(screen.queryByTestId('notification-dot')).not.toBeInTheDocument());
  });

  it('only logs a load failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({ 'GET /v2/notifications': json(500, { text: 'ServerError', message: 'Boom' }) });
    renderBell();
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Notifications could not be loaded'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
