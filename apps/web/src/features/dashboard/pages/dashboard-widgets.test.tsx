import type { ProductTemplate } from '@portal/domain/contracts/product';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setBrand } from '../../../lib/brand';
import {
  COMPOUNDED_ID,
  COMPOUNDED_PROTOCOL,
  GENERIC_ID,
  GENERIC_PROTOCOL,
  INTAKE_ID,
  intake,
  intakeTemplate,
  productTemplate,
  TEMPLATE_ID,
} from '../../../test/fixtures/funnel';
import {
  currentUrl,
  json,
  mockApi,
  ORG_ID,
  patient,
  renderRoute,
  setOrganization,
  signIn,
  USER_ID,
} from '../../../test/helpers';
import {
  appointment,
  coachingSubscription,
  ORDER_ID,
  order,
  organization,
  SUB_ID,
  subscription,
} from '../test/fixtures';

const HOME = `/dashboard/${USER_ID}/profile`;
const SUBSCRIPTIONS = `GET /users/${ORG_ID}/user/${USER_ID}/subscriptions`;
const APPOINTMENTS = `GET /v2/appointments/${ORG_ID}/user/${USER_ID}`;
const INCOMPLETE = `GET /intakes/${ORG_ID}/patient/${USER_ID}/incomplete`;
const INTAKES = `GET /intakes/${ORG_ID}/patient/${USER_ID}`;
const ORDERS = `GET /orders/${ORG_ID}/patient/${USER_ID}`;
const PRODUCTS = 'GET /v2/products';
const TEMPLATE = `GET /intake-template/${ORG_ID}/template/${TEMPLATE_ID}`;

/** A patient with nothing to alert about. */
const verified = () => patient({ mobile_verified: true, verificationStatus: 'completed' });
const protocols = () => [
  productTemplate({ settings: GENERIC_PROTOCOL }),
  productTemplate({
    _id: COMPOUNDED_ID,
    slug: 'compounded-rapamycin',
    name: 'Compounded Rapamycin',
    settings: COMPOUNDED_PROTOCOL,
  }),
];
const catalogue = (docs: ProductTemplate[] = protocols()) =>
  json(200, {
    docs,
    page: 1,
    limit: 50,
    totalDocs: docs.length,
    totalPages: 1,
    hasNextPage: false,
    hasPrevPage: false,
  });

/** The widget region of that name, once it has appeared. */
const widget = (name: string) => screen.findByRole('region', { name });
const cells = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>('.dashboard-widgets__cell')].map((c) => ({
    widget: c.dataset.widget,
    wide: c.classList.contains('dashboard-widgets__cell--wide'),
  }));

