import { MESSAGES } from '@portal/domain/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import {
  answersInTurn,
  checkoutFailure,
  checkoutRequests,
  checkoutResult,
  UUID,
} from '../../../test/fixtures/checkout';
import { STATES } from '../../../test/fixtures/funnel';
import {
  currentUrl,
  json,
  MERCHANT_PATH,
  mockApi,
  ORG_ID,
  patient,
  type RecordedRequest,
  renderRoute,
  SANDBOX_MERCHANT,
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
    [`GET ${MERCHANT_PATH}`]: json(200, SANDBOX_MERCHANT),
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
    'POST /v2/checkout': json(
      200,
      checkoutResult(
        { kind: 'signup', orders: [ORDER_ID], next: { kind: 'lab', subscription: null, order: ORDER_ID } },
        named,
      ),
    ),
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
    await screen.findByRole('heading', { name: 'Billing Info' });
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
    await screen.findByRole('heading', { name: 'Where should we send your supplement?' });
  });

  it("words the address form's errors with 002 §5's form messages", async () => {
    choose(SUPPLEMENT_ID, 'supplement');
    api();
    const { user } = renderRoute('/signup/checkout');
    const street = await screen.findByLabelText('Street address');
    await user.click(street);
    await user.tab();
    expect(screen.getByText('Address is required')).toBeInTheDocument();
    const phone = screen.getByLabelText('Phone number');
    await user.type(phone, '213555');
    await user.tab();
    expect(screen.getByText('The phone must be filled out completely')).toBeInTheDocument();
  });

  it('orders a lab in one POST /v2/checkout (kind signup) charged the Total Due Now, then its instructions', async () => {
    choose(LAB, 'lab');
    const requests = api();
    const setup = renderRoute('/signup/checkout');
    await fill(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(setup.router)).toBe(`/lab-instructions/${ORDER_ID}`));
    // The card goes to the tokeniser; address, billing profile, order, charge and the checkout marketing tags
    // (002 §4.5) are the server's.
    expect(requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /sandbox/payments/tokens',
      'POST /v2/checkout',
    ]);
    const [sent] = checkoutRequests(requests);
    expect(sent!.headers['idempotency-key']).toMatch(UUID);
    expect(sent!.body).toEqual({
      kind: 'signup',
      items: [{ product: labProducts()[0]!._id, quantity: 1 }],
      shipping: {
        shipping_info: {
          first_name: 'Jane',
          last_name: 'Doe',
          street_address: '1 Main St',
          apt_suite: '',
          city: 'Beverly Hills',
          state: 'CA',
          zip_code: '90210',
          country: 'us',
          phone_number: '(213) 555-0123',
        },
      },
      payment: { method: 'new_card', token: 'tok_test.sig' },
      // 002 §2.7: the one-time lab counts in 'Total Due Now'.
      expected_total: 19_900,
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.productTemplate)).toBeNull();
  });

  it('goes to the labs app after a lab order when the patient has labs2', async () => {
    const labs2 = { ...named, mobile_number: '2135550123', feature_flags: { labs2: true } };
    signIn(patient(labs2));
    choose(LAB, 'lab');
    api({
      'POST /v2/checkout': json(
        200,
        checkoutResult(
          { kind: 'signup', orders: [ORDER_ID], next: { kind: 'lab', subscription: null, order: ORDER_ID } },
          labs2,
        ),
      ),
    });
    const setup = renderRoute('/signup/checkout');
    await fill(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(setup.router)).toBe('/labs'));
  });

  it('subscribes to a recurring supplement plan and goes to the dashboard profile', async () => {
    const quarterly = supplementProducts()[2]!;
    choose(SUPPLEMENT_ID, 'supplement', quarterly._id, 9900);
    const requests = api({
      'POST /v2/checkout': json(200, checkoutResult({ kind: 'signup', subscriptions: ['sub1'] }, named)),
    });
    const setup = renderRoute('/signup/checkout');
    // 3 months at $99.00 against 3 x $35.00: Sub-Total $105.00, Savings $6.00.
    const rows = await screen.findByLabelText('Price breakdown');
    expect(within(rows).getByText('$105.00')).toBeInTheDocument();
    expect(within(rows).getByText('-$6.00')).toBeInTheDocument();
    await fill(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(setup.router)).toBe(`/dashboard/${USER_ID}/profile`));
    expect(checkoutRequests(requests)[0]!.body).toMatchObject({
      kind: 'signup',
      items: [{ product: quarterly._id, quantity: 1 }],
      expected_total: 9_900,
    });
  });

  it('shows the server refusing a lab shipped to NY, NJ or RI', async () => {
    choose(LAB, 'lab');
    const requests = api({
      'POST /v2/checkout': checkoutFailure(400, 'InvalidState', MESSAGES.labRestrictedState),
    });
    const setup = renderRoute('/signup/checkout');
    await fill(setup, '10001');
    await setup.user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText(MESSAGES.labRestrictedState);
    expect(screen.getByRole('button', { name: 'Error. Try Again.' })).toBeInTheDocument();
    expect(checkoutRequests(requests)[0]!.body).toMatchObject({
      shipping: { shipping_info: { state: 'NY', city: 'New York' } },
    });
  });

  it("maps the server's 'Invalid state for walk-in phlebotomy' to the restricted-states message", async () => {
    choose(LAB, 'lab');
    api({
      'POST /v2/checkout': checkoutFailure(
        400,
        'InvalidState',
        'Invalid state for walk-in phlebotomy',
        'orders',
      ),
    });
    const setup = renderRoute('/signup/checkout');
    await fill(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText(MESSAGES.labRestrictedState);
  });

  it('shows the provider message and Error. Try Again.; the retry is the same checkout (same key)', async () => {
    choose(LAB, 'lab');
    const requests = api({
      'POST /v2/checkout': answersInTurn(
        checkoutFailure(402, 'CardDeclined', 'Your card was declined.', 'payment'),
        json(
          200,
          checkoutResult(
            {
              kind: 'signup',
              orders: [ORDER_ID],
              next: { kind: 'lab', subscription: null, order: ORDER_ID },
            },
            named,
          ),
        ),
      ),
    });
    const setup = renderRoute('/signup/checkout');
    await fill(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('Your card was declined.');
    await setup.user.click(screen.getByRole('button', { name: 'Error. Try Again.' }));
    await waitFor(() => expect(currentUrl(setup.router)).toBe(`/lab-instructions/${ORDER_ID}`));
    const [first, second] = checkoutRequests(requests);
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
    expect(second!.body).toMatchObject({ kind: 'signup', items: [{ product: labProducts()[0]!._id }] });
  });

  it.each([
    [
      "'Invalid Credit Card' on a 400 at the card step",
      400,
      'InvalidCard',
      'x',
      'card',
      MESSAGES.invalidCreditCard,
    ],
    [
      'the address refusal as the critical alert',
      400,
      'ValidationError',
      MESSAGES.addressInvalidAtCheckout,
      undefined,
      MESSAGES.addressInvalidAtCheckout,
    ],
    [
      'no card and no billing account',
      400,
      'MissingCard',
      MESSAGES.missingCardAndAccount,
      undefined,
      MESSAGES.missingCardAndAccount,
    ],
    [
      'a code that no longer applies',
      400,
      'CouponNotApplicable',
      MESSAGES.couponNotApplicable,
      undefined,
      MESSAGES.couponNotApplicable,
    ],
    [
      'a product no longer sold',
      400,
      'ProductUndefined',
      MESSAGES.productUndefined,
      undefined,
      MESSAGES.productUndefined,
    ],
    [
      'a provider outage',
      502,
      'PaymentProviderError',
      MESSAGES.paymentGeneric,
      'payment',
      MESSAGES.paymentGeneric,
    ],
  ])('shows %s', async (_, status, text, message, step, shown) => {
    choose(LAB, 'lab');
    api({ 'POST /v2/checkout': checkoutFailure(status, text, message, step) });
    const setup = renderRoute('/signup/checkout');
    await fill(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Continue' }));
    const alert = (await screen.findByText(shown)).closest<HTMLElement>('[role="alert"]')!;
    const critical = within(alert).queryByText('Error', { exact: true });
    if (text === 'ValidationError') expect(critical).toBeInTheDocument();
    else expect(critical).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Error. Try Again.' })).toBeEnabled();
  });

  it('says no product is selected without a stored product', async () => {
    api();
    renderRoute('/signup/checkout');
    await screen.findByText(MESSAGES.noProductSelected);
  });
});
