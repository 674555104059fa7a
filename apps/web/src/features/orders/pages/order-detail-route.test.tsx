import type { PurchaseDetails } from '@portal/domain/orders/purchases';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  currentUrl,
  json,
  mockApi,
  patient,
  renderRoute,
  setOrganization,
  signIn,
  USER_ID,
} from '../../../test/helpers';
import { ORDER_LOAD_ERROR, ORDER_NOT_FOUND } from '../components/order-details';

const ORDER = 'aaaaaaaaaaaaaaaaaaaaaa01';
const DETAILS = `GET /v2/users/purchases-showcase/${ORDER}/details`;

/** A paid one-time supplement order, $138.00 after a $12.00 discount. */
const order = (overrides: Partial<PurchaseDetails> = {}): PurchaseDetails => ({
  _id: ORDER,
  kind: 'order',
  name: '2026_06_01 Urolithin A',
  product_name: 'Urolithin A',
  product_image: null,
  product_type: 'supplement',
  status: 'paid',
  status_label: 'Paid',
  amount: 13800,
  currency: 'usd',
  billing_months: null,
  invoice_id: 'bbbbbbbbbbbbbbbbbbbbbb01',
  created_at: '2026-06-01T12:00:00.000Z',
  product_description: null,
  quantity: 1,
  subtotal_amount: 15000,
  discount_amount: 1200,
  promo_code: null,
  submitted_at: '2026-06-01T12:05:00.000Z',
  current_period_start: null,
  current_period_end: null,
  fulfilled_at: null,
  invoices: [],
  ...overrides,
});

const shipping = () => screen.getByRole('region', { name: 'Shipping' });

beforeEach(() => {
  setOrganization();
  signIn(
    patient({
      shipping_info: {
        first_name: 'Jane',
        last_name: 'Doe',
        street_address: '12 Elm Street',
        apt_suite: 'Apt 4',
        city: 'Oakland',
        state: 'CA',
        zip_code: '94607',
        country: 'us',
      },
    }),
  );
});

describe('An order from the dashboard (/dashboard/{userId}/orders/{id})', () => {
  it('opens the order in the orders app, with its amounts, status, invoice and shipping', async () => {
    mockApi({ [DETAILS]: json(200, order()) });
    const { router } = renderRoute(`/dashboard/${USER_ID}/orders/${ORDER}`);
    await waitFor(() => expect(currentUrl(router)).toBe(`/orders/${ORDER}`));
    await screen.findByRole('heading', { level: 1, name: 'Urolithin A' });
    const article = screen.getByRole('article', { name: 'Urolithin A' });
    expect(article.querySelector('header')).toHaveTextContent('Paid');
    const facts = article.querySelector('dl');
    expect(facts).toHaveTextContent('Subtotal$150.00');
    expect(facts).toHaveTextContent('Discount-$12.00');
    expect(facts).toHaveTextContent('Total$138.00');
    expect(
      within(shipping()).getByText('Being prepared: it ships once the pharmacy has filled it.'),
    ).toBeInTheDocument();
    expect(within(shipping()).getByText('12 Elm Street, Apt 4')).toBeInTheDocument();
    expect(within(shipping()).getByText('Oakland, CA 94607')).toBeInTheDocument();
    expect(within(shipping()).getByRole('link', { name: 'Change your shipping address' })).toHaveAttribute(
      'href',
      `/dashboard/${USER_ID}/settings/shipping`,
    );
    expect(screen.getByRole('button', { name: 'Download invoice' })).toBeInTheDocument();
  });

  it('says when a shipped order left', async () => {
    mockApi({
      [DETAILS]: json(
        200,
        order({ status: 'fulfilled', status_label: 'Fulfilled', fulfilled_at: '2026-06-03T15:00:00.000Z' }),
      ),
    });
    renderRoute(`/orders/${ORDER}`);
    await screen.findByText(/^Shipped on Jun 3, 2026$/);
  });

  it('shows no shipping for a lab order', async () => {
    mockApi({ [DETAILS]: json(200, order({ product_type: 'lab', product_name: 'Longevity Panel' })) });
    renderRoute(`/orders/${ORDER}`);
    await screen.findByRole('heading', { level: 1, name: 'Longevity Panel' });
    expect(screen.queryByRole('region', { name: 'Shipping' })).not.toBeInTheDocument();
  });

  it('asks for an address when none is on file', async () => {
    signIn(patient({ shipping_info: null }));
    mockApi({ [DETAILS]: json(200, order()) });
    renderRoute(`/orders/${ORDER}`);
    await screen.findByText('No shipping address on file yet.');
    expect(screen.getByRole('link', { name: 'Add your shipping address' })).toBeInTheDocument();
  });

  it('shows a friendly not-found for another patient’s order, and an error for a failed load', async () => {
    mockApi({ [DETAILS]: json(403, { text: 'Forbidden', message: 'x' }) });
    const first = renderRoute(`/dashboard/${USER_ID}/orders/${ORDER}`);
    await screen.findByText(ORDER_NOT_FOUND);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    first.unmount();
    mockApi({ [DETAILS]: json(500, { text: 'InternalServerError', message: 'x' }) });
    renderRoute(`/orders/${ORDER}`);
    await screen.findByText(ORDER_LOAD_ERROR);
  });
});
