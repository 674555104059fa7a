import { MESSAGES } from '@portal/domain/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { STATES } from '../../../test/fixtures/funnel';
import {
  currentUrl,
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
import {
  LAB,
  labProducts,
  labTemplate,
  productsPath,
  SUPPLEMENT_ID,
  supplementProducts,
  supplementTemplate,
  templatePath,
} from '../test/fixtures';

const ORDER_ID = '777777777777777777777771';
const named = { first_name: 'Jane', last_name: 'Doe' };

function api(overrides: Record<string, Response | ((r: RecordedRequest) => Response)> = {}) {
  return mockApi({
    [templatePath(LAB)]: json(200, labTemplate()),
    [productsPath(LAB)]: json(200, labProducts()),
    [templatePath(SUPPLEMENT_ID)]: json(200, supplementTemplate()),
    [productsPath(SUPPLEMENT_ID)]: json(200, supplementProducts()),
    'GET /states': json(200, STATES),
    'GET /v2/payments/config': json(200, {
      provider: 'sandbox',
      publishable_key: null,
      tokens_url: '/sandbox/payments/tokens',
    }),
    [`GET /billing/${ORG_ID}/patient/${USER_ID}/card`]: json(404, { text: 'NotFound', message: 'x' }),
    'GET /v2/address/config': json(200, { autocomplete: false }),
    'GET /v2/address/zip/90210': json(200, {
      zip: '90210',
      city: 'Beverly Hills',
      state: 'CA',
      country: 'us',
    }),
    'GET /v2/address/zip/10001': json(200, { zip: '10001', city: 'New York', state: 'NY', country: 'us' }),
    'POST /sandbox/payments/tokens': json(201, {
      id: 'tok_test.sig',
      object: 'token',
      livemode: false,
      card: { brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 },
    }),
    [`PUT /users/${ORG_ID}/${USER_ID}`]: (r) => json(200, patient({ ...named, ...(r.body as object) })),
    [`POST /billing/${ORG_ID}/patient/${USER_ID}/billing/profile/create`]: json(200, {
      user_id: USER_ID,
      stripe_id: 'cus_sandbox_1',
      has_card_source: true,
      stripe_profile: { default_source: 'pm_1' },
      card: { brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 },
    }),
    'POST /v2/orders/patient': json(200, { _id: ORDER_ID, status: 'created' }),
    [`POST /v2/orders/${ORDER_ID}/submit`]: json(200, { _id: ORDER_ID, status: 'paid' }),
    [`POST /v2/subscriptions/product/${supplementProducts()[2]!._id}`]: json(201, { _id: 'sub1' }),
    [`POST /users/${ORG_ID}/patient/${USER_ID}/subscriber/tag`]: json(200, {}),
    ...overrides,
  });
}

function choose(templateId: string, type: string, productId?: string, unitAmount = 0) {
  window.localStorage.setItem(STORAGE_KEYS.productTemplate, JSON.stringify({ _id: templateId, type }));
  if (productId)
    window.localStorage.setItem(
      STORAGE_KEYS.defaultItem,
      JSON.stringify({ product_template: templateId, product: productId, unit_amount: unitAmount }),
    );
}

type Setup = ReturnType<typeof renderRoute>;

async function fill({ user }: Setup, zip = '90210') {
  await user.type(await screen.findByLabelText('Street address'), '1 Main St');
  await user.type(screen.getByLabelText('ZIP code'), zip);
  await waitFor(() => expect(screen.getByLabelText('City')).not.toHaveValue(''));
  await user.type(screen.getByLabelText('Phone number'), '2135550123');
  await user.type(screen.getByLabelText('Card number'), '4242424242424242');
  await user.type(screen.getByLabelText('Expiry date'), '1230');
  await user.type(screen.getByLabelText('CVC'), '123');
}

describe('/signup/checkout', () => {
  beforeEach(() => {
    setOrganization();
    signIn(patient({ ...named, mobile_number: '2135550123' }));
  });

  it('shows Billing Info for labs with the payment note and the Protocol summary', async () => {
    choose(LAB, 'lab');
    api();
    renderRoute('/signup/checkout');
    expect(await screen.findByRole('heading', { name: 'Billing Info' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payment Information' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'You will not be charged for or shipped any medication until approved by your doctor.',
      ),
    ).toBeInTheDocument();
    const summary = screen.getByRole('heading', { name: 'Summary' }).closest('section')!;
    expect(within(summary).getByText('Protocol')).toBeInTheDocument();
    expect(within(summary).getByText('Longevity Essentials Panel')).toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(within(summary).getByText('Total Due Now')).toBeInTheDocument();
    expect(within(summary).getAllByText('$199.00').length).toBeGreaterThan(0);
  });

  it('asks where to send a supplement', async () => {
    choose(SUPPLEMENT_ID, 'supplement');
    api();
    renderRoute('/signup/checkout');
    expect(
      await screen.findByRole('heading', { name: 'Where should we send your supplement?' }),
    ).toBeInTheDocument();
  });

  it('orders a lab: saves the address, creates the billing profile, creates and submits the order', async () => {
    choose(LAB, 'lab');
    const requests = api();
    const setup = renderRoute('/signup/checkout');
    await fill(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(setup.router)).toBe(`/lab-instructions/${ORDER_ID}`));
    const calls = requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
    expect(calls).toEqual([
      `PUT /users/${ORG_ID}/${USER_ID}`,
      'POST /sandbox/payments/tokens',
      `POST /billing/${ORG_ID}/patient/${USER_ID}/billing/profile/create`,
      'POST /v2/orders/patient',
      `POST /v2/orders/${ORDER_ID}/submit`,
      `POST /users/${ORG_ID}/patient/${USER_ID}/subscriber/tag`,
      `POST /users/${ORG_ID}/patient/${USER_ID}/subscriber/tag`,
    ]);
    expect(requests.find((r) => r.path === '/v2/orders/patient')?.body).toMatchObject({
      product_template: LAB,
      product: labProducts()[0]!._id,
      quantity: 1,
      promo_code: null,
    });
    const tags = requests.filter((r) => r.path.endsWith('/subscriber/tag')).map((r) => r.body);
    expect(tags).toEqual([
      { tag: 'status:checkout:incomplete', status: 'inactive', patient: USER_ID },
      { tag: 'status:checkout:complete', status: 'active', patient: USER_ID },
    ]);
    expect(window.localStorage.getItem(STORAGE_KEYS.productTemplate)).toBeNull();
  });

  it('goes to the labs app after a lab order when the patient has labs2', async () => {
    const labs2 = { ...named, mobile_number: '2135550123', feature_flags: { labs2: true } };
    signIn(patient(labs2));
    choose(LAB, 'lab');
    api({
      [`PUT /users/${ORG_ID}/${USER_ID}`]: (r) => json(200, patient({ ...labs2, ...(r.body as object) })),
    });
    const setup = renderRoute('/signup/checkout');
    await fill(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(setup.router)).toBe('/labs'));
  });

  it('subscribes to a recurring supplement plan and goes to the dashboard profile', async () => {
    const quarterly = supplementProducts()[2]!;
    choose(SUPPLEMENT_ID, 'supplement', quarterly._id, 9900);
    const requests = api();
    const setup = renderRoute('/signup/checkout');
    await fill(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(setup.router)).toBe(`/dashboard/${USER_ID}/profile`));
    expect(requests.find((r) => r.path === `/v2/subscriptions/product/${quarterly._id}`)?.body).toEqual({
      quantity: 1,
      promo_code: null,
    });
    expect(requests.some((r) => r.path === '/v2/orders/patient')).toBe(false);
  });

  it('blocks a lab shipped to NY, NJ or RI', async () => {
    choose(LAB, 'lab');
    const requests = api();
    const setup = renderRoute('/signup/checkout');
    await fill(setup, '10001');
    await setup.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(MESSAGES.labRestrictedState)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Error. Try Again.' })).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/v2/orders/patient')).toBe(false);
  });

  it('shows the provider message and Error. Try Again., and a retry submits the same order', async () => {
    choose(LAB, 'lab');
    let attempts = 0;
    const requests = api({
      [`POST /v2/orders/${ORDER_ID}/submit`]: () =>
        ++attempts === 1
          ? json(402, { text: 'CardDeclined', message: 'Your card was declined.' })
          : json(200, { _id: ORDER_ID, status: 'paid' }),
    });
    const setup = renderRoute('/signup/checkout');
    await fill(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    await setup.user.click(screen.getByRole('button', { name: 'Error. Try Again.' }));
    await waitFor(() => expect(currentUrl(setup.router)).toBe(`/lab-instructions/${ORDER_ID}`));
    expect(requests.filter((r) => r.path === '/v2/orders/patient')).toHaveLength(1);
  });

  it('says no product is selected without a stored product', async () => {
    api();
    renderRoute('/signup/checkout');
    expect(await screen.findByText(MESSAGES.noProductSelected)).toBeInTheDocument();
  });
});
