/**
 * The dashboard's first screen does not move as its data arrives (layout shift, issue 10): what loads late
 * takes the place held for it instead of pushing what is already on screen. jsdom draws nothing, so these
 * tests hold the look-ups open and check that the placeholders sit in the slots the content will take.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  json,
  mockApi,
  ORG_ID,
  patient,
  type RecordedRequest,
  renderRoute,
  setOrganization,
  signIn,
  USER_ID,
} from '../../../test/helpers';
import { SKELETON_CELLS } from '../components/dashboard-widgets';

const HOME = `/dashboard/${USER_ID}/profile`;
const SUBSCRIPTIONS = `GET /users/${ORG_ID}/user/${USER_ID}/subscriptions`;
const APPOINTMENTS = `GET /v2/appointments/${ORG_ID}/user/${USER_ID}`;
const NOTIFICATIONS = 'GET /v2/notifications';

/** A response the test lets go of when it wants. */
function held(response: () => Response) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    respond: async (_request: RecordedRequest) => {
      await gate;
      return response();
    },
    release: () => release(),
  };
}

const emptyPage = () =>
  json(200, { docs: [], totalDocs: 0, unread: 0, page: 1, limit: 10, totalPages: 0, hasNextPage: false });

/** The children of the dashboard, by what they are: the slots the page lays out from top to bottom. */
function slots(container: HTMLElement): string[] {
  const dashboard = container.querySelector('.dashboard');
  if (!dashboard) return [];
  return [...dashboard.children].map((child) => {
    if (child.matches('.dashboard__header'))
      return `header(${[...child.children].map((c) => c.className).join(',')})`;
    if (child.matches('.dashboard-widgets--loading')) return 'widgets-skeleton';
    if (child.matches('.dashboard-widgets')) return 'widgets';
    return child.className || child.tagName.toLowerCase();
  });
}

describe('Dashboard: the first screen holds its places while data loads', () => {
  beforeEach(() => {
    setOrganization();
  });

  it('shows skeleton cells in the widgets grid until every widget look-up has answered, then the widgets in one go', async () => {
    signIn(patient({ mobile_verified: true, verificationStatus: 'completed' }));
    const subscriptions = held(() => json(200, []));
    mockApi({ [SUBSCRIPTIONS]: subscriptions.respond, [NOTIFICATIONS]: emptyPage() });
    const { container } = renderRoute(HOME);

    await screen.findByRole('heading', { level: 1, name: /^Welcome/ });
    await waitFor(() => expect(screen.getByTestId('widgets-skeleton')).toBeInTheDocument());
    const skeleton = screen.getByTestId('widgets-skeleton');
    // the skeleton is the grid itself (same class, same cells), hidden from assistive technology
    expect(skeleton).toHaveClass('dashboard-widgets');
    expect(skeleton).toHaveAttribute('aria-hidden', 'true');
    expect(skeleton.querySelectorAll('.dashboard-widgets__cell > .widget.widget--skeleton')).toHaveLength(
      SKELETON_CELLS,
    );
    // no widget is drawn while one look-up is still out: it would push the others when it arrived
    expect(container.querySelectorAll('[data-widget]')).toHaveLength(0);
    expect(slots(container).at(-1)).toBe('widgets-skeleton');

    subscriptions.release();
    await screen.findByRole('region', { name: 'Have a question?' });
    expect(screen.queryByTestId('widgets-skeleton')).toBeNull();
    expect(slots(container).at(-1)).toBe('widgets');
    expect(container.querySelectorAll('[data-widget]').length).toBeGreaterThan(0);
  });

  it('holds the unread line in the header while the count loads, and the count takes that place', async () => {
    signIn(patient({ mobile_verified: true, verificationStatus: 'completed' }));
    const notifications = held(() =>
      json(200, { docs: [], totalDocs: 2, unread: 2, page: 1, limit: 10, totalPages: 1, hasNextPage: false }),
    );
    mockApi({ [NOTIFICATIONS]: notifications.respond, [SUBSCRIPTIONS]: json(200, []) });
    const { container } = renderRoute(HOME);

    await screen.findByRole('heading', { level: 1, name: /^Welcome/ });
    const header = container.querySelector('.dashboard__header');
    expect(slots(container)[0]).toBe(
      'header(dashboard__eyebrow,dashboard__title,dashboard__unread-placeholder)',
    );
    expect(header?.querySelector('.dashboard__unread-placeholder')).toHaveAttribute('aria-hidden', 'true');

    notifications.release();
    await screen.findByText((_, el) => el?.classList.contains('dashboard__unread') ?? false);
    expect(slots(container)[0]).toBe('header(dashboard__eyebrow,dashboard__title,dashboard__unread)');
  });

  it('shows the verification bar with its button while the booked calls load, its message hidden until they answer', async () => {
    signIn(patient({ verificationStatus: 'not_started' }));
    const calls = held(() => json(200, []));
    mockApi({ [APPOINTMENTS]: calls.respond, [SUBSCRIPTIONS]: json(200, []), [NOTIFICATIONS]: emptyPage() });
    const { container } = renderRoute(HOME);

    const bar = await screen.findByRole('region', { name: 'Identity verification' });
    // the bar sits above main from the first paint, so main does not move when the calls answer
    expect(bar.nextElementSibling).toBe(container.querySelector('main#main'));
    expect(within(bar).getByRole('link', { name: 'Verify Account' })).toBeInTheDocument();
    const holding = bar.querySelector('.verification-bar__text');
    expect(holding).toHaveClass('verification-bar__text--holding');
    expect(holding).toHaveAttribute('aria-hidden', 'true');

    calls.release();
    await waitFor(() =>
      expect(bar.querySelector('.verification-bar__text')).not.toHaveClass('verification-bar__text--holding'),
    );
    expect(bar.querySelector('.verification-bar__text')).not.toHaveAttribute('aria-hidden');
    expect(bar).toHaveTextContent('Your account is not verified yet.');
  });
});
