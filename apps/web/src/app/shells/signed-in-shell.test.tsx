import type { Organization } from '@portal/domain/contracts/organization';
import { VERIFICATION_ALERT_TEXTS } from '@portal/domain/verification/alert';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setBrand } from '../../lib/brand';
import {
  json,
  mockApi,
  ORG_ID,
  patient,
  type RecordedRequest,
  renderRoute,
  signIn,
  USER_ID,
} from '../../test/helpers';

/** A page of the signed-in area that has no data of its own, so only the shell's calls are made. */
const PAGE = `/dashboard/${USER_ID}/providers`;
const APPOINTMENTS = `GET /v2/appointments/${ORG_ID}/user/${USER_ID}`;
const CONVERSATIONS = 'GET /v2/conversations/patient';

const organization: Organization = {
  _id: ORG_ID,
  name: 'Longevity Clinic',
  domain: 'localhost',
  app_url: 'http://localhost',
  settings: {
    name: 'Longevity',
    logo: '',
    favicons: { icon: '/favicon.ico' },
    brand: { primary_color: '#0f8a5f' },
    support_email: 'care@example.com',
    login: { image_v3: '/hero.jpg', testimonials: [] },
    dropdown_links: [{ _id: 'l1', name: 'Pharmacy', url: 'https://pharmacy.example.com' }],
    verification: { has_mobile_verification: true },
  },
};

/** A window of the given width: matchMedia answers min-width queries the way a browser would. */
function viewport(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const min = /min-width:\s*(\d+)px/.exec(query);
      return {
        matches: min ? width >= Number(min[1]) : false,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      };
    }),
  );
}

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  fireEvent.scroll(window);
}

function inOneHour(): string {
  return new Date(Date.now() + 3_600_000).toISOString();
}

