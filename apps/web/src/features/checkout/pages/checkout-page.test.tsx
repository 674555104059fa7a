import type { IntakeProduct } from '@portal/domain/contracts/intake';
import { MESSAGES } from '@portal/domain/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { writeSelectedMembership, writeSelectedProducts } from '../../../lib/funnel-selection';
import { getSessionPatient } from '../../../lib/session';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import {
  answersInTurn,
  checkoutFailure,
  checkoutRequests,
  checkoutResult,
  UUID,
} from '../../../test/fixtures/checkout';
import {
  GENERIC_ID,
  INTAKE_ID,
  intake,
  intakePath,
  intakeTemplate,
  LAB_ID,
  product,
  productTemplate,
  STATES,
  TEMPLATE_ID,
} from '../../../test/fixtures/funnel';
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

const PATH = `/consultation/checkout/${INTAKE_ID}`;
const ADDON_ID = '999999999999999999999999';
const COACH_ID = '888888888888888888888888';
const MONTHLY = 'a10000000000000000000001';
const QUARTERLY = 'a10000000000000000000003';
const ADDON_PRICE = 'a20000000000000000000001';
const COACH_PRICE = 'a30000000000000000000001';
const SUBSCRIPTION_ID = 'c00000000000000000000001';

const checkoutIntake = (
  products: IntakeProduct[] = [
    {
      product_template: GENERIC_ID,
      product: QUARTERLY,
      dosage: '6 mg',
      frequency: 'Once weekly',
      quantity: 4,
    },
    { product_template: ADDON_ID, product: ADDON_PRICE, is_addon: true },
  ],
) =>
  intake({
    products,
    status: { questions: { total: 10 }, complete: { total: 10 }, incomplete: { total: 0 } },
  });

type Responder = Response | ((r: RecordedRequest) => Response);

function api(overrides: Record<string, Responder> = {}) {
  return mockApi({
    [`GET ${intakePath}`]: json(200, checkoutIntake()),
    [`GET /intake-template/${ORG_ID}/template/${TEMPLATE_ID}`]: json(200, intakeTemplate()),
    [`GET /product/${ORG_ID}/template/${GENERIC_ID}`]: json(200, productTemplate()),
    // 1 month $99, 3 months $267: baseline 3 x $99 = $297, savings $30.
    [`GET /product/${ORG_ID}/template/${GENERIC_ID}/products`]: json(200, [
      product(MONTHLY, GENERIC_ID, 9900, 1),
      product(QUARTERLY, GENERIC_ID, 26700, 3, true),
    ]),
    [`GET /product/${ORG_ID}/template/${ADDON_ID}`]: json(
      200,
      productTemplate({ _id: ADDON_ID, slug: 'nad', name: 'NAD+', product_name: 'NAD+', type: 'supplement' }),
    ),
    [`GET /product/${ORG_ID}/template/${ADDON_ID}/products`]: json(200, [
      product(ADDON_PRICE, ADDON_ID, 4500, 1),
    ]),
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
    'POST /sandbox/payments/tokens': json(201, {
      id: 'tok_test.sig',
      object: 'token',
      livemode: false,
      card: { brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 },
    }),
    'POST /v2/checkout': json(200, checkoutResult({ intake: INTAKE_ID })),
    ...overrides,
  });
}

type Setup = ReturnType<typeof renderRoute>;

async function fillShipping({ user }: Setup, { zip = '90210' } = {}) {
  await user.type(await screen.findByLabelText('Street address'), '1 Main St');
  await user.type(screen.getByLabelText('ZIP code'), zip);
  await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Beverly Hills'));
  await user.type(screen.getByLabelText('Phone number'), '2135550123');
}

async function fillCard({ user }: Setup, number = '4242424242424242') {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry date'), '1230');
  await user.type(screen.getByLabelText('CVC'), '123');
}

/** Every call but the reads, in order. */
const writes = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

const SAVED_CARD = { brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 };
const KEY_REUSED =
  'This checkout was already submitted with other details. Please reload the page and submit again.';

