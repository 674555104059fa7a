import type { Product, ProductType } from '@portal/domain/contracts/product';
import { MESSAGES } from '@portal/domain/messages';
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { checkoutFailure, checkoutRequests, checkoutResult, UUID } from '../../../test/fixtures/checkout';
import { product, productTemplate, STATES } from '../../../test/fixtures/funnel';
import {
  currentUrl,
  json,
  mockApi,
  ORG_ID,
  patient,
  type RecordedRequest,
  setOrganization,
  signIn,
  TestProviders,
  USER_ID,
} from '../../../test/helpers';
import CheckoutPanel from './checkout-panel';

const SUPPLEMENT = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const LAB = 'aaaaaaaaaaaaaaaaaaaaaaa2';
const ORDER_ID = '777777777777777777777771';
const ONCE = 'bbbbbbbbbbbbbbbbbbbbbbb1';
const MONTHLY = 'bbbbbbbbbbbbbbbbbbbbbbb2';
const QUARTERLY = 'bbbbbbbbbbbbbbbbbbbbbbb3';
const LAB_PRODUCT = 'bbbbbbbbbbbbbbbbbbbbbbb4';

const typed = (p: Product, type: ProductType): Product => ({ ...p, type });
const supplementTemplate = () =>
  productTemplate({
    _id: SUPPLEMENT,
    type: 'supplement',
    slug: 'omega',
    product_name: 'Omega-3 Longevity Blend',
  });
const supplementProducts = () => [
  typed(product(ONCE, SUPPLEMENT, 3900, 0), 'supplement'),
  typed(product(MONTHLY, SUPPLEMENT, 3500, 1), 'supplement'),
  typed(product(QUARTERLY, SUPPLEMENT, 9900, 3, true), 'supplement'),
];
const labTemplate = () =>
  productTemplate({ _id: LAB, type: 'lab', slug: 'essentials', product_name: 'Longevity Essentials Panel' });
const labProducts = () => [typed(product(LAB_PRODUCT, LAB, 19900, 0, true), 'lab')];

const ADDRESS = {
  first_name: 'Jane',
  last_name: 'Doe',
  street_address: '1 Main St',
  apt_suite: '',
  city: 'Beverly Hills',
  state: 'CA',
  zip_code: '90210',
  country: 'us',
  phone_number: '(213) 555-0123',
};
const named = { first_name: 'Jane', last_name: 'Doe', mobile_number: '2135550123' };
const VISA = { brand: 'Visa', exp_month: 12, exp_year: 2030, last4: '4242' };
const cardPath = `GET /billing/${ORG_ID}/patient/${USER_ID}/card`;

type Routes = Record<string, Response | ((r: RecordedRequest) => Response)>;

function api(overrides: Routes = {}) {
  return mockApi({
    [`GET /product/${ORG_ID}/template/${SUPPLEMENT}`]: json(200, supplementTemplate()),
    [`GET /product/${ORG_ID}/template/${SUPPLEMENT}/products`]: json(200, supplementProducts()),
    [`GET /product/${ORG_ID}/template/${LAB}`]: json(200, labTemplate()),
    [`GET /product/${ORG_ID}/template/${LAB}/products`]: json(200, labProducts()),
    [cardPath]: json(404, { text: 'NotFound', message: 'x' }),
    'GET /states': json(200, STATES),
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
    'POST /v2/checkout': json(
      200,
      checkoutResult({ kind: 'shop', next: { kind: 'shop', subscription: null, order: null } }, named),
    ),
    [`GET /users/${ORG_ID}/user/${USER_ID}/subscriptions`]: json(200, []),
    ...overrides,
  });
}

function renderPanel(templateId: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const onClose = vi.fn();
  const onPurchased = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '/shop',
        element: <CheckoutPanel templateId={templateId} onClose={onClose} onPurchased={onPurchased} />,
      },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/shop'] },
  );
  render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router, onClose, onPurchased };
}

const setup = (templateId: string) => ({ ...renderPanel(templateId), user: userEvent.setup() });
type Setup = ReturnType<typeof setup>;

async function fillCard({ user }: Setup) {
  await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
  await user.type(screen.getByLabelText('Expiry date'), '1230');
  await user.type(screen.getByLabelText('CVC'), '123');
}

const submitButton = () => screen.getByRole('button', { name: 'Submit' });
const breakdown = () => screen.getByLabelText('Price breakdown');
const row = (name: string) => within(breakdown()).getByText(name).parentElement!;

