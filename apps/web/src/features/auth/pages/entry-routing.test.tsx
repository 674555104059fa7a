import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import {
  currentUrl,
  json,
  mockApi,
  ORG_ID,
  patient,
  renderRoute,
  setOrganization,
  tokenExpiringIn,
  USER_ID,
} from '../../../test/helpers';

const PRODUCT = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const TEMPLATE = 'bbbbbbbbbbbbbbbbbbbbbbb1';
const GLOBAL = 'bbbbbbbbbbbbbbbbbbbbbbb2';
const INTAKE = 'ccccccccccccccccccccccc1';
const CAMPAIGN = 'ddddddddddddddddddddddd1';

const hiwPath = `/consultation/hiw/${USER_ID}/${INTAKE}/question/none?product=${PRODUCT}&referrer=shop`;
const intake = {
  _id: INTAKE,
  user: USER_ID,
  intake_template: TEMPLATE,
  total_steps: 6,
  intake_responses: [],
};

type Setup = ReturnType<typeof renderRoute>;

async function logIn({ user }: Setup) {
  await user.type(await screen.findByLabelText('Email'), 'jane@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

async function signUp({ user }: Setup) {
  await user.type(await screen.findByLabelText('First name'), 'Mary');
  await user.type(screen.getByLabelText('Last name'), 'Jane');
  await user.type(screen.getByLabelText('Email'), 'mary@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.click(screen.getByRole('checkbox', { name: /I agree to the Terms of Use/ }));
  await user.click(screen.getByRole('button', { name: 'Start My Visit' }));
}

const session = () => json(200, { token: tokenExpiringIn(3600), user: patient() });
const product = (type: string, extra: object = {}) =>
  json(200, { _id: PRODUCT, type, name: `A ${type}`, product_name: `A ${type} product`, ...extra });
const visitCalls = {
  [`POST /users/${ORG_ID}/user/${USER_ID}/template/${TEMPLATE}`]: json(201, intake),
  [`POST /users/${ORG_ID}/user/${USER_ID}/template/${GLOBAL}`]: json(201, {
    ...intake,
    intake_template: GLOBAL,
  }),
  [`GET /intakes/${ORG_ID}/patient/${USER_ID}/patient-intake/${INTAKE}`]: json(200, intake),
};

describe('routing after login by product type (000 §4 Login)', () => {
  beforeEach(() => setOrganization());

  it.each(['medication', 'coaching_membership'])(
    'starts a %s visit from the product intake template and opens how-it-works with referrer shop',
    async (type) => {
      const requests = mockApi({
        [`POST /login/${ORG_ID}`]: session(),
        [`GET /v2/products/${PRODUCT}/public`]: product(type),
        [`GET /intake-template/${ORG_ID}/product/${PRODUCT}`]: json(200, { _id: TEMPLATE }),
        ...visitCalls,
      });
      const setup = renderRoute(`/product/login/${PRODUCT}`);
      await logIn(setup);
      await waitFor(() => expect(currentUrl(setup.router)).toBe(hiwPath));
      expect(requests.some((r) => r.method === 'POST' && r.path.endsWith(`/template/${TEMPLATE}`))).toBe(
        true,
      );
      expect(window.localStorage.getItem(STORAGE_KEYS.intakeTemplate)).toBe(TEMPLATE);
    },
  );

  it('goes to redirectPath when a medication product has no intake template', async () => {
    mockApi({
      [`POST /login/${ORG_ID}`]: session(),
      [`GET /v2/products/${PRODUCT}/public`]: product('medication'),
    });
    const setup = renderRoute(`/login?product=${PRODUCT}&redirectPath=%2Fshop`);
    await logIn(setup);
    await waitFor(() => expect(currentUrl(setup.router)).toBe('/shop'));
  });

  it('stores a lab product and goes to the lab visit; a supplement to its protocol preference', async () => {
    mockApi({
      [`POST /login/${ORG_ID}`]: session(),
      [`GET /v2/products/${PRODUCT}/public`]: product('lab'),
    });
    const setup = renderRoute(`/product/login/${PRODUCT}`);
    await logIn(setup);
    await waitFor(() => expect(currentUrl(setup.router)).toBe('/signup/lab-visit'));
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.productTemplate) ?? '{}')).toMatchObject({
      _id: PRODUCT,
      type: 'lab',
    });
    setup.unmount();
    window.localStorage.clear();

    mockApi({
      [`POST /login/${ORG_ID}`]: session(),
      [`GET /v2/products/${PRODUCT}/public`]: product('supplement'),
    });
    const second = renderRoute(`/login?product=${PRODUCT}`);
    await logIn(second);
    await waitFor(() => expect(currentUrl(second.router)).toBe(`/signup/protocol-preference/${PRODUCT}`));
  });
});