describe('Dashboard widgets: always shown', () => {
  beforeEach(() => {
    setOrganization();
    signIn(verified());
  });

  it('shows welcome video, labs shop and message us with their destinations, the odd last one wide', async () => {
    mockApi({});
    const { container } = renderRoute(HOME);
    const welcome = await widget('Welcome to Patient Portal');
    // no clinic settings here, so no video: the headline shows without a button that would open nothing
    expect(within(welcome).queryByRole('button', { name: 'Watch the introduction' })).toBeNull();
    expect(
      within(await widget('Shop Lab Tests')).getByRole('link', { name: 'Browse Lab Tests' }),
    ).toHaveAttribute('href', '/shop?type=lab');
    expect(
      within(await widget('Have a question?')).getByRole('link', { name: 'Message Us' }),
    ).toHaveAttribute('href', `/messages/${USER_ID}/new`);
    // 3 widgets: the third spans both columns
    expect(cells(container)).toEqual([
      { widget: 'welcome-video', wide: false },
      { widget: 'labs-shop', wide: false },
      { widget: 'message-us', wide: true },
    ]);
  });

  it('opens the clinic introduction from the welcome widget', async () => {
    setBrand({
      organization: organization({
        welcome: { video: { url: '/v/welcome.mp4', captions_url: '/v/welcome.en.vtt' } },
      }),
      organizationId: ORG_ID,
      error: false,
    });
    mockApi({});
    const { user } = renderRoute(HOME);
    await user.click(
      within(await widget('Welcome to Evergreen')).getByRole('button', { name: 'Watch the introduction' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Evergreen' });
    expect(dialog.querySelector('video')).toHaveAttribute('src', '/v/welcome.mp4');
  });
});

describe('Dashboard widgets: coaching', () => {
  beforeEach(() => {
    setOrganization();
    signIn(verified());
  });

  it('is hidden without a coaching membership', async () => {
    mockApi({ [SUBSCRIPTIONS]: json(200, [subscription()]) });
    renderRoute(HOME);
    await widget('Customize Your Protocol');
    expect(screen.queryByRole('region', { name: 'Coaching' })).not.toBeInTheDocument();
  });

  it('offers Schedule Now to /schedule-coaching/{id} when no session is ahead', async () => {
    const coach = coachingSubscription();
    mockApi({
      [SUBSCRIPTIONS]: json(200, [coach]),
      [APPOINTMENTS]: json(200, [
        appointment({ start_time: '2020-01-01T17:00:00.000Z', end_time: '2020-01-01T17:30:00.000Z' }),
        appointment({ canceled: true }),
      ]),
    });
    renderRoute(HOME);
    const coaching = await widget('Coaching');
    expect(within(coaching).getByRole('link', { name: 'Schedule Now' })).toHaveAttribute(
      'href',
      `/schedule-coaching/${coach._id}`,
    );
    expect(within(coaching).queryByText(/Join Room/)).not.toBeInTheDocument();
  });

  it('offers Join Room with the meeting link and the time in Pacific time while a session is ahead', async () => {
    const requests = mockApi({
      [SUBSCRIPTIONS]: json(200, [coachingSubscription()]),
      [APPOINTMENTS]: json(200, [appointment()]),
    });
    renderRoute(HOME);
    const coaching = await widget('Coaching');
    const join = within(coaching).getByRole('link', { name: 'Join Room (opens in a new tab)' });
    expect(join).toHaveAttribute('href', 'https://meet.example.com/room-1');
    expect(join).toHaveAttribute('target', '_blank');
    // 17:00 UTC on 1 July 2030 is 10:00 AM Pacific daylight time
    expect(coaching).toHaveTextContent('Monday, July 1 at 10:00 AM PDT');
    expect(within(coaching).queryByRole('link', { name: 'Schedule Now' })).not.toBeInTheDocument();
    expect(requests.find((r) => r.path.startsWith('/v2/appointments/'))?.path).toContain(
      'productVariant=coaching',
    );
  });
});

describe('Dashboard widgets: alerts', () => {
  beforeEach(() => setOrganization());

  it('alerts an unverified mobile and identity, each to the right place', async () => {
    signIn(patient({ mobile_verified: false, verificationStatus: 'not_started' }));
    mockApi({});
    renderRoute(HOME);
    const alerts = await widget('Alerts');
    expect(alerts).toHaveTextContent('Verify your number to receive real time updates');
    expect(within(alerts).getByRole('link', { name: 'Verify Number' })).toHaveAttribute(
      'href',
      `/dashboard/${USER_ID}/settings/mobile`,
    );
    expect(within(alerts).getByRole('link', { name: 'Verify Identity' })).toHaveAttribute(
      'href',
      `/verification/${USER_ID}/verify_account`,
    );
  });

  it('says a rejected identity was rejected, and leaves out a verified mobile', async () => {
    signIn(patient({ mobile_verified: true, verificationStatus: 'rejected' }));
    mockApi({});
    renderRoute(HOME);
    const alerts = await widget('Alerts');
    expect(alerts).toHaveTextContent('Verification Rejected');
    expect(within(alerts).queryByRole('link', { name: 'Verify Number' })).not.toBeInTheDocument();
  });

  it('is hidden when mobile and identity are verified (or the identity pending)', async () => {
    signIn(patient({ mobile_verified: true, verificationStatus: 'pending' }));
    mockApi({});
    renderRoute(HOME);
    await widget('Shop Lab Tests');
    expect(screen.queryByRole('region', { name: 'Alerts' })).not.toBeInTheDocument();
  });
});

describe('Dashboard widgets: labs', () => {
  beforeEach(() => {
    setOrganization();
    signIn(verified());
  });

  it('submits the created lab order once a visit is approved, then opens its lab instructions', async () => {
    const requests = mockApi({
      [ORDERS]: json(200, [order()]),
      [INTAKES]: json(200, [intake({ patient_complete: true, physician_review: true })]),
      [`POST /v2/orders/${ORDER_ID}/submit`]: json(200, order({ status: 'paid' })),
    });
    const { user, router } = renderRoute(HOME);
    const labs = await widget('Your labs are ready to order');
    expect(labs).toHaveTextContent('Comprehensive Longevity Panel');
    await user.click(within(labs).getByRole('button', { name: 'Start Labs' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/lab-instructions/${ORDER_ID}`));
    expect(requests.some((r) => r.method === 'POST' && r.path === `/v2/orders/${ORDER_ID}/submit`)).toBe(
      true,
    );
  });

  it("shows the server's reason and stays when the order is refused", async () => {
    mockApi({
      [ORDERS]: json(200, [order()]),
      [INTAKES]: json(200, [intake({ physician_review: true })]),
      [`POST /v2/orders/${ORDER_ID}/submit`]: json(400, {
        text: 'ValidationError',
        message: 'Labs cannot be ordered in NY, NJ or RI.',
      }),
    });
    const { user, router } = renderRoute(HOME);
    const labs = await widget('Your labs are ready to order');
    await user.click(within(labs).getByRole('button', { name: 'Start Labs' }));
    expect(await within(labs).findByRole('alert')).toHaveTextContent(
      'Labs cannot be ordered in NY, NJ or RI.',
    );
    expect(currentUrl(router)).toBe(HOME);
  });

  it('is hidden without an approved visit, or when a lab is already ordered', async () => {
    mockApi({
      [ORDERS]: json(200, [order()]),
      [INTAKES]: json(200, [intake({ patient_complete: true })]),
    });
    renderRoute(HOME);
    await widget('Shop Lab Tests');
    await waitFor(() => expect(screen.queryByText('Loading')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Your labs are ready to order' })).not.toBeInTheDocument();
  });

  it('is hidden when another lab order is already paid', async () => {
    mockApi({
      [ORDERS]: json(200, [order(), order({ _id: '0de000000000000000000002', status: 'paid' })]),
      [INTAKES]: json(200, [intake({ physician_review: true })]),
    });
    renderRoute(HOME);
    await widget('Shop Lab Tests');
    expect(screen.queryByRole('region', { name: 'Your labs are ready to order' })).not.toBeInTheDocument();
  });
});

describe('Dashboard widgets: rapamycin intake', () => {
  beforeEach(() => {
    setOrganization();
    signIn(verified());
  });

  it('starts a generic rapamycin visit at how it works with referrer dashboard', async () => {
    const NEW_INTAKE = '1a1000000000000000000001';
    const requests = mockApi({
      [PRODUCTS]: catalogue(),
      [SUBSCRIPTIONS]: json(200, []),
      [INTAKES]: json(200, []),
      [`GET /intake-template/${ORG_ID}/product/${GENERIC_ID}`]: json(200, intakeTemplate()),
      [`POST /users/${ORG_ID}/user/${USER_ID}/template/${TEMPLATE_ID}`]: json(
        201,
        intake({ _id: NEW_INTAKE }),
      ),
    });
    const { user, router } = renderRoute(HOME);
    const rapamycin = await widget('Start your Rapamycin visit');
    await user.click(within(rapamycin).getByRole('button', { name: 'Start Visit' }));
    await waitFor(() =>
      expect(currentUrl(router)).toBe(
        `/consultation/hiw/${USER_ID}/${NEW_INTAKE}/question/none?product=${GENERIC_ID}&referrer=dashboard`,
      ),
    );
    expect(requests.find((r) => r.path.startsWith('/v2/products'))?.path).toContain(
      'product_type=medication',
    );
  });

  it('says so and stays when the visit cannot be started', async () => {
    mockApi({
      [PRODUCTS]: catalogue(),
      [SUBSCRIPTIONS]: json(200, []),
      [INTAKES]: json(200, []),
    });
    const { user } = renderRoute(HOME);
    const rapamycin = await widget('Start your Rapamycin visit');
    await user.click(within(rapamycin).getByRole('button', { name: 'Start Visit' }));
    expect(await within(rapamycin).findByRole('alert')).toHaveTextContent(
      "We couldn't start your visit. Please try again.",
    );
  });

  it('is hidden with a current rapamycin subscription', async () => {
    mockApi({
      [PRODUCTS]: catalogue(),
      [SUBSCRIPTIONS]: json(200, [subscription({ status: 'paused' })]),
      [INTAKES]: json(200, []),
    });
    renderRoute(HOME);
    await widget('Shop Lab Tests');
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Start your Rapamycin visit' })).toBeNull(),
    );
  });

  it("starts the clinic's featured protocol and hides for a subscription to its group, whatever the slugs", async () => {
    const OTHER = '0000000000000000000000c9';
    const docs = [
      productTemplate({ _id: OTHER, slug: 'metformin', name: 'Metformin', settings: {} }),
      productTemplate({
        _id: COMPOUNDED_ID,
        slug: 'sirolimus-capsules',
        name: 'Capsules',
        settings: { exclusive_group: 'weekly', protocol: { order: 2 } },
      }),
      productTemplate({
        slug: 'sirolimus-tablets',
        name: 'Tablets',
        settings: { exclusive_group: 'weekly', protocol: { featured: true, order: 1 } },
      }),
    ];
    const requests = mockApi({
      [PRODUCTS]: catalogue(docs),
      [SUBSCRIPTIONS]: json(200, []),
      [INTAKES]: json(200, []),
    });
    const { user } = renderRoute(HOME);
    const start = await widget('Start your Rapamycin visit');
    await user.click(within(start).getByRole('button', { name: 'Start Visit' }));
    await within(start).findByRole('alert');
    expect(requests.some((r) => r.path === `/intake-template/${ORG_ID}/product/${GENERIC_ID}`)).toBe(true);
  });

  it('is hidden with a current subscription to another protocol of the featured group', async () => {
    const capsules = subscription({ status: 'active', name: 'Capsules' });
    capsules.product_plans[0]!.product_template = {
      ...capsules.product_plans[0]!.product_template!,
      _id: COMPOUNDED_ID,
      name: 'Capsules',
      product_name: 'Capsules',
    };
    mockApi({
      [PRODUCTS]: catalogue(),
      [SUBSCRIPTIONS]: json(200, [capsules]),
      [INTAKES]: json(200, []),
    });
    renderRoute(HOME);
    await widget('Shop Lab Tests');
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Start your Rapamycin visit' })).toBeNull(),
    );
  });

  it('is not offered when the catalogue marks no featured protocol', async () => {
    mockApi({
      [PRODUCTS]: catalogue(protocols().map((t) => ({ ...t, settings: {} }))),
      [SUBSCRIPTIONS]: json(200, []),
      [INTAKES]: json(200, []),
    });
    renderRoute(HOME);
    await widget('Shop Lab Tests');
    expect(screen.queryByRole('region', { name: 'Start your Rapamycin visit' })).not.toBeInTheDocument();
  });

  it('is hidden while a visit is in review', async () => {
    mockApi({
      [PRODUCTS]: catalogue(),
      [SUBSCRIPTIONS]: json(200, []),
      [INTAKES]: json(200, [intake({ patient_complete: true, products: [] })]),
    });
    renderRoute(HOME);
    await screen.findByRole('region', { name: 'Visits in Review' });
    expect(screen.queryByRole('region', { name: 'Start your Rapamycin visit' })).not.toBeInTheDocument();
  });
});

describe('Dashboard widgets: customize protocol and community', () => {
  beforeEach(() => {
    setOrganization();
    signIn(verified());
  });

  it('shows Customize Protocol only with an active medication subscription', async () => {
    mockApi({
      [SUBSCRIPTIONS]: json(200, [
        subscription({ status: 'paused' }),
        subscription({ _id: SUB_ID.replace('1', '2'), type: 'supplement' }),
      ]),
    });
    renderRoute(HOME);
    await widget('Shop Lab Tests');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Customize Your Protocol' })).toBeNull());
  });

  it('opens the community site in a new tab when the brand has one', async () => {
    setBrand({
      organization: organization({ community_url: 'https://community.example.com' }),
      organizationId: ORG_ID,
      error: false,
    });
    mockApi({});
    renderRoute(HOME);
    const link = within(await widget('Join the Community')).getByRole('link', {
      name: 'Visit Community (opens in a new tab)',
    });
    expect(link).toHaveAttribute('href', 'https://community.example.com');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('has no community widget without a community site', async () => {
    setBrand({ organization: organization(), organizationId: ORG_ID, error: false });
    mockApi({});
    renderRoute(HOME);
    await widget('Shop Lab Tests');
    expect(screen.queryByRole('region', { name: 'Join the Community' })).not.toBeInTheDocument();
  });
});

describe('Dashboard widgets: incomplete visits', () => {
  beforeEach(() => {
    setOrganization();
    signIn(verified());
  });

  const three = () => [
    intake({ _id: 'a00000000000000000000001' }),
    intake({ _id: 'a00000000000000000000002' }),
    intake({ _id: 'a00000000000000000000003' }),
  ];

  it('shows 2 cards and the rest in the panel behind View all', async () => {
    mockApi({ [INCOMPLETE]: json(200, three()), [TEMPLATE]: json(200, intakeTemplate()) });
    const { user } = renderRoute(HOME);
    const visits = await widget('Finish your visit');
    expect(within(visits).getAllByRole('listitem')).toHaveLength(2);
    expect(within(visits).getAllByText('0% complete')).toHaveLength(2);
    await user.click(within(visits).getByRole('button', { name: 'View all 3 incomplete visits' }));
    const panel = await screen.findByRole('dialog', { name: 'Incomplete Visits' });
    expect(within(panel).getAllByRole('listitem')).toHaveLength(3);
  });

  it('has no View all with 2 visits or fewer', async () => {
    mockApi({ [INCOMPLETE]: json(200, [intake()]), [TEMPLATE]: json(200, intakeTemplate()) });
    renderRoute(HOME);
    const visits = await widget('Finish your visit');
    expect(within(visits).queryByRole('button', { name: /View all/ })).not.toBeInTheDocument();
  });

  it('cancels (closes) a visit after confirmation', async () => {
    let closed = false;
    const requests = mockApi({
      [INCOMPLETE]: () => json(200, closed ? [] : [intake()]),
      [TEMPLATE]: json(200, intakeTemplate()),
      [`PUT /intakes/${ORG_ID}/patient/${USER_ID}/patient-intake/${INTAKE_ID}/patient-close`]: () => {
        closed = true;
        return json(200, intake({ closed: true }));
      },
    });
    const { user } = renderRoute(HOME);
    const visits = await widget('Finish your visit');
    await user.click(within(visits).getByRole('button', { name: 'Cancel Rapamycin' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this visit?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel visit' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Finish your visit' })).toBeNull());
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });

  it('keeps the visit when the patient changes their mind', async () => {
    const requests = mockApi({
      [INCOMPLETE]: json(200, [intake()]),
      [TEMPLATE]: json(200, intakeTemplate()),
    });
    const { user } = renderRoute(HOME);
    await user.click(
      within(await widget('Finish your visit')).getByRole('button', { name: 'Cancel Rapamycin' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Keep my visit' }));
    expect(screen.queryByRole('dialog', { name: 'Cancel this visit?' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('opens the incomplete-visits panel with the error when cancelling fails', async () => {
    mockApi({
      [INCOMPLETE]: json(200, [intake()]),
      [TEMPLATE]: json(200, intakeTemplate()),
      [`PUT /intakes/${ORG_ID}/patient/${USER_ID}/patient-intake/${INTAKE_ID}/patient-close`]: json(500, {
        text: 'NetworkError',
        message: 'An error occurred.',
      }),
    });
    const { user } = renderRoute(HOME);
    await user.click(
      within(await widget('Finish your visit')).getByRole('button', { name: 'Cancel Rapamycin' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel visit' }));
    const panel = await screen.findByRole('dialog', { name: 'Incomplete Visits' });
    expect(within(panel).getByRole('alert')).toHaveTextContent(
      "We couldn't cancel this visit. Please try again.",
    );
    expect(within(panel).getByRole('link', { name: 'Continue Rapamycin' })).toBeInTheDocument();
  });
});
