import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
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
import {
  NOTIFICATION_LOAD_ERROR,
  NOTIFICATION_NOT_FOUND,
  NOTIFICATION_NOT_FOUND_TEXT,
} from './notification-detail-page';

const path = (id: string) => `/dashboard/${USER_ID}/notifications/${id}`;

beforeEach(() => {
  setOrganization();
  signIn();
});

describe('Notification detail (/dashboard/{userId}/notifications/{id})', () => {
  it('shows a spinner while loading, then the full text, the date and a link to its page', async () => {
    const notice = note({
      message: 'Your subscription renews on July 1. Nothing to do: your card on file is charged that day.',
      category: 'subscription',
      read: true,
      ageMs: ages.hours(5),
    });
    let answer: (r: Response) => void = () => undefined;
    mockApi({
      [`GET /v2/notifications/${notice._id}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderRoute(path(notice._id));

    await screen.findByText('Loading the notification');
    answer(json(200, notice));

    await screen.findByRole('heading', { level: 1, name: 'Notification' });
    expect(screen.getByText(notice.message)).toBeInTheDocument();
    expect(
      screen.getByText('Subscriptions', { selector: '.notification-detail__category' }),
    ).toBeInTheDocument();
    // the fixed clock is June 10, 2026 at noon: five hours before is 7:00 AM the same day
    expect(screen.getByText(/June 10, 2026(,| at) 7:00\sAM \(5 hours ago\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your subscriptions' })).toHaveAttribute(
      'href',
      `/dashboard/${USER_ID}/subscriptions`,
    );
    expect(screen.getByRole('link', { name: /Back to notifications/ })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(document.title).toBe('Notification · Patient Portal');
  });

  it('marks an unread notification read once, as opening it from the list does', async () => {
    const notice = note({ message: 'Lab Results are now ready', category: 'lab', data: { reportId: 'r1' } });
    let read = false;
    const requests = mockApi({
      [`GET /v2/notifications/${notice._id}`]: () => json(200, { ...notice, read }),
      [`POST /v2/notifications/${notice._id}/read`]: () => {
        read = true;
        return json(200, { ...notice, read: true });
      },
      'GET /v2/notifications': json(200, pageOf([], 1, 0)),
    });
    renderRoute(path(notice._id));

    await screen.findByText('Lab Results are now ready');
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'POST' && r.path.endsWith('/read'))).toHaveLength(1),
    );
    // the refreshed notification comes back read, and nothing is marked again
    await waitFor(() =>
      expect(
        requests.filter((r) => r.method === 'GET' && r.path === `/v2/notifications/${notice._id}`),
      ).toHaveLength(2),
    );
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'View your lab results' })).toHaveAttribute(
      'href',
      `/dashboard/${USER_ID}/lab-analysis/r1`,
    );
  });

  it.each([
    [404, 'an unknown notification'],
    [403, 'another patient’s notification'],
  ])('answers %s (%s) with a not-found state inside the shell', async (status) => {
    const id = 'bbbbbbbbbbbbbbbbbbbbbbbb';
    mockApi({ [`GET /v2/notifications/${id}`]: json(status, { text: 'NotFound', message: 'x' }) });
    renderRoute(path(id));
    await screen.findByRole('heading', { level: 1, name: NOTIFICATION_NOT_FOUND });
    expect(screen.getByText(NOTIFICATION_NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('does not ask the server about an id that cannot exist', async () => {
    const requests = mockApi({});
    renderRoute(path('not-an-id'));
    await screen.findByRole('heading', { level: 1, name: NOTIFICATION_NOT_FOUND });
    expect(requests.filter((r) => r.path.startsWith('/v2/notifications/'))).toHaveLength(0);
  });

  it('offers Try again after a server failure, and shows the notification once it loads', async () => {
    const notice = note({ message: 'Your order shipped', category: 'order', read: true });
    let fail = true;
    mockApi({
      [`GET /v2/notifications/${notice._id}`]: () =>
        fail ? json(500, { text: 'InternalServerError', message: 'x' }) : json(200, notice),
    });
    const { user } = renderRoute(path(notice._id));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(NOTIFICATION_LOAD_ERROR);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Your order shipped');
    expect(screen.getByRole('link', { name: 'View your orders' })).toHaveAttribute('href', '/orders');
  });
});

describe('Notifications list rows', () => {
  it('link each notification to its own page beside the row that opens its target', async () => {
    stubIntersectionObserver();
    const notice = note({ message: 'Card saved', category: 'payment', read: true });
    mockApi({
      'GET /v2/notifications': (request: RecordedRequest) =>
        json(200, pageOf(request.path.includes('read=false') ? [] : [notice], 1, 0)),
      [`GET /v2/notifications/${notice._id}`]: json(200, notice),
    });
    const { user, router } = renderRoute('/notifications');
    const details = await screen.findByRole('link', { name: 'Details of “Card saved”' });
    expect(screen.getByRole('button', { name: /Card saved/ })).toBeInTheDocument();
    await user.click(details);
    await waitFor(() => expect(currentUrl(router)).toBe(path(notice._id)));
    await screen.findByRole('link', { name: 'Open billing settings' });
  });
});