describe('routing after signup (000 §4 Signup)', () => {
  beforeEach(() => setOrganization());
  const created = () => json(201, { token: tokenExpiringIn(3600), user: patient() });

  it('sends lab and supplement products into the signup checkout flow', async () => {
    mockApi({ 'POST /v2/users': created(), [`GET /v2/products/${PRODUCT}/public`]: product('supplement') });
    const setup = renderRoute(`/get-started?product=${PRODUCT}`);
    await signUp(setup);
    await waitFor(() => expect(currentUrl(setup.router)).toBe(`/signup/protocol-preference/${PRODUCT}`));
  });

  it('creates the intake from the product intake template and opens how-it-works', async () => {
    mockApi({
      'POST /v2/users': created(),
      [`GET /v2/products/${PRODUCT}/public`]: product('medication'),
      [`GET /intake-template/${ORG_ID}/product/${PRODUCT}`]: json(200, { _id: TEMPLATE }),
      ...visitCalls,
    });
    const setup = renderRoute(`/get-started?product=${PRODUCT}`);
    await signUp(setup);
    await waitFor(() => expect(currentUrl(setup.router)).toBe(hiwPath));
  });

  it('falls back to the global intake when the product has none', async () => {
    const requests = mockApi({
      'POST /v2/users': created(),
      [`GET /v2/products/${PRODUCT}/public`]: product('medication'),
      [`GET /intake-template/${ORG_ID}/global`]: json(200, { _id: GLOBAL }),
      ...visitCalls,
    });
    const setup = renderRoute(`/get-started?product=${PRODUCT}`);
    await signUp(setup);
    await waitFor(() => expect(currentUrl(setup.router)).toBe(hiwPath));
    expect(requests.some((r) => r.method === 'POST' && r.path.endsWith(`/template/${GLOBAL}`))).toBe(true);
  });

  it('goes to /signup/profile when no intake can be started', async () => {
    mockApi({ 'POST /v2/users': created(), [`GET /v2/products/${PRODUCT}/public`]: product('medication') });
    const setup = renderRoute(`/get-started?product=${PRODUCT}`);
    await signUp(setup);
    await waitFor(() =>
      expect(currentUrl(setup.router)).toBe(`/signup/profile?productTemplateId=${PRODUCT}`),
    );
  });

  it('goes to the profile dashboard without a product', async () => {
    const requests = mockApi({ 'POST /v2/users': created() });
    const setup = renderRoute('/get-started');
    await signUp(setup);
    await waitFor(() => expect(currentUrl(setup.router)).toBe(`/dashboard/${USER_ID}/profile`));
    expect(requests.some((r) => r.path.includes('/intake-template/'))).toBe(false);
  });

  it('stores defaultDurationSelection from the entry query', async () => {
    mockApi({});
    renderRoute('/get-started?defaultDurationSelection=3');
    await screen.findByLabelText('First name');
    // the shell stores it in an effect, which may run just after the form shows
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.defaultDurationSelection)).toBe('3'));
  });
});

describe('campaign and product landings (000 §2 Auth container)', () => {
  beforeEach(() => setOrganization());
  const campaign = {
    _id: CAMPAIGN,
    organization: ORG_ID,
    slug: 'know-your-numbers',
    name: 'Spring labs',
    type: 'lab',
    headline: 'Know your numbers',
    description: 'Twelve key biomarkers at more than 2,000 partner lab locations.',
    image: null,
    product_template: {
      _id: PRODUCT,
      type: 'lab',
      name: 'Essentials',
      product_name: 'Essentials Panel',
      product_images: [],
    },
    starts_at: null,
    ends_at: null,
  };

  it('shows the campaign hero on the login landing and routes with the campaign product', async () => {
    mockApi({
      [`GET /marketing/campaigns/${CAMPAIGN}/public`]: json(200, campaign),
      [`POST /login/${ORG_ID}`]: session(),
      [`GET /v2/products/${PRODUCT}/public`]: product('lab'),
    });
    const setup = renderRoute(`/campaign/login/${CAMPAIGN}`);
    await screen.findByRole('heading', { name: 'Know your numbers' });
    expect(screen.getByText(campaign.description)).toBeInTheDocument();
    expect(screen.getByText('Essentials Panel')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/campaign/signup/${CAMPAIGN}`,
    );
    await logIn(setup);
    await waitFor(() => expect(currentUrl(setup.router)).toBe('/signup/lab-visit'));
  });

  it('shows the signup form on the campaign landing', async () => {
    mockApi({ [`GET /marketing/campaigns/${CAMPAIGN}/public`]: json(200, campaign) });
    renderRoute(`/campaign/lab/${CAMPAIGN}`);
    await screen.findByRole('heading', { name: 'Know your numbers' });
    expect(screen.getByRole('button', { name: 'Start My Visit' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/campaign/login/${CAMPAIGN}`,
    );
  });

  it('sends a failed campaign load to /get-started (signup) or /login', async () => {
    mockApi({});
    const signup = renderRoute(`/campaign/lab/${CAMPAIGN}`);
    await waitFor(() => expect(currentUrl(signup.router)).toBe('/get-started'));
    signup.unmount();
    const login = renderRoute(`/campaign/login/${CAMPAIGN}`);
    await waitFor(() => expect(currentUrl(login.router)).toBe('/login'));
  });

  it('shows the product landing with the product name on /product/{type}/{id}', async () => {
    mockApi({
      [`GET /v2/products/${PRODUCT}/public`]: product('supplement', {
        description: 'Two softgels a day.',
        product_images: [],
      }),
    });
    renderRoute(`/product/supplement/${PRODUCT}`);
    await screen.findByRole('heading', { name: 'A supplement product' });
    expect(screen.getByText('Two softgels a day.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start My Visit' })).toBeInTheDocument();
  });
});