function verificationCall(start: string, canceled = false) {
  return {
    _id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
    event: {
      name: 'Identity verification',
      start_time: start,
      end_time: start,
      canceled,
      external_source: null,
      uuid: null,
      location: null,
    },
    event_type: { kind: 'user-verification' },
    physician: null,
    subscription_id: null,
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

function called(requests: RecordedRequest[], key: string): boolean {
  return requests.some((r) => `${r.method} ${r.path.split('?')[0]}` === key);
}

beforeEach(() => {
  setBrand({ organization, organizationId: ORG_ID, error: false });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
});

describe('signed-in shell on desktop (1280 px)', () => {
  beforeEach(() => viewport(1280));

  it('has the side navigation with its destinations, the More menu and no footer', async () => {
    signIn();
    mockApi({ [APPOINTMENTS]: json(200, []) });
    const { user } = renderRoute(PAGE);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const hrefs = Object.fromEntries(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    );
    expect(hrefs).toEqual({
      Home: `/dashboard/${USER_ID}/profile`,
      Labs: `/dashboard/${USER_ID}/labs`,
      Orders: '/orders',
      Subscriptions: `/dashboard/${USER_ID}/subscriptions`,
      Messages: `/dashboard/${USER_ID}/messages`,
      Appointments: `/dashboard/${USER_ID}/appointments`,
      Shop: '/shop',
    });
    expect(screen.getByRole('link', { name: 'Longevity' })).toHaveAttribute(
      'href',
      `/dashboard/${USER_ID}/profile`,
    );
    expect(screen.queryByRole('navigation', { name: 'Shortcuts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();

    const more = within(nav).getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Providers' })).toHaveAttribute(
      'href',
      `/dashboard/${USER_ID}/providers`,
    );
    const external = within(nav).getByRole('link', { name: 'Pharmacy (opens in a new tab)' });
    expect(external).toHaveAttribute('href', 'https://pharmacy.example.com');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external.getAttribute('rel')).toContain('noopener');
    await user.keyboard('{Escape}');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveFocus();
  });

  it('shows the user block with the badge, and its menu offers Settings and Logout', async () => {
    signIn();
    mockApi({ [APPOINTMENTS]: json(200, []), 'POST /v2/auth/logout': new Response(null, { status: 204 }) });
    const { user, router } = renderRoute(PAGE);
    const account = await screen.findByRole('button', { name: 'Account menu' });
    // the button is named by its job; the name and e-mail it shows describe it
    const description = document.getElementById(account.getAttribute('aria-describedby') ?? '');
    expect(account).toContainElement(description);
    expect(description).toHaveTextContent('Jane Doe');
    expect(description).toHaveTextContent('jane@example.com');
    expect(screen.getByText('Not Verified')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify Now' })).toHaveAttribute(
      'href',
      `/verification/${USER_ID}/verify_account`,
    );

    await user.click(account);
    const menu = document.getElementById(account.getAttribute('aria-controls') ?? '');
    expect(within(menu!).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      `/dashboard/${USER_ID}/settings`,
    );
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('scrolls a name over 21 characters and keeps a short e-mail still', async () => {
    // "Maximilianas" (12) + "Montgomery" (10) = 22 > 21; "jane@example.com" is 16
    signIn(patient({ first_name: 'Maximilianas', last_name: 'Montgomery' }));
    mockApi({ [APPOINTMENTS]: json(200, []) });
    renderRoute(PAGE);
    const account = await screen.findByRole('button', { name: 'Account menu' });
    const name = account.querySelector('.shell-user__name');
    const email = account.querySelector('.shell-user__email');
    expect(name).toHaveClass('marquee');
    expect(name).toHaveAttribute('title', 'Maximilianas Montgomery');
    expect(email).not.toHaveClass('marquee');
  });

  it('counts the header as scrolled after 50 px', async () => {
    signIn();
    mockApi({ [APPOINTMENTS]: json(200, []) });
    renderRoute(PAGE);
    await screen.findByRole('navigation', { name: 'Main' });
    const header = document.querySelector('.shell-header');
    act(() => scrollTo(50));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(header).not.toHaveClass('is-scrolled');
    act(() => scrollTo(51));
    await waitFor(() => expect(header).toHaveClass('is-scrolled'));
  });

  it('shows the Messages dot when the conversation is unread, and none when the call fails', async () => {
    signIn();
    mockApi({
      [APPOINTMENTS]: json(200, []),
      [CONVERSATIONS]: json(200, [{ patient: USER_ID, patient_read: false }]),
    });
    const first = renderRoute(PAGE);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: 'Messages (unread)' });
    first.unmount();

    mockApi({ [APPOINTMENTS]: json(200, []), [CONVERSATIONS]: json(500, { text: 'X', message: 'Y' }) });
    renderRoute(PAGE);
    const again = await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(within(again).getByRole('link', { name: 'Messages' })).toBeInTheDocument());
    expect(within(again).queryByRole('link', { name: 'Messages (unread)' })).not.toBeInTheDocument();
  });

  it('sends labs2 patients to the latest lab panel, or the labs app when none counts', async () => {
    signIn(patient({ feature_flags: { labs2: true } }));
    mockApi({
      [APPOINTMENTS]: json(200, []),
      'GET /v2/labs/patient/panels': json(200, { docs: [{ _id: 'p2', status: 'reviewed' }, { _id: 'p1' }] }),
    });
    const first = renderRoute(PAGE);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Labs' })).toHaveAttribute('href', '/labs/p2'),
    );
    first.unmount();

    mockApi({
      [APPOINTMENTS]: json(200, []),
      'GET /v2/labs/patient/panels': json(404, { text: 'NotFound', message: 'x' }),
    });
    renderRoute(PAGE);
    const again = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(again).getByRole('link', { name: 'Labs' })).toHaveAttribute('href', '/labs');
  });
});

/**
 * The verification bar once its message shows: while the booked calls load the bar already holds its place
 * with the message hidden (no layout shift), so the message is read only after that.
 */
async function shownBar(): Promise<HTMLElement> {
  const bar = await screen.findByRole('region', { name: 'Identity verification' });
  await waitFor(() => expect(bar.querySelector('.verification-bar__text--holding')).toBeNull());
  return bar;
}

