import { realTimersOnFixedClock } from '@portal/domain/testing/fixed-clock';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../../api/notifications';
import {
  currentUrl,
  json,
  mockApi,
  type RecordedRequest,
  renderRoute,
  setOrganization,
  signIn,
  USER_ID,
} from '../../../test/helpers';
import { ages, note, pageOf, stubIntersectionObserver } from '../test/fixtures';

let io: ReturnType<typeof stubIntersectionObserver>;

beforeEach(() => {
  setOrganization();
  signIn();
  io = stubIntersectionObserver();
});

/** Answers GET /v2/notifications from the list, by page and read filter. */
function serve(all: Notification[]) {
  return (request: RecordedRequest) => {
    const url = new URL(request.path, 'http://localhost');
    const page = Number(url.searchParams.get('page') ?? 1);
    const unreadOnly = url.searchParams.get('read') === 'false';
    const unread = all.filter((n) => !n.read);
    return json(200, pageOf(unreadOnly ? unread : all, page, unread.length));
  };
}

const page = () => screen.getByRole('region', { name: 'Notifications' });

describe('Notifications page (001 §2)', () => {
  it('shows the unread count, sections newest first and each item’s time and read state', async () => {
    const all = [
      note({ message: 'Your visit was approved', category: 'visit', ageMs: ages.hours(5) }),
      note({ message: 'New message from your team', ageMs: ages.minute }),
      note({ message: 'Your order shipped', category: 'order', read: true, ageMs: ages.days(3) }),
      note({ message: 'Card saved', category: 'payment', read: true, ageMs: ages.days(60) }),
    ];
    mockApi({ 'GET /v2/notifications': serve(all) });
    renderRoute('/notifications');

    await screen.findByRole('heading', { level: 1, name: 'Notifications' });
    await screen.findByText('End of notifications');
    expect(page()).toHaveTextContent('You have 2 unread notifications');
    const sections = within(page())
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    // no notification of 8 to 30 days: that section is left out
    expect(sections).toEqual(['Today', 'Last 7 Days', 'Earlier']);
    const today = within(page()).getByRole('region', { name: 'Today' });
    const items = within(today).getAllByRole('button');
    // newest first
    expect(items[0]).toHaveTextContent('New message from your team');
    expect(items[0]).toHaveTextContent('Just now');
    expect(items[0]).toHaveAccessibleName(/, unread$/);
    expect(items[1]).toHaveTextContent('5 hours ago');
    const week = within(page()).getByRole('region', { name: 'Last 7 Days' });
    expect(within(week).getByRole('button')).toHaveTextContent('3d');
    expect(within(week).getByRole('button')).toHaveAccessibleName(/, read$/);
    expect(within(page()).getByRole('region', { name: 'Earlier' })).toHaveTextContent('8w');
    expect(within(page()).getByRole('button', { name: 'Mark all as read' })).toBeInTheDocument();
  });

  it('filters to Unread from the filter and from the count, and says when nothing is left', async () => {
    const all = [note({ message: 'Read one', read: true }), note({ message: 'Unread one' })];
    const requests = mockApi({ 'GET /v2/notifications': serve(all) });
    const { user } = renderRoute('/notifications');
    await screen.findByText('End of notifications');
    expect(within(page()).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(
      within(page()).getByRole('button', { name: '1 unread, show unread notifications only' }),
    );
    expect(within(page()).getByRole('button', { name: 'Unread' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(within(page()).queryByText('Read one')).not.toBeInTheDocument());
    expect(within(page()).getByText('Unread one')).toBeInTheDocument();
    expect(requests.some((r) => r.path.includes('read=false'))).toBe(true);

    await user.click(within(page()).getByRole('button', { name: 'All' }));
    await within(page()).findByText('Read one');
  });

  it("reads 'You're all caught up.' without notifications and offers no Mark all as read", async () => {
    mockApi({ 'GET /v2/notifications': serve([]) });
    renderRoute('/notifications');
    await screen.findByText("You're all caught up.");
    expect(page()).toHaveTextContent('You have 0 unread notifications');
    expect(within(page()).queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('loads the next page 1 second after the end comes into view, then ends', async () => {
    const all = Array.from({ length: 14 }, (_, i) =>
      note({ message: `Item ${i + 1}`, ageMs: (i + 1) * 60_000 }),
    );
    const requests = mockApi({ 'GET /v2/notifications': serve(all) });
    renderRoute('/notifications');
    await screen.findByText('Item 10');
    expect(screen.queryByText('End of notifications')).not.toBeInTheDocument();
    const pageRequests = () => requests.filter((r) => r.path.startsWith('/v2/notifications?page=2')).length;

    // The delay runs on a fake timer, stepped by hand; the real timers come back for the page to load.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    act(() => io.show('.notifications-page__sentinel'));
    act(() => vi.advanceTimersByTime(999));
    expect(pageRequests()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    realTimersOnFixedClock();
    await screen.findByText('Item 14');
    expect(pageRequests()).toBe(1);
    // the second page starts where the first ended
    const second = requests.find((r) => r.path.startsWith('/v2/notifications?page=2'))!;
    expect(new URLSearchParams(second.path.split('?')[1]).get('cursor')).toBe(`after-${all[9]!._id}`);
    expect(screen.getByText('End of notifications')).toBeInTheDocument();
  });

  it('marks an unread notification read, then goes to its category’s page', async () => {
    const lab = note({ message: 'Lab Results are now ready', category: 'lab', data: { reportId: 'r42' } });
    const read = note({ message: 'Subscription paused', category: 'subscription', read: true });
    const requests = mockApi({
      'GET /v2/notifications': serve([lab, read]),
      [`POST /v2/notifications/${lab._id}/read`]: json(200, { ...lab, read: true }),
    });
    const { user, router } = renderRoute('/notifications');
    await user.click(
      await within(await screen.findByRole('region', { name: 'Notifications' })).findByText(lab.message),
    );
    await waitFor(() => expect(currentUrl(router)).toBe(`/dashboard/${USER_ID}/lab-analysis/r42`));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `/v2/notifications/${lab._id}/read`,
    ]);
  });

  it('goes straight to the page of a read notification without marking it', async () => {
    const read = note({ message: 'Subscription paused', category: 'subscription', read: true });
    const requests = mockApi({ 'GET /v2/notifications': serve([read]) });
    const { user, router } = renderRoute(`/dashboard/${USER_ID}/notifications`);
    await user.click(await screen.findByText('Subscription paused'));
    await waitFor(() => expect(currentUrl(router)).toBe(`/dashboard/${USER_ID}/subscriptions`));
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('marks all as read', async () => {
    let all = [note({ message: 'One' }), note({ message: 'Two' })];
    const requests = mockApi({
      'GET /v2/notifications': (r) => serve(all)(r),
      'POST /v2/notifications/read-all': () => {
        all = all.map((n) => ({ ...n, read: true }));
        return json(200, { updated: 2, unread: 0 });
      },
    });
    const { user } = renderRoute('/notifications');
    await screen.findByText('End of notifications');
    await user.click(within(page()).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(page()).toHaveTextContent('You have 0 unread notifications'));
    expect(within(page()).queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.path === '/v2/notifications/read-all')).toBe(true);
  });

  it('only logs a load failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({ 'GET /v2/notifications': json(500, { text: 'ServerError', message: 'Boom' }) });
    renderRoute('/notifications');
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Notifications could not be loaded'));
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