describe('Checkout', () => {
  beforeEach(() => {
    setOrganization();
    signIn();
  });

  it('shows Protocol, Addons and the Summary of the recurring items', async () => {
    api();
    renderRoute(PATH);
    const protocol = await screen.findByRole('region', { name: 'Protocol' });
    expect(within(protocol).getByText('Generic Rapamycin')).toBeInTheDocument();
    expect(within(protocol).getByText('Strength: 6 mg')).toBeInTheDocument();
    expect(within(protocol).getByText('3 months plan')).toBeInTheDocument();
    // $267 / 3 months = $89/mo.
    expect(within(protocol).getByText('$89.00/mo')).toBeInTheDocument();
    const addons = screen.getByRole('region', { name: 'Addons' });
    expect(within(addons).getByText('NAD+')).toBeInTheDocument();
    // Sub-Total 29700 + 4500 = $342.00; Savings $30.00; Total $312.00.
    const rows = screen.getByLabelText('Price breakdown');
    expect(within(rows).getByText('$342.00')).toBeInTheDocument();
    expect(within(rows).getByText('-$30.00')).toBeInTheDocument();
    expect(within(rows).getByText('$312.00')).toBeInTheDocument();
    expect(
      screen.getByText(
        'You will not be charged for or shipped any medication until approved by your doctor.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('shows every shipping message of 000 §5 on blur', async () => {
    api();
    const setup = renderRoute(PATH);
    const { user } = setup;
    const first = await screen.findByLabelText('First name');
    await user.clear(first);
    await user.clear(screen.getByLabelText('Last name'));
    for (const label of ['Street address', 'City', 'ZIP code', 'Phone number']) {
      await user.click(screen.getByLabelText(label));
    }
    await user.type(screen.getByLabelText('Apt/Suite'), 'x'.repeat(36));
    await user.type(screen.getByLabelText('Mobile number'), '123');
    await user.click(screen.getByLabelText('First name'));
    await user.click(screen.getByLabelText('Last name'));
    await user.tab();
    for (const message of [
      MESSAGES.firstNameRequired,
      MESSAGES.lastNameRequired,
      MESSAGES.streetAddressRequired,
      MESSAGES.aptSuiteTooLong,
      MESSAGES.cityRequired,
      MESSAGES.zipInvalid,
      MESSAGES.phoneInvalid,
      MESSAGES.mobileInvalid,
    ]) {
      await screen.findByText(message);
    }
    await user.type(screen.getByLabelText('Street address'), 'y'.repeat(36));
    await screen.findByText(MESSAGES.streetAddressTooLong);
    expect(screen.getByLabelText('Phone number')).toHaveValue('');
    await user.type(screen.getByLabelText('Phone number'), '2135550123');
    expect(screen.getByLabelText('Phone number')).toHaveValue('(213) 555-0123');
    expect(screen.getByText(/up to 10 messages per month/)).toBeInTheDocument();
  });

  it('prefills the saved address and hides the mobile number when the patient has one', async () => {
    signIn(
      patient({
        mobile_number: '2135550199',
        shipping_info: {
          first_name: 'Jane',
          last_name: 'Doe',
          street_address: '5 Oak Ave',
          city: 'Austin',
          state: 'TX',
          zip_code: '73301',
          country: 'us',
          phone_number: '5125550123',
        },
      }),
    );
    const requests = api();
    renderRoute(PATH);
    expect(await screen.findByLabelText('Street address')).toHaveValue('5 Oak Ave');
    expect(screen.getByLabelText('Phone number')).toHaveValue('(512) 555-0123');
    await waitFor(() => expect(screen.getByLabelText('State')).toHaveValue('TX'));
    expect(screen.queryByLabelText('Mobile number')).not.toBeInTheDocument();
    expect(requests.some((r) => r.path.startsWith('/v2/address/zip'))).toBe(false);
  });

  it('fills city and state from the ZIP code', async () => {
    const requests = api();
    const setup = renderRoute(PATH);
    await fillShipping(setup);
    expect(screen.getByLabelText('State')).toHaveValue('CA');
    expect(requests.filter((r) => r.path === '/v2/address/zip/90210')).toHaveLength(1);
  });

  it.each([
    [
      200,
      { promoCode: 'WELCOME20', productDiscounts: { [QUARTERLY]: { discount: 20 } } },
      MESSAGES.couponApplied,
    ],
    [200, { promoCode: 'WELCOME20', productDiscounts: {} }, MESSAGES.couponNotApplicable],
    [404, { text: 'CouponNotApplicable', message: 'x' }, MESSAGES.couponNotApplicable],
    [500, { text: 'Oops', message: 'x' }, MESSAGES.discountCodeInvalid],
  ])('coupon answer %i gives its message', async (status, body, message) => {
    const requests = api({ 'POST /v2/cart/coupon/WELCOME20': json(status, body) });
    const { user } = renderRoute(PATH);
    const input = await screen.findByLabelText('Discount code');
    await user.type(input, 'WELCOME20{Enter}');
    await screen.findByText(message);
    const coupon = requests.find((r) => r.path === '/v2/cart/coupon/WELCOME20');
    expect(coupon?.body).toEqual({
      products: [
        { product: QUARTERLY, quantity: 1 },
        { product: ADDON_PRICE, quantity: 1 },
      ],
    });
    const rows = screen.getByLabelText('Price breakdown');
    // 20% of $267 = $53.40; total 342 - 30 - 53.40 = $258.60.
    if (message === MESSAGES.couponApplied) {
      expect(within(rows).getByText('-$53.40')).toBeInTheDocument();
      expect(within(rows).getByText('$258.60')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    } else {
      expect(within(rows).getByText('$312.00')).toBeInTheDocument();
      // Apply stays disabled in error until the code changes.
      expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    }
  });

  it('checks the code as typed: too long and bad characters', async () => {
    api();
    const { user } = renderRoute(PATH);
    const input = await screen.findByLabelText('Discount code');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.type(input, 'SAVE-10');
    expect(screen.getByText(MESSAGES.discountCodeInvalid)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'A'.repeat(21));
    expect(screen.getByText(MESSAGES.discountCodeTooLong)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'SAVE10');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled();
  });

  it('submits the whole checkout once, in one POST /v2/checkout with a key, even on a double click', async () => {
    writeSelectedProducts(INTAKE_ID, []);
    window.localStorage.setItem(STORAGE_KEYS.selectedProducts, '[{"intake":"x"}]');
    window.localStorage.setItem(STORAGE_KEYS.membership, '{"membership_id":"m"}');
    const requests = api({
      'POST /v2/cart/coupon/WELCOME20': json(200, {
        promoCode: 'WELCOME20',
        productDiscounts: { [QUARTERLY]: { discount: 20 } },
      }),
    });
    const setup = renderRoute(PATH);
    await fillShipping(setup);
    await setup.user.type(screen.getByLabelText('Mobile number'), '3105550100');
    await fillCard(setup);
    await setup.user.type(screen.getByLabelText('Discount code'), 'WELCOME20');
    await setup.user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText(MESSAGES.couponApplied);
    const submit = screen.getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(submit).toBeEnabled());
    await setup.user.dblClick(submit);
    await waitFor(() => expect(currentUrl(setup.router)).toBe(`/dashboard/${USER_ID}/profile`));

    // The card goes to the tokeniser, then everything else is the server's one use case (000 §4 steps 1-6):
    // no address, billing, membership, completion or marketing call from the browser.
    expect(writes(requests).filter((c) => !c.includes('/v2/cart/coupon'))).toEqual([
      'POST /sandbox/payments/tokens',
      'POST /v2/checkout',
    ]);
    const [sent] = checkoutRequests(requests);
    expect(sent!.headers['idempotency-key']).toMatch(UUID);
    // 20% of $267 = $53.40 off; 'Total Due Now' $342 - $30 - $53.40 = $258.60 is what the page showed.
    expect(sent!.body).toEqual({
      kind: 'consultation',
      intake: INTAKE_ID,
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
        mobile_number: '3105550100',
      },
      payment: { method: 'new_card', token: 'tok_test.sig' },
      promo_code: 'WELCOME20',
      expected_total: 25_860,
    });
    expect(
      JSON.stringify(requests.filter((r) => !r.path.startsWith('/sandbox')).map((r) => r.body)),
    ).not.toContain('4242424242424242');
    // The session keeps the patient the checkout left (card saved, visit complete).
    expect(getSessionPatient()).toMatchObject({ has_card_source: true, stripe_id: 'cus_sandbox_1' });
    // 000 §4 step 7: the stored selections are cleared.
    expect(window.localStorage.getItem(STORAGE_KEYS.selectedProducts)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.membership)).toBeNull();
  });

  it('sends the referral kept from the landing link and the saved card when the patient keeps it', async () => {
    window.sessionStorage.setItem(
      STORAGE_KEYS.landingTraits,
      JSON.stringify({ referral_id: 'ref-1', affiliate_token: 'aff-1' }),
    );
    const requests = api({
      [`GET /billing/${ORG_ID}/patient/${USER_ID}/card`]: json(200, SAVED_CARD),
    });
    const setup = renderRoute(PATH);
    await screen.findByText(/ending in 4242/);
    await fillShipping(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(currentUrl(setup.router)).toBe(`/dashboard/${USER_ID}/profile`));
    expect(checkoutRequests(requests)[0]!.body).toMatchObject({
      payment: { method: 'saved_card' },
      referral: { referral_id: 'ref-1', affiliate_token: 'aff-1' },
      expected_total: 31_200,
    });
    expect(requests.some((r) => r.path.startsWith('/sandbox'))).toBe(false);
  });

  it("shows 'Invalid Credit Card' on a 400 at the card step; the retry keeps the key and tokenises again", async () => {
    const requests = api({
      'POST /v2/checkout': answersInTurn(
        checkoutFailure(400, 'InvalidCard', 'Your card number is invalid.', 'card'),
        json(200, checkoutResult({ intake: INTAKE_ID })),
      ),
    });
    const setup = renderRoute(PATH);
    await fillShipping(setup);
    await fillCard(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText(MESSAGES.invalidCreditCard);
    expect(screen.getByRole('button', { name: MESSAGES.errorTryAgain })).toBeEnabled();
    expect(currentUrl(setup.router)).toBe(PATH);

    await setup.user.click(screen.getByRole('button', { name: MESSAGES.errorTryAgain }));
    await waitFor(() => expect(currentUrl(setup.router)).toBe(`/dashboard/${USER_ID}/profile`));
    const [first, second] = checkoutRequests(requests);
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
    // A refused card is tokenised again for the retry.
    expect(requests.filter((r) => r.path === '/sandbox/payments/tokens')).toHaveLength(2);
  });

  it('a retry after no answer sends the same key and the same body, so the server can answer it again', async () => {
    let calls = 0;
    const requests = api({
      'POST /v2/checkout': () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return json(200, checkoutResult({ intake: INTAKE_ID }));
      },
    });
    const setup = renderRoute(PATH);
    await fillShipping(setup);
    await fillCard(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText(MESSAGES.networkError);
    await setup.user.click(screen.getByRole('button', { name: MESSAGES.errorTryAgain }));
    await waitFor(() => expect(currentUrl(setup.router)).toBe(`/dashboard/${USER_ID}/profile`));
    const [first, second] = checkoutRequests(requests);
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
    expect(second!.body).toEqual(first!.body);
    expect(requests.filter((r) => r.path === '/sandbox/payments/tokens')).toHaveLength(1);
  });

  it('takes a new key when the patient changes the code after a refusal, and keeps it after an unknown outcome', async () => {
    const requests = api({
      'POST /v2/cart/coupon/WELCOME20': json(200, {
        promoCode: 'WELCOME20',
        productDiscounts: { [QUARTERLY]: { discount: 20 } },
      }),
      'POST /v2/checkout': answersInTurn(
        checkoutFailure(402, 'CardDeclined', 'Your card has insufficient funds.', 'card'),
        checkoutFailure(500, 'NetworkError', MESSAGES.generic),
        checkoutFailure(422, 'IdempotencyKeyReused', KEY_REUSED),
      ),
    });
    const setup = renderRoute(PATH);
    await fillShipping(setup);
    await fillCard(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Your card has insufficient funds.');

    // Refused with nothing bought: another code is another checkout.
    await setup.user.type(screen.getByLabelText('Discount code'), 'WELCOME20{Enter}');
    await screen.findByText(MESSAGES.couponApplied);
    await setup.user.click(screen.getByRole('button', { name: MESSAGES.errorTryAgain }));
    await screen.findByText(MESSAGES.generic);

    // No answer about that one: it may have gone through, so its key stays whatever the patient changes.
    await setup.user.clear(screen.getByLabelText('Discount code'));
    await waitFor(() => expect(screen.getByRole('button', { name: MESSAGES.errorTryAgain })).toBeEnabled());
    await setup.user.click(screen.getByRole('button', { name: MESSAGES.errorTryAgain }));
    await screen.findByText(KEY_REUSED);

    const keys = checkoutRequests(requests).map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
    expect(checkoutRequests(requests).map((r) => (r.body as { promo_code?: string }).promo_code)).toEqual([
      undefined,
      'WELCOME20',
      undefined,
    ]);
  });

  it.each([
    [409, 'CheckoutInProgress', 'Your checkout is already being processed. Please wait a moment.', undefined],
    [400, 'MissingCard', MESSAGES.missingCardAndAccount, undefined],
    [400, 'CouponNotApplicable', MESSAGES.couponNotApplicable, undefined],
    [400, 'WrongIntakeState', 'This intake is closed and can no longer be completed.', undefined],
    [400, 'ProductUndefined', MESSAGES.productUndefined, undefined],
    [404, 'NotFound', 'The intake was not found.', undefined],
    [422, 'IdempotencyKeyReused', KEY_REUSED, undefined],
    [400, 'MembershipAlreadyStarted', 'You already have a membership.', 'membership'],
    [502, 'PaymentProviderError', MESSAGES.paymentGeneric, 'card'],
    [500, 'NetworkError', MESSAGES.generic, 'intake'],
  ])('shows the answer %i %s as its message, with Error. Try Again.', async (status, text, message, step) => {
    api({ 'POST /v2/checkout': checkoutFailure(status, text, message, step) });
    const setup = renderRoute(PATH);
    await fillShipping(setup);
    await fillCard(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Submit' }));
    const shown = await screen.findByText(message);
    // Only the address failure is the critical alert (000 §8).
    const alert = shown.closest<HTMLElement>('[role="alert"]')!;
    expect(within(alert).queryByText('Error', { exact: true })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: MESSAGES.errorTryAgain })).toBeEnabled();
    expect(currentUrl(setup.router)).toBe(PATH);
  });

  it('shows the server message on a 402', async () => {
    api({
      'POST /v2/checkout': checkoutFailure(402, 'CardDeclined', 'Your card has insufficient funds.', 'card'),
    });
    const setup = renderRoute(PATH);
    await fillShipping(setup);
    await fillCard(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Your card has insufficient funds.');
  });

  it('shows a card the provider refuses to tokenise with its own message, and sends nothing', async () => {
    const requests = api({
      'POST /sandbox/payments/tokens': json(400, { text: 'InvalidCard', message: 'Your card has expired.' }),
    });
    const setup = renderRoute(PATH);
    await fillShipping(setup);
    await fillCard(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findAllByText('Your card has expired.')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: MESSAGES.errorTryAgain })).toBeInTheDocument();
    expect(checkoutRequests(requests)).toHaveLength(0);
  });

  it.each([
    ['a refused address', checkoutFailure(400, 'ValidationError', MESSAGES.addressInvalidAtCheckout)],
    ['a failed address step', checkoutFailure(400, 'ValidationError', 'Bad address.', 'shipping')],
  ])('shows %s as the critical alert', async (_, answer) => {
    api({ 'POST /v2/checkout': answer });
    const setup = renderRoute(PATH);
    await fillShipping(setup);
    await fillCard(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Submit' }));
    const message = answer.headers.get('checkout-step') ? 'Bad address.' : MESSAGES.addressInvalidAtCheckout;
    const alert = await screen.findByText(message);
    expect(
      within(alert.closest<HTMLElement>('[role="alert"]')!).getByText('Error', { exact: true }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MESSAGES.errorTryAgain })).toBeEnabled();
  });

  it('reloads its figures when the server says the total changed', async () => {
    const requests = api({
      'POST /v2/checkout': checkoutFailure(
        409,
        'TotalChanged',
        'The total of your order has changed. Please review it and submit again.',
      ),
    });
    const setup = renderRoute(PATH);
    await fillShipping(setup);
    await fillCard(setup);
    const reads = () => requests.filter((r) => r.method === 'GET' && r.path === intakePath).length;
    const before = reads();
    await setup.user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('The total of your order has changed. Please review it and submit again.');
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });

  it("moves on to the dashboard when a retry finds 'This intake has already been paid.'", async () => {
    const requests = api({
      [`GET /billing/${ORG_ID}/patient/${USER_ID}/card`]: json(200, SAVED_CARD),
      'POST /v2/checkout': checkoutFailure(400, 'IntakeAlreadyPaid', MESSAGES.intakeAlreadyPaid),
    });
    const setup = renderRoute(PATH);
    await screen.findByText(/Visa/);
    expect(screen.getByText(/ending in 4242/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change card' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    await fillShipping(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(currentUrl(setup.router)).toBe(`/dashboard/${USER_ID}/profile`));
    expect(checkoutRequests(requests)[0]!.body).toMatchObject({ payment: { method: 'saved_card' } });
  });

  it('for coaching: Targeted Program, then coaching scheduling for the subscription the server made', async () => {
    const link = 'https://booking.example.com/coach?x=1';
    const requests = api({
      [`GET ${intakePath}`]: json(
        200,
        checkoutIntake([{ product_template: COACH_ID, product: COACH_PRICE }]),
      ),
      [`GET /product/${ORG_ID}/template/${COACH_ID}`]: json(
        200,
        productTemplate({
          _id: COACH_ID,
          type: 'coaching_membership',
          name: 'Longevity Coaching',
          product_name: 'Longevity Coaching',
          membership: {
            _id: 'b00000000000000000000001',
            organization: ORG_ID,
            name: 'Coaching',
            description: '',
            features: [],
            included_products: [],
            event_link: link,
            prices: [],
          },
        }),
      ),
      [`GET /product/${ORG_ID}/template/${COACH_ID}/products`]: json(200, [
        product(COACH_PRICE, COACH_ID, 19900, 1),
      ]),
      'POST /v2/checkout': json(
        200,
        checkoutResult({
          intake: INTAKE_ID,
          membership_subscription: SUBSCRIPTION_ID,
          subscriptions: [SUBSCRIPTION_ID],
          next: { kind: 'coaching', subscription: SUBSCRIPTION_ID, order: null },
        }),
      ),
    });
    const setup = renderRoute(PATH);
    await screen.findByRole('region', { name: 'Targeted Program' });
    await fillShipping(setup);
    await fillCard(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(currentUrl(setup.router)).toBe(
        `/schedule-coaching/${SUBSCRIPTION_ID}?coachingLink=${encodeURIComponent(link)}`,
      ),
    );
    expect(writes(requests)).toEqual(['POST /sandbox/payments/tokens', 'POST /v2/checkout']);
    expect(checkoutRequests(requests)[0]!.body).toMatchObject({
      kind: 'consultation',
      intake: INTAKE_ID,
      expected_total: 19_900,
    });
  });

  it('sends the chosen membership and counts it in the Summary; removes an add-on', async () => {
    writeSelectedMembership({
      intake: INTAKE_ID,
      membership_id: 'b00000000000000000000001',
      price_id: 'b00000000000000000000002',
      name: 'Longevity Membership',
      unit_amount: 4900,
      interval_count: 1,
    });
    const requests = api({
      [`DELETE /v2/intakes/${INTAKE_ID}/products`]: json(200, checkoutIntake()),
    });
    const setup = renderRoute(PATH);
    const protocol = await screen.findByRole('region', { name: 'Protocol' });
    expect(within(protocol).getByText('Longevity Membership')).toBeInTheDocument();
    // Sub-Total 29700 + 4500 + 4900 = $391.00.
    expect(within(screen.getByLabelText('Price breakdown')).getByText('$391.00')).toBeInTheDocument();

    await setup.user.click(screen.getByRole('button', { name: 'Remove NAD+' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'DELETE')?.body).toEqual({ products: [ADDON_ID] }),
    );

    await fillShipping(setup);
    await fillCard(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(currentUrl(setup.router)).toBe(`/dashboard/${USER_ID}/profile`));
    expect(checkoutRequests(requests)[0]!.body).toMatchObject({
      kind: 'consultation',
      intake: INTAKE_ID,
      membership: { membership: 'b00000000000000000000001', price: 'b00000000000000000000002' },
      expected_total: 39_100 - 3_000,
    });
  });

  it('shows the summary items as skeletons for 1 s while an add-on removal is priced again (000 §9)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    let answerReread: () => void = () => undefined;
    // a gate made up front: the reread may leave after the summary turns busy, and is answered either way
    const reread = new Promise<void>((resolve) => {
      answerReread = resolve;
    });
    api({
      [`DELETE /v2/intakes/${INTAKE_ID}/products`]: json(200, checkoutIntake()),
      // the visit read again after the removal answers when the test says so
      [`GET ${intakePath}`]: () => {
        reads += 1;
        if (reads === 1) return json(200, checkoutIntake());
        return reread.then(() => json(200, checkoutIntake())) as unknown as Response;
      },
    });
    const setup = renderRoute(PATH);
    await screen.findByRole('region', { name: 'Protocol' });
    const breakdown = screen.getByLabelText('Price breakdown');
    expect(breakdown).not.toHaveAttribute('aria-busy');

    await setup.user.click(screen.getByRole('button', { name: 'Remove NAD+' }));
    await waitFor(() => expect(breakdown).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByText('Updating your summary')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    answerReread();
    for (let step = 0; step < 24; step += 1) {
      await act(async () => {
        vi.advanceTimersByTime(50);
      });
    }
    await waitFor(() => expect(breakdown).not.toHaveAttribute('aria-busy'));
    expect(screen.queryByText('Updating your summary')).not.toBeInTheDocument();
  });

  it('prices a stored membership as the server does now', async () => {
    writeSelectedMembership({
      intake: INTAKE_ID,
      membership_id: 'b00000000000000000000001',
      price_id: 'b00000000000000000000002',
      name: 'Longevity Membership',
      unit_amount: 4900,
      interval_count: 1,
    });
    api({
      [`GET /memberships/${ORG_ID}/membership/b00000000000000000000001`]: json(200, {
        _id: 'b00000000000000000000001',
        organization: ORG_ID,
        name: 'Longevity Membership',
        description: '',
        features: [],
        included_products: [],
        event_link: null,
        prices: [
          {
            _id: 'b00000000000000000000002',
            membership: 'b00000000000000000000001',
            unit_amount: 5900,
            interval_count: 1,
          },
        ],
      }),
    });
    renderRoute(PATH);
    // Sub-Total 29700 + 4500 + 5900 = $401.00.
    await within(await screen.findByLabelText('Price breakdown')).findByText('$401.00');
  });

  it('shows lab work as Free on a lab checkout', async () => {
    api({
      [`GET ${intakePath}`]: json(200, checkoutIntake([])),
      [`GET /product/${ORG_ID}/template/${LAB_ID}`]: json(
        200,
        productTemplate({ _id: LAB_ID, type: 'lab', name: 'Panel', product_name: 'Panel' }),
      ),
      [`GET /product/${ORG_ID}/template/${LAB_ID}/products`]: json(200, [
        product('a40000000000000000000001', LAB_ID, 19900, 0),
      ]),
    });
    renderRoute(`/consultation/lab-checkout/${INTAKE_ID}/l/${LAB_ID}`);
    const protocol = await screen.findByRole('region', { name: 'Protocol' });
    expect(within(protocol).getByText('Panel')).toBeInTheDocument();
    expect(within(protocol).getByText('Free')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Price breakdown')).getAllByText('$0.00').length).toBeGreaterThan(0);
  });
});