describe('verification bar', () => {
  beforeEach(() => viewport(1280));

  it('asks an unverified patient to verify, once the appointments are known', async () => {
    signIn();
    const requests = mockApi({ [APPOINTMENTS]: json(200, []) });
    renderRoute(PAGE);
    const bar = await shownBar();
    expect(bar).toHaveTextContent(VERIFICATION_ALERT_TEXTS.notVerified);
    expect(within(bar).getByRole('link', { name: 'Verify Account' })).toHaveAttribute(
      'href',
      `/verification/${USER_ID}/verify_account`,
    );
    expect(requests.find((r) => r.path.startsWith(`/v2/appointments/${ORG_ID}`))?.path).toBe(
      `/v2/appointments/${ORG_ID}/user/${USER_ID}?productVariant=user-verification`,
    );
  });

  it('says the call is booked when a future verification call exists', async () => {
    signIn(patient({ verificationStatus: 'rejected', verification_status: 'rejected' }));
    mockApi({ [APPOINTMENTS]: json(200, [verificationCall(inOneHour())]) });
    renderRoute(PAGE);
    const bar = await shownBar();
    expect(bar).toHaveTextContent(
      /^Your identity verification call is booked for .+\. Keep your photo ID at hand/,
    );
    expect(screen.getByText('Verification Rejected')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Verify Now' })).not.toBeInTheDocument();
  });

  it('ignores a canceled call and words a rejection; a failed look-up counts as none booked', async () => {
    signIn(patient({ verificationStatus: 'rejected', verification_status: 'rejected' }));
    mockApi({ [APPOINTMENTS]: json(200, [verificationCall(inOneHour(), true)]) });
    const first = renderRoute(PAGE);
    expect(await shownBar()).toHaveTextContent(VERIFICATION_ALERT_TEXTS.rejected);
    first.unmount();

    signIn(patient({ verificationStatus: 'outdated', verification_status: 'outdated' }));
    mockApi({ [APPOINTMENTS]: json(500, { text: 'X', message: 'Y' }) });
    renderRoute(PAGE);
    expect(await shownBar()).toHaveTextContent(VERIFICATION_ALERT_TEXTS.outdated);
  });

  it('is not shown on the verification flow itself', async () => {
    signIn();
    mockApi({ [APPOINTMENTS]: json(200, []) });
    renderRoute(`/verification/${USER_ID}/verify_account`);
    await waitFor(() => expect(screen.getByRole('main')).toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Identity verification' })).not.toBeInTheDocument();
  });

  it.each([
    ['pending', 'Verification Pending'],
    ['completed', 'Verified Account'],
  ])('is absent for %s accounts, which show their badge', async (status, badge) => {
    signIn(patient({ verificationStatus: status, verification_status: status }));
    const requests = mockApi({});
    renderRoute(PAGE);
    await screen.findByText(badge);
    expect(screen.queryByRole('region', { name: 'Identity verification' })).not.toBeInTheDocument();
    expect(called(requests, APPOINTMENTS)).toBe(false);
  });

  it('shows no badge for other statuses', async () => {
    signIn(patient({ verificationStatus: 'unknown', verification_status: 'unknown' }));
    mockApi({});
    renderRoute(PAGE);
    await screen.findByRole('button', { name: 'Account menu' });
    for (const text of [
      'Not Verified',
      'Verification Rejected',
      'Verification Pending',
      'Verified Account',
    ]) {
      expect(screen.queryByText(text)).not.toBeInTheDocument();
    }
  });
});

describe('signed-in shell on phones (390 px)', () => {
  beforeEach(() => viewport(390));

  it('has the footer shortcuts, with the Messages dot, and the header dropdown', async () => {
    signIn();
    mockApi({ [APPOINTMENTS]: json(200, []), [CONVERSATIONS]: json(200, { patient_read: false }) });
    const { user } = renderRoute(PAGE);
    const footer = await screen.findByRole('navigation', { name: 'Shortcuts' });
    await within(footer).findByRole('link', { name: 'Messages (unread)' });
    expect(
      within(footer)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      `/dashboard/${USER_ID}/labs`,
      '/orders',
      `/dashboard/${USER_ID}/subscriptions`,
      '/shop',
      `/dashboard/${USER_ID}/messages`,
    ]);
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Profile',
      'Labs',
      'Orders',
      'Subscriptions',
      'Messages (unread)',
      'Appointments',
      'Providers',
      'Settings',
      'Pharmacy (opens in a new tab)',
    ]);
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(within(menu).getByText('Jane Doe')).toBeInTheDocument();
    // under 760 px the badge has no Verify Now link; the bar's Verify Account is the way in
    expect(within(menu).getByText('Not Verified')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Verify Now' })).not.toBeInTheDocument();
    await screen.findByRole('link', { name: 'Verify Account' });
  });

  it('hides the footer while scrolling down and brings it back when scrolling up', async () => {
    signIn();
    mockApi({ [APPOINTMENTS]: json(200, []) });
    renderRoute(PAGE);
    const footer = await screen.findByRole('navigation', { name: 'Shortcuts' });
    act(() => scrollTo(300));
    await waitFor(() => expect(footer).toHaveClass('is-hidden'));
    act(() => scrollTo(200));
    await waitFor(() => expect(footer).not.toHaveClass('is-hidden'));
  });

  it('offers Verify Now in the dropdown from 760 px', async () => {
    viewport(800);
    signIn();
    mockApi({ [APPOINTMENTS]: json(200, []) });
    const { user } = renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    expect(
      within(screen.getByRole('navigation', { name: 'Menu' })).getByRole('link', { name: 'Verify Now' }),
    ).toHaveAttribute('href', `/verification/${USER_ID}/verify_account`);
  });
});

