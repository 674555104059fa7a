import { MESSAGES } from '@portal/domain/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getSessionPatient, getStoredUser, getToken, saveSession } from '../lib/session';
import {
  currentUrl,
  json,
  mockApi,
  ORG_ID,
  patient,
  renderRoute,
  setOrganization,
  signIn,
  tokenExpiringIn,
  USER_ID,
} from '../test/helpers';

const INTAKE_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

describe('redirects', () => {
  beforeEach(() => setOrganization());

  it('/ goes to /get-started, keeping the query', async () => {
    const { router } = renderRoute('/?utm_source=ad');
    await waitFor(() => expect(currentUrl(router)).toBe('/get-started?utm_source=ad'));
    await screen.findByRole('button', { name: 'Start My Visit' });
  });

  it('/product/{id} goes to its login variant', async () => {
    const { router } = renderRoute('/product/abc123');
    await waitFor(() => expect(currentUrl(router)).toBe('/product/login/abc123'));
    await screen.findByRole('button', { name: 'Log in' });
  });

  it.each([
    [`/messages/${USER_ID}`],
    [`/messages/${USER_ID}/conv-1`],
    [`/messages/${USER_ID}/new`],
    ['/messages'],
  ])('%s goes to /dashboard/{userId}/messages', async (path) => {
    signIn();
    const { router } = renderRoute(path);
    await waitFor(() => expect(currentUrl(router)).toBe(`/dashboard/${USER_ID}/messages`));
    await screen.findByRole('heading', { name: 'Messages' });
  });

  it('/messages/{userId} uses the route userId even before login', async () => {
    const { router } = renderRoute('/messages/someone');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirectPath')).toBe(
      '/dashboard/someone/messages',
    );
  });

  it('the messages page is full width, without the footer', async () => {
    signIn();
    window.innerWidth = 375;
    try {
      renderRoute(`/dashboard/${USER_ID}/messages`);
      await screen.findByRole('heading', { name: 'Messages' });
      expect(screen.queryByRole('navigation', { name: 'Shortcuts' })).not.toBeInTheDocument();
    } finally {
      window.innerWidth = 1024;
    }
  });

  it('the old orders route goes to /orders', async () => {
    signIn();
    const { router } = renderRoute(`/dashboard/${USER_ID}/orders`);
    await waitFor(() => expect(currentUrl(router)).toBe('/orders'));
  });

  it('the labs list sends labs2 patients to the new labs app, and the labs app sends others back', async () => {
    signIn(patient({ feature_flags: { labs2: true } }));
    const first = renderRoute(`/dashboard/${USER_ID}/labs`);
    await waitFor(() => expect(currentUrl(first.router)).toBe('/labs'));
    first.unmount();

    signIn(patient({ feature_flags: { labs2: false } }));
    const second = renderRoute('/labs/panel-1/biomarkers');
    await waitFor(() => expect(currentUrl(second.router)).toBe(`/dashboard/${USER_ID}/labs`));
  });

  it('an invalid intakeId on a consultation screen goes to the dashboard profile', async () => {
    signIn();
    const { router } = renderRoute(`/consultation/hiw/${USER_ID}/not-an-id/question/none`);
    await waitFor(() => expect(currentUrl(router)).toBe(`/dashboard/${USER_ID}/profile`));
  });

  it('a consultation route with a valid intake shows its screen inside the consultation shell', async () => {
    signIn();
    renderRoute(`/consultation/protocol-selection/${INTAKE_ID}`);
    await screen.findByRole('heading', { name: 'Select your protocol' });
    expect(screen.getByRole('navigation', { name: 'Visit progress' })).toBeInTheDocument();
  });

  it.each([
    `/consultation/treatment/${INTAKE_ID}/m/mem1`,
    `/consultation/checkout/${INTAKE_ID}/p/tpl1/prod1/t/verify_account`,
    `/consultation/identification-step/${INTAKE_ID}/t/id_image`,
    `/consultation/lab-checkout/${INTAKE_ID}/l/lab1`,
    `/verification/${USER_ID}/verify_account`,
    '/signup/lab-visit/tpl1',
    '/signup/protocol-preference/tpl1',
    '/notifications',
    '/orders/aaaaaaaaaaaaaaaaaaaaaaaa',
    `/dashboard/${USER_ID}/subscriptions`,
    `/dashboard/${USER_ID}/settings/shipping`,
    '/schedule-coaching/c1?coachingLink=x',
  ])('%s resolves to its screen', async (path) => {
    signIn();
    const { router } = renderRoute(path);
    await waitFor(() => expect(screen.getByRole('main')).toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByText(MESSAGES.pageNotFoundTitle)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path.split('?')[0]);
  });

  it.each([
    [
      `/consultation/body/${USER_ID}/${INTAKE_ID}/question/none`,
      `/consultation/profile/${USER_ID}/${INTAKE_ID}/question/none`,
    ],
    [
      `/consultation/checkout/${USER_ID}/${INTAKE_ID}/question/none/t/verify_account`,
      `/consultation/checkout/${INTAKE_ID}/t/verify_account`,
    ],
    [`/consultation/protocol-preference/${INTAKE_ID}`, `/consultation/protocol-selection/${INTAKE_ID}`],
    [
      `/consultation/intake/${INTAKE_ID}?step=2`,
      `/consultation/intake/${USER_ID}/${INTAKE_ID}/question/current?step=2`,
    ],
  ])('%s is the other spelling of %s', async (path, target) => {
    signIn();
    const { router } = renderRoute(path);
    await waitFor(() => expect(currentUrl(router)).toBe(target));
  });

  it.each(['/appointment/cb'])('%s is a registered screen', async (path) => {
    signIn();
    const { router } = renderRoute(path);
    await screen.findByRole('heading', { name: 'Appointment Booking' });
    expect(screen.queryByText(MESSAGES.pageNotFoundTitle)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path.split('?')[0]);
  });

  it('an order under the old orders route goes to that order in the orders app, keeping the query', async () => {
    signIn();
    const { router } = renderRoute(`/dashboard/${USER_ID}/orders/${INTAKE_ID}?from=mail`);
    await waitFor(() => expect(currentUrl(router)).toBe(`/orders/${INTAKE_ID}?from=mail`));
  });

  it.each([
    [`/dashboard/${USER_ID}/appointments/a1`, 'Appointment'],
    [`/dashboard/${USER_ID}/labs/l1`, 'Lab'],
    [`/dashboard/${USER_ID}/providers/p1`, 'Providers'],
  ])('%s names its item while it is still to come', async (path, title) => {
    signIn();
    renderRoute(path);
    await screen.findByRole('heading', { level: 1, name: title });
    expect(screen.getByText('Coming soon')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} · Patient Portal`));
  });

  it.each([
    [`/dashboard/${USER_ID}/subscriptions/${INTAKE_ID}`, 'Subscription'],
    [`/dashboard/${USER_ID}/notifications/${INTAKE_ID}`, 'Notification'],
    [`/dashboard/${USER_ID}/profile/intake/${INTAKE_ID}/pharmacy-questions`, 'Visit Review: Medical History'],
    [`/dashboard/${USER_ID}/labs`, 'Labs'],
    [`/dashboard/${USER_ID}/lab-analysis/${INTAKE_ID}`, 'Lab Analysis'],
    ['/lab-instructions', 'Getting Started with Labs'],
    [`/lab-instructions/${INTAKE_ID}`, 'Getting Started with Labs'],
  ])('%s has its own screen, titled %s', async (path, title) => {
    signIn();
    const { router } = renderRoute(path);
    await waitFor(() => expect(document.title).toBe(`${title} · Patient Portal`));
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('an item of an unknown dashboard page, or a visit under one, is a 404', async () => {
    signIn();
    const first = renderRoute(`/dashboard/${USER_ID}/nonsense/${INTAKE_ID}`);
    await screen.findByRole('heading', { name: MESSAGES.pageNotFoundTitle });
    first.unmount();
    renderRoute(`/dashboard/${USER_ID}/nonsense/intake/${INTAKE_ID}/profile`);
    await screen.findByRole('heading', { name: MESSAGES.pageNotFoundTitle });
  });

  it('an unknown path shows the 404 page, whose button leads a visitor to the front door', async () => {
    renderRoute('/no/such/page');
    await screen.findByRole('heading', { name: MESSAGES.pageNotFoundTitle });
    expect(screen.getByText(MESSAGES.pageNotFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it.each([
    ['an unknown page', `/dashboard/${USER_ID}/nonsense`],
    ['a path under no page', `/dashboard/${USER_ID}/a/b/c/d`],
  ])('%s of the dashboard keeps the shell, and its button leads the patient home', async (_, path) => {
    signIn();
    renderRoute(path);
    await screen.findByRole('heading', { name: MESSAGES.pageNotFoundTitle });
    expect(screen.getByRole('navigation', { name: /^(Main|Shortcuts)$/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
      'href',
      `/dashboard/${USER_ID}/profile`,
    );
    await waitFor(() => expect(document.title).toBe('Page Not Found · Patient Portal'));
  });

  it("an unknown path's button leads the clinic's staff to their workspace", async () => {
    signIn(patient({ role: 'admin' }));
    renderRoute('/no/such/page');
    await screen.findByRole('heading', { name: MESSAGES.pageNotFoundTitle });
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/care');
  });

  it('an unknown dashboard page or consultation section is a 404', async () => {
    signIn();
    renderRoute(`/dashboard/${USER_ID}/nonsense`);
    await screen.findByRole('heading', { name: MESSAGES.pageNotFoundTitle });
  });
});

describe('login guard', () => {
  beforeEach(() => setOrganization());

  it('sends an anonymous visitor to /login, keeping where they were going', async () => {
    const { router } = renderRoute(`/dashboard/${USER_ID}/subscriptions?tab=active`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirectPath')).toBe(
      `/dashboard/${USER_ID}/subscriptions?tab=active`,
    );
    await screen.findByRole('button', { name: 'Log in' });
  });

  it.each([
    '/shop',
    `/dashboard/${USER_ID}/subscriptions/${INTAKE_ID}`,
    `/dashboard/${USER_ID}/notifications/${INTAKE_ID}`,
    `/dashboard/${USER_ID}/profile/intake/${INTAKE_ID}/intake`,
    '/signup/checkout',
    `/consultation/hiw/${USER_ID}/${INTAKE_ID}/question/none`,
    '/notifications',
  ])('guards %s', async (path) => {
    const { router } = renderRoute(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sends an expired session to /login?expired=true and logs out', async () => {
    saveSession({ token: tokenExpiringIn(-5), user: patient() });
    const { router } = renderRoute(`/dashboard/${USER_ID}/profile`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toMatch(/^\?expired=true/);
    await screen.findByText(MESSAGES.sessionExpired);
    expect(getToken()).toBeNull();
  });

  it('loads a missing user record from the route userId', async () => {
    window.localStorage.setItem('token', tokenExpiringIn(3600));
    const requests = mockApi({
      [`GET /users/${ORG_ID}/user/${USER_ID}/patient`]: json(200, patient({ first_name: 'Ada' })),
    });
    renderRoute(`/dashboard/${USER_ID}/profile`);
    await screen.findByRole('heading', { name: 'Welcome, Ada' });
    expect(getStoredUser()?.first_name).toBe('Ada');
    expect(requests.filter((r) => r.path === `/users/${ORG_ID}/user/${USER_ID}/patient`)).toHaveLength(1);
  });

  it('after a reload, loads the full record of the stored user once (only the routing subset is stored)', async () => {
    window.localStorage.setItem('token', tokenExpiringIn(3600));
    window.localStorage.setItem(
      'user',
      JSON.stringify({ _id: USER_ID, organization: ORG_ID, first_name: 'Ada' }),
    );
    const requests = mockApi({
      [`GET /users/${ORG_ID}/user/${USER_ID}/patient`]: json(200, patient({ first_name: 'Ada', height: 66 })),
    });
    renderRoute('/notifications');
    await waitFor(() => expect(getSessionPatient()?.height).toBe(66));
    expect(requests.filter((r) => r.path === `/users/${ORG_ID}/user/${USER_ID}/patient`)).toHaveLength(1);
    expect(window.localStorage.getItem('user')).not.toContain('height');
  });

  it.each([
    [
      'the server fails',
      json(500, { text: 'InternalServerError', message: 'An error occurred. Please try again later.' }),
      'An error occurred. Please try again later.',
    ],
    [
      'the network fails',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Network error, please try again later.',
    ],
  ])(
    'shows the error in a heading and keeps the session when %s loading the user (001 §8)',
    async (_, answer, message) => {
      const token = tokenExpiringIn(3600);
      window.localStorage.setItem('token', token);
      mockApi({ [`GET /users/${ORG_ID}/user/${USER_ID}/patient`]: answer });
      const { router } = renderRoute(`/dashboard/${USER_ID}/profile`);
      await screen.findByRole('heading', { level: 1, name: message });
      expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(`/dashboard/${USER_ID}/profile`);
      expect(getToken()).toBe(token);
    },
  );

  it('goes to login when the missing user record cannot be loaded', async () => {
    window.localStorage.setItem('token', tokenExpiringIn(3600));
    mockApi({
      [`GET /users/${ORG_ID}/user/${USER_ID}/patient`]: json(401, { text: 'Unauthorized', message: 'x' }),
    });
    const { router } = renderRoute(`/dashboard/${USER_ID}/profile`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
  });
});

describe('signed-in shell', () => {
  beforeEach(() => setOrganization());

  it('greets the patient and logs out through the account menu', async () => {
    signIn();
    const requests = mockApi({ 'POST /v2/auth/logout': new Response(null, { status: 204 }) });
    const { user, router } = renderRoute(`/dashboard/${USER_ID}/profile`);
    await screen.findByRole('heading', { name: 'Welcome, Jane' });

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'href',
      `/dashboard/${USER_ID}/profile`,
    );
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders');
    expect(within(nav).getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/shop');

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requests.some((r) => r.method === 'POST' && r.path === '/v2/auth/logout')).toBe(true);
    expect(getToken()).toBeNull();
    expect(getStoredUser()).toBeNull();
  });

  it('logs out locally even when the logout call fails', async () => {
    signIn();
    mockApi({ 'POST /v2/auth/logout': json(500, { text: 'X', message: 'Y' }) });
    const { user, router } = renderRoute(`/dashboard/${USER_ID}/profile`);
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
  });

  it('on phones has a menu with Logout and the footer shortcuts', async () => {
    signIn();
    window.innerWidth = 375;
    try {
      const { user } = renderRoute(`/dashboard/${USER_ID}/profile`);
      const footer = await screen.findByRole('navigation', { name: 'Shortcuts' });
      expect(
        within(footer)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Labs', 'Orders', 'Subscriptions', 'Shop', 'Messages']);
      expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Menu' }));
      const menu = screen.getByRole('navigation', { name: 'Menu' });
      expect(within(menu).getByRole('button', { name: 'Logout' })).toBeVisible();
      expect(within(menu).getByRole('link', { name: 'Providers' })).toHaveAttribute(
        'href',
        `/dashboard/${USER_ID}/providers`,
      );
    } finally {
      window.innerWidth = 1024;
    }
  });
});
