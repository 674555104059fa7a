import type { Product, ProductType } from '@portal/domain/contracts/product';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { checkoutRequests, checkoutResult } from '../../../test/fixtures/checkout';
import { product, productTemplate, STATES } from '../../../test/fixtures/funnel';
import {
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
/** Omega-3 as seeded with 002 §3's pricing fields: volume tiers bought once, a trial and a fee on the plans. */
let pricing: Partial<Record<string, Partial<Product['pricing']>>> = {};
const priced = (p: Product): Product => ({ ...p, pricing: { ...p.pricing, ...pricing[p._id] } });
const supplementProducts = () =>
  [
    typed(product(ONCE, SUPPLEMENT, 3900, 0), 'supplement'),
    typed(product(MONTHLY, SUPPLEMENT, 3500, 1), 'supplement'),
    typed(product(QUARTERLY, SUPPLEMENT, 9900, 3, true), 'supplement'),
  ].map(priced);
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

const submitButton = () => screen.getByRole('button', { name: 'Submit' });
const breakdown = () => screen.getByLabelText('Price breakdown');
const row = (name: string) => within(breakdown()).getByText(name).parentElement!;

const VOLUME = {
  billing_scheme: 'tiered' as const,
  tiers_mode: 'volume' as const,
  tiers: [
    { up_to: 2, unit_amount: 3900 },
    { up_to: 5, unit_amount: 3500 },
    { up_to: null, unit_amount: 3100 },
  ],
};

describe('the shop checkout panel with one_time_fee, trial_period_days and tiers (002 §3)', () => {
  beforeEach(() => {
    setOrganization();
    signIn(patient({ ...named, shipping_info: ADDRESS }));
  });
  afterEach(() => {
    pricing = {};
    vi.useRealTimers();
  });

  it('shows a one-time fee as its own row, in Total Due Now once, and sends that total', async () => {
    pricing = { [QUARTERLY]: { one_time_fee: 4900 } };
    const requests = api({ [cardPath]: json(200, VISA) });
    const s = setup(SUPPLEMENT);
    await screen.findByText(/ending in 4242/);
    expect(row('Sub-Total')).toHaveTextContent('$105.00');
    expect(row('Savings')).toHaveTextContent('-$6.00');
    expect(row('One-time fee')).toHaveTextContent('$49.00');
    expect(row('Total Due Now')).toHaveTextContent('$148.00');
    // the plan says so where it is chosen
    expect(screen.getByRole('radio', { name: /3 months/ }).closest('label')).toHaveTextContent(
      '$99.00 ($33.00/mo) + $49.00 one-time fee',
    );
    expect(screen.getByRole('radio', { name: /1 month/ }).closest('label')).not.toHaveTextContent(/fee/);
    expect(screen.getByText('Renews every 3 months')).toBeInTheDocument();
    // a plan without the fee has no fee row
    await s.user.click(screen.getByRole('radio', { name: /1 month/ }));
    expect(within(breakdown()).queryByText('One-time fee')).not.toBeInTheDocument();
    expect(row('Total Due Now')).toHaveTextContent('$35.00');
    await s.user.click(screen.getByRole('radio', { name: /3 months/ }));
    await s.user.click(submitButton());
    await waitFor(() => expect(s.onPurchased).toHaveBeenCalledWith({ kind: 'other' }));
    expect(checkoutRequests(requests)[0]!.body).toMatchObject({
      items: [{ product: QUARTERLY, quantity: 1 }],
      expected_total: 14_800,
    });
  });

  it('a trial: nothing of the plan is due now, and the panel says what follows the free days', async () => {
    pricing = { [MONTHLY]: { trial_period_days: 14 } };
    window.localStorage.setItem(STORAGE_KEYS.defaultDurationSelection, '1');
    const requests = api({ [cardPath]: json(200, VISA) });
    const s = setup(SUPPLEMENT);
    await screen.findByText(/ending in 4242/);
    expect(screen.getByRole('radio', { name: /1 month/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /1 month/ }).closest('label')).toHaveTextContent(
      '14-day free trial',
    );
    expect(screen.getByRole('radio', { name: /3 months/ }).closest('label')).not.toHaveTextContent(/trial/);
    expect(row('Sub-Total')).toHaveTextContent('$35.00');
    expect(row('Total Due Now')).toHaveTextContent('$0.00');
    expect(screen.getByText('Free for 14 days, then $35.00 every 1 month')).toBeInTheDocument();
    expect(screen.getByText('Renews every 1 month')).toBeInTheDocument();
    await s.user.click(submitButton());
    await waitFor(() => expect(s.onPurchased).toHaveBeenCalledWith({ kind: 'other' }));
    expect(checkoutRequests(requests)[0]!.body).toMatchObject({
      items: [{ product: MONTHLY, quantity: 1 }],
      expected_total: 0,
    });
    window.localStorage.removeItem(STORAGE_KEYS.defaultDurationSelection);
  });

  it('a tiered price: the tiers are listed, the quantity sets the unit price, the volume saving shows', async () => {
    pricing = { [ONCE]: VOLUME };
    const requests = api({ [cardPath]: json(200, VISA) });
    const s = setup(SUPPLEMENT);
    await screen.findByText(/ending in 4242/);
    // the recurring plans are not tiered: no quantity
    expect(screen.queryByLabelText('Quantity')).not.toBeInTheDocument();
    await s.user.click(screen.getByRole('radio', { name: /One-time purchase/ }));
    const tiers = screen.getByRole('list', { name: 'Price per unit' });
    expect(
      within(tiers)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1–2 units: $39.00 each', '3–5 units: $35.00 each', '6+ units: $31.00 each']);
    expect(row('Total Due Now')).toHaveTextContent('$39.00');
    const quantity = screen.getByLabelText('Quantity');
    await s.user.clear(quantity);
    await s.user.type(quantity, '3');
    await waitFor(() => expect(row('Total Due Now')).toHaveTextContent('$105.00'));
    expect(row('Sub-Total')).toHaveTextContent('$117.00');
    expect(row('Savings')).toHaveTextContent('-$12.00');
    await waitFor(() => expect(screen.getByText(/One-time purchase · 3 × \$35\.00/)).toBeInTheDocument());
    await s.user.click(submitButton());
    await waitFor(() => expect(s.onPurchased).toHaveBeenCalledWith({ kind: 'other' }));
    expect(checkoutRequests(requests)[0]!.body).toMatchObject({
      items: [{ product: ONCE, quantity: 3 }],
      expected_total: 10_500,
    });
  });

  it('keeps the quantity within 1 to 99', async () => {
    pricing = { [ONCE]: VOLUME };
    api();
    const s = setup(SUPPLEMENT);
    await s.user.click(await screen.findByRole('radio', { name: /One-time purchase/ }));
    const quantity = screen.getByLabelText('Quantity');
    await s.user.clear(quantity);
    await s.user.type(quantity, '250');
    // 99 x $31.00
    await waitFor(() => expect(row('Total Due Now')).toHaveTextContent('$3,069.00'));
    await s.user.clear(quantity);
    await s.user.tab();
    expect(quantity).toHaveValue(1);
    expect(row('Total Due Now')).toHaveTextContent('$39.00');
  });
});