describe('brand content in the shell (001 §2: More links, side content)', () => {
  const MORE_LINKS = {
    pharmacy: { label: 'Evergreen Pharmacy', url: 'https://pharmacy.evergreen.example.com' },
    community: { label: 'Community', url: 'https://community.evergreen.example.com' },
    social: { label: 'Instagram', url: 'https://www.instagram.com/evergreen' },
  };
  const SIDE = {
    title: 'Members’ live Q&A',
    body: 'Every first Tuesday our physicians answer questions live.',
    link: { label: 'Save your seat', url: 'https://evergreen.example.com/live' },
  };
  const brand = (settings: Partial<Organization['settings']>) =>
    setBrand({
      organization: { ...organization, settings: { ...organization.settings, ...settings } },
      organizationId: ORG_ID,
      error: false,
    });
  const externalNames = (container: HTMLElement) =>
    within(container)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('target') === '_blank')
      .map((link) => link.textContent);

  it('lists pharmacy, community and social in More as new-tab links, before the other links (1280 px)', async () => {
    viewport(1280);
    brand({ more_links: MORE_LINKS });
    signIn();
    mockApi({ [APPOINTMENTS]: json(200, []) });
    const { user } = renderRoute(PAGE);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'More' }));
    expect(externalNames(nav)).toEqual([
      'Evergreen Pharmacy (opens in a new tab)',
      'Community (opens in a new tab)',
      'Instagram (opens in a new tab)',
      'Pharmacy (opens in a new tab)',
    ]);
    const social = within(nav).getByRole('link', { name: 'Instagram (opens in a new tab)' });
    expect(social).toHaveAttribute('href', MORE_LINKS.social.url);
    expect(social).toHaveAttribute('target', '_blank');
    expect(social).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('hides an entry the clinic did not configure, or configured without a usable address (1280 px)', async () => {
    viewport(1280);
    brand({
      more_links: {
        pharmacy: MORE_LINKS.pharmacy,
        social: { label: 'Instagram', url: 'javascript:alert(1)' },
      },
    });
    signIn();
    mockApi({ [APPOINTMENTS]: json(200, []) });
    const { user } = renderRoute(PAGE);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'More' }));
    expect(externalNames(nav)).toEqual([
      'Evergreen Pharmacy (opens in a new tab)',
      'Pharmacy (opens in a new tab)',
    ]);
    expect(within(nav).queryByText('Instagram')).toBeNull();
    expect(within(nav).queryByText('Community')).toBeNull();
  });

  it('shows the side content to a user of the main organization, beside the navigation (1280 px)', async () => {
    viewport(1280);
    brand({ side_content: SIDE });
    signIn();
    mockApi({ [APPOINTMENTS]: json(200, []) });
    renderRoute(PAGE);
    const card = await screen.findByRole('region', { name: SIDE.title });
    expect(card).toHaveTextContent(SIDE.body);
    const link = within(card).getByRole('link', { name: 'Save your seat (opens in a new tab)' });
    expect(link).toHaveAttribute('href', SIDE.link.url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows no side content to users of a partner clinic, nor when the clinic has none (1280 px)', async () => {
    viewport(1280);
    brand({ side_content: SIDE, parent_organization: 'aaaaaaaaaaaaaaaaaaaaaaaa' });
    signIn();
    mockApi({ [APPOINTMENTS]: json(200, []) });
    const partner = renderRoute(PAGE);
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByRole('region', { name: SIDE.title })).toBeNull();
    partner.unmount();

    brand({});
    renderRoute(PAGE);
    await screen.findByRole('navigation', { name: 'Main' });
    expect(document.querySelector('.brand-side-card')).toBeNull();
  });

  it('puts the same links and card in the header dropdown on phones (390 px)', async () => {
    viewport(390);
    brand({ more_links: { community: MORE_LINKS.community }, side_content: SIDE });
    signIn();
    mockApi({ [APPOINTMENTS]: json(200, []) });
    const { user } = renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    expect(externalNames(menu)).toEqual([
      'Community (opens in a new tab)',
      'Pharmacy (opens in a new tab)',
      'Save your seat (opens in a new tab)',
    ]);
    expect(within(menu).getByRole('region', { name: SIDE.title })).toBeVisible();
  });
});