describe('the shop checkout panel (002 §2.7, §4.4)', () => {
  beforeEach(() => {
    setOrganization();
    signIn(patient({ ...named, shipping_info: ADDRESS }));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('preselects the highlighted plan, shows the Plan section for a recurring product, Shipping Free and the renewal', async () => {
    api();
    renderPanel(SUPPLEMENT);
    await screen.findByRole('dialog', { name: 'Purchase Omega-3 Longevity Blend' });
    const plans = await screen.findByRole('group', { name: 'Plan' });
    expect(
      within(plans)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual([ONCE, MONTHLY, QUARTERLY]);
    expect(within(plans).getByRole('radio', { name: /3 months/ })).toBeChecked();
    expect(within(plans).getByText('Best Value')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Summary' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Shipping' })).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(row('Total Due Now')).toHaveTextContent('$99.00');
    expect(row('Sub-Total')).toHaveTextContent('$105.00');
    expect(row('Savings')).toHaveTextContent('-$6.00');
    expect(row('Special Discount')).toHaveTextContent('$0.00');
    expect(screen.getByText('Renews every 3 months')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Recurring orders are billed and shipped every 3 months and can be changed or cancelled.',
      ),
    ).toBeInTheDocument();
  });

  it('honours the stored default duration, and a one-time plan has no renewal', async () => {
    window.localStorage.setItem(STORAGE_KEYS.defaultDurationSelection, '1');
    api();
    const { user } = setup(SUPPLEMENT);
    expect(await screen.findByRole('radio', { name: /1 month/ })).toBeChecked();
    expect(screen.getByText('Renews every 1 month')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /One-time purchase/ }));
    expect(row('Total Due Now')).toHaveTextContent('$39.00');
    expect(screen.queryByText(/Renews every/)).not.toBeInTheDocument();
    expect(screen.getByText('One-time purchase is shipped free.')).toBeInTheDocument();
    window.localStorage.removeItem(STORAGE_KEYS.defaultDurationSelection);
  });

  it('has no Plan section for a one-time lab, and asks for the Billing address', async () => {
    api();
    renderPanel(LAB);
    await screen.findByRole('heading', { name: 'Billing' });
    expect(screen.queryByRole('group', { name: 'Plan' })).not.toBeInTheDocument();
    expect(screen.queryByText('Free')).not.toBeInTheDocument();
    expect(row('Total Due Now')).toHaveTextContent('$199.00');
  });

  it('shows the summary item as a skeleton for 1 second', async () => {
    vi.useFakeTimers();
    api();
    renderPanel(SUPPLEMENT);
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByRole('status', { name: 'Loading your summary' })).toBeInTheDocument();
    expect(screen.queryByText('Omega-3 Longevity Blend')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(screen.getByRole('status', { name: 'Loading your summary' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByRole('status', { name: 'Loading your summary' })).not.toBeInTheDocument();
    expect(screen.getByText('Omega-3 Longevity Blend')).toBeInTheDocument();
  });

  it('applies a discount code to the selected plan, and rejects one that does not apply or is invalid', async () => {
    api({
      'POST /v2/cart/coupon/SAVE10': json(200, {
        promoCode: 'SAVE10',
        productDiscounts: { [QUARTERLY]: { discount: 10 } },
      }),
      'POST /v2/cart/coupon/OTHER': json(200, {
        promoCode: 'OTHER',
        productDiscounts: { [ONCE]: { discount: 10 } },
      }),
      'POST /v2/cart/coupon/NOPE': json(404, { text: 'NotFound', message: 'x' }),
      'POST /v2/cart/coupon/BAD': json(400, { text: 'BadRequest', message: 'x' }),
    });
    const { user } = setup(SUPPLEMENT);
    const code = await screen.findByLabelText('Discount code');
    await user.type(code, 'SAVE10{Enter}');
    await screen.findByText(MESSAGES.couponApplied);
    expect(row('Special Discount')).toHaveTextContent('-$9.90');
    expect(row('Total Due Now')).toHaveTextContent('$89.10');
    for (const [typed, message] of [
      ['OTHER', MESSAGES.couponNotApplicable],
      ['NOPE', MESSAGES.couponNotApplicable],
      ['BAD', MESSAGES.discountCodeInvalid],
    ] as const) {
      await user.clear(code);
      await user.type(code, `${typed}{Enter}`);
      await screen.findByText(message);
      expect(row('Special Discount')).toHaveTextContent('$0.00');
    }
  });

  it('pays with the saved card; changing it asks for a complete new card before Submit', async () => {
    api({ [cardPath]: json(200, VISA) });
    const s = setup(SUPPLEMENT);
    await screen.findByText(/ending in 4242/);
    expect(submitButton()).toBeEnabled();
    await s.user.click(screen.getByRole('button', { name: 'Change card' }));
    expect(submitButton()).toBeDisabled();
    await s.user.type(screen.getByLabelText('Card number'), '4242424242424242');
    expect(submitButton()).toBeDisabled();
    await s.user.type(screen.getByLabelText('Expiry date'), '1230');
    await s.user.type(screen.getByLabelText('CVC'), '123');
    await waitFor(() => expect(submitButton()).toBeEnabled());
  });

  it('keeps Submit disabled while the address is incomplete, with the 002 §5 field messages', async () => {
    signIn(patient({ ...named, shipping_info: { ...ADDRESS, street_address: '', zip_code: '' } }));
    api({ [cardPath]: json(200, VISA) });
    const { user } = setup(SUPPLEMENT);
    const street = await screen.findByLabelText('Street address');
    expect(submitButton()).toBeDisabled();
    await user.click(street);
    await user.tab();
    expect(screen.getByText('Address is required')).toBeInTheDocument();
    await user.click(screen.getByLabelText('ZIP code'));
    await user.tab();
    expect(screen.getByText('Zip code is required')).toBeInTheDocument();
    await user.type(street, '1 Main St');
    await user.type(screen.getByLabelText('ZIP code'), '90210');
    await waitFor(() => expect(submitButton()).toBeEnabled());
  });

  it('buys a one-time supplement in one POST /v2/checkout of kind shop, then lets the shop show its success', async () => {
    const requests = api();
    const s = setup(SUPPLEMENT);
    await s.user.click(await screen.findByRole('radio', { name: /One-time purchase/ }));
    await fillCard(s);
    await s.user.click(submitButton());
    await waitFor(() => expect(s.onPurchased).toHaveBeenCalledWith({ kind: 'other' }));
    expect(requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /sandbox/payments/tokens',
      'POST /v2/checkout',
    ]);
    const [sent] = checkoutRequests(requests);
    expect(sent!.headers['idempotency-key']).toMatch(UUID);
    expect(sent!.body).toEqual({
      kind: 'shop',
      items: [{ product: ONCE, quantity: 1 }],
      shipping: { shipping_info: ADDRESS },
      payment: { method: 'new_card', token: 'tok_test.sig' },
      expected_total: 3900,
    });
    expect(currentUrl(s.router)).toBe('/shop');
  });

  it('subscribes to the recurring plan with the saved card, the displayed total as the expected one', async () => {
    const requests = api({ [cardPath]: json(200, VISA) });
    const s = setup(SUPPLEMENT);
    await screen.findByText(/ending in 4242/);
    await s.user.click(submitButton());
    await waitFor(() => expect(s.onPurchased).toHaveBeenCalledWith({ kind: 'other' }));
    const [sent] = checkoutRequests(requests);
    expect(sent!.body).toMatchObject({
      kind: 'shop',
      items: [{ product: QUARTERLY, quantity: 1 }],
      payment: { method: 'saved_card' },
      expected_total: 9900,
    });
  });

  const labResult = (labs2: boolean) =>
    json(
      200,
      checkoutResult(
        { kind: 'shop', orders: [ORDER_ID], next: { kind: 'lab', subscription: null, order: ORDER_ID } },
        { ...named, feature_flags: { labs2 } },
      ),
    );

  it('a lab goes to its order instructions without labs2', async () => {
    api({ [cardPath]: json(200, VISA), 'POST /v2/checkout': labResult(false) });
    const s = setup(LAB);
    await screen.findByText(/ending in 4242/);
    await s.user.click(submitButton());
    await waitFor(() => expect(currentUrl(s.router)).toBe(`/lab-instructions/${ORDER_ID}`));
    expect(s.onPurchased).toHaveBeenCalledWith({ kind: 'lab', orderId: ORDER_ID });
  });

  it('a lab goes to the labs app with labs2, and the stored product template is cleared', async () => {
    window.localStorage.setItem(STORAGE_KEYS.productTemplate, JSON.stringify({ _id: LAB, type: 'lab' }));
    api({ [cardPath]: json(200, VISA), 'POST /v2/checkout': labResult(true) });
    const s = setup(LAB);
    await screen.findByText(/ending in 4242/);
    await s.user.click(submitButton());
    await waitFor(() => expect(currentUrl(s.router)).toBe('/labs'));
    expect(s.onPurchased).toHaveBeenCalledWith({ kind: 'lab', orderId: ORDER_ID });
    expect(window.localStorage.getItem(STORAGE_KEYS.productTemplate)).toBeNull();
  });

  it('offers the Subscription Already Exists choices; One Time Purchase fixes the one-time plan', async () => {
    let turn = 0;
    const requests = api({
      [cardPath]: json(200, VISA),
      'POST /v2/checkout': () =>
        turn++ === 0
          ? checkoutFailure(
              409,
              'SubscriptionAlreadyExists',
              'You already have a subscription to this product.',
            )
          : json(200, checkoutResult({ kind: 'shop' }, named)),
    });
    const s = setup(SUPPLEMENT);
    await screen.findByText(/ending in 4242/);
    await s.user.click(submitButton());
    const dialog = await screen.findByRole('dialog', { name: 'Subscription Already Exists' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['×', 'One Time Purchase', 'Manage Subscription', 'Close']);
    await s.user.click(within(dialog).getByRole('button', { name: 'One Time Purchase' }));
    await screen.findByRole('dialog', { name: 'Purchase Omega-3 Longevity Blend' });
    expect(screen.queryByRole('group', { name: 'Plan' })).not.toBeInTheDocument();
    expect(row('Total Due Now')).toHaveTextContent('$39.00');
    await s.user.click(submitButton());
    await waitFor(() => expect(s.onPurchased).toHaveBeenCalledWith({ kind: 'other' }));
    const [first, second] = checkoutRequests(requests);
    expect(second!.body).toMatchObject({ items: [{ product: ONCE, quantity: 1 }], expected_total: 3900 });
    // The refusal bought nothing, and the purchase changed: a new checkout with a new key.
    expect(second!.headers['idempotency-key']).not.toBe(first!.headers['idempotency-key']);
  });

  it('Manage Subscription opens the subscription; Close closes the panel', async () => {
    api({
      [cardPath]: json(200, VISA),
      'POST /v2/checkout': checkoutFailure(409, 'SubscriptionAlreadyExists', 'x'),
      [`GET /users/${ORG_ID}/user/${USER_ID}/subscriptions`]: json(200, [
        { _id: 'sub1', status: 'active', product_plans: [{ product_template: { _id: SUPPLEMENT } }] },
      ]),
    });
    const s = setup(SUPPLEMENT);
    await screen.findByText(/ending in 4242/);
    await s.user.click(submitButton());
    const dialog = await screen.findByRole('dialog', { name: 'Subscription Already Exists' });
    await s.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(s.onClose).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Manage Subscription' })).toBeEnabled());
    await s.user.click(screen.getByRole('button', { name: 'Manage Subscription' }));
    await waitFor(() => expect(currentUrl(s.router)).toBe(`/dashboard/${USER_ID}/subscriptions/sub1`));
  });

  it('shows the failure texts of 002 §8 and retries the same checkout under the same key', async () => {
    const answers = [
      checkoutFailure(402, 'CardDeclined', MESSAGES.cardDeclined, 'payment'),
      checkoutFailure(400, 'InvalidState', MESSAGES.labRestrictedState),
      checkoutFailure(400, 'ValidationError', MESSAGES.addressInvalidAtCheckout, 'shipping'),
      json(500, { text: 'NetworkError', message: 'Network error, please try again later.' }),
      json(200, checkoutResult({ kind: 'shop', orders: [ORDER_ID] }, named)),
    ];
    let turn = 0;
    const requests = api({
      [cardPath]: json(200, VISA),
      'POST /v2/checkout': () => answers[turn++]!.clone(),
    });
    const s = setup(SUPPLEMENT);
    await s.user.click(await screen.findByRole('radio', { name: /One-time purchase/ }));
    const expectAlert = async (text: string) => {
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text));
      expect(screen.getByRole('button', { name: MESSAGES.errorTryAgain })).toBeInTheDocument();
    };
    await s.user.click(submitButton());
    await expectAlert(MESSAGES.cardDeclined);
    await s.user.click(screen.getByRole('button', { name: MESSAGES.errorTryAgain }));
    await expectAlert(MESSAGES.labRestrictedState);
    await s.user.click(screen.getByRole('button', { name: MESSAGES.errorTryAgain }));
    await expectAlert(MESSAGES.addressInvalidAtCheckout);
    await s.user.click(screen.getByRole('button', { name: MESSAGES.errorTryAgain }));
    await expectAlert('Network error, please try again later.');
    await s.user.click(screen.getByRole('button', { name: MESSAGES.errorTryAgain }));
    await waitFor(() => expect(s.onPurchased).toHaveBeenCalledWith({ kind: 'other' }));
    const keys = new Set(checkoutRequests(requests).map((r) => r.headers['idempotency-key']));
    expect(keys.size).toBe(1);
  });

  it('a one-time order failure without a cause reads There was an error submitting your order.', async () => {
    api({ [cardPath]: json(200, VISA), 'POST /v2/checkout': json(409, { text: 'Conflict', message: '' }) });
    const s = setup(LAB);
    await screen.findByText(/ending in 4242/);
    await s.user.click(submitButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.orderSubmitFailure));
  });

  it('closes with its close button', async () => {
    api();
    const s = setup(SUPPLEMENT);
    await s.user.click(await screen.findByRole('button', { name: 'Close checkout' }));
    expect(s.onClose).toHaveBeenCalled();
  });
});
