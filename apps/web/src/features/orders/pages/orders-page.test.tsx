import type { Purchase, PurchaseDetails, PurchasesPage } from '@portal/domain/orders/purchases';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  currentUrl,
  json,
  mockApi,
  ORG_ID,
  renderRoute,
  setOrganization,
  signIn,
} from '../../../test/helpers';
import { INVOICE_ERROR } from '../components/invoice-button';

const PAID_ID = 'aaaaaaaaaaaaaaaaaaaaaa01';
const LAB_ID = 'aaaaaaaaaaaaaaaaaaaaaa02';
const SUB_ID = 'aaaaaaaaaaaaaaaaaaaaaa03';

function purchase(overrides: Partial<Purchase> = {}): Purchase {
  return {
    _id: PAID_ID,
    kind: 'order',
    name: '2026_11_14 Urolithin A',
    product_name: 'Urolithin A',
    product_image: '/brands/evergreen/urolithin.svg',
    product_type: 'supplement',
    status: 'paid',
    status_label: 'Paid',
    amount: 13800,
    currency: 'usd',
    billing_months: null,
    invoice_id: 'bbbbbbbbbbbbbbbbbbbbbb01',
    created_at: '2026-11-14T12:00:00.000Z',
    ...overrides,
  };
}

function page(docs: Purchase[], overrides: Partial<PurchasesPage> = {}): PurchasesPage {
  return {
    docs,
    page: 1,
    totalPages: 1,
    totalDocs: docs.length,
    limit: 10,
    hasNextPage: false,
    hasPrevPage: false,
    filters: {
      productTypes: ['lab', 'medication', 'supplement'],
      statuses: [
        { value: 'active', label: 'Active' },
        { value: 'created', label: 'Awaiting Payment' },
        { value: 'paid', label: 'Paid' },
      ],
    },
    ...overrides,
  };
}

const LIST = [
  purchase({
    _id: LAB_ID,
    name: '2026_11_20 Comprehensive Longevity Panel',
    product_name: 'Comprehensive Longevity Panel',
    product_type: 'lab',
    status: 'created',
    status_label: 'Awaiting Payment',
    amount: 44900,
    invoice_id: null,
    created_at: '2026-11-20T12:00:00.000Z',
  }),
  purchase({
    _id: SUB_ID,
    kind: 'subscription',
    name: 'Longevity Coaching',
    product_name: 'Longevity Coaching',
    product_type: 'coaching_membership',
    status: 'active',
    status_label: 'Active',
    amount: 39900,
    billing_months: 3,
    invoice_id: 'bbbbbbbbbbbbbbbbbbbbbb09',
    created_at: '2026-11-17T12:00:00.000Z',
  }),
  purchase(),
];

const SHOWCASE = 'GET /v2/users/purchases-showcase';

describe('Orders page', () => {
  beforeEach(() => {
    setOrganization();
    signIn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the orders newest first with product, image, date, status and amount', async () => {
    const requests = mockApi({ [SHOWCASE]: json(200, page(LIST)) });
    renderRoute('/orders');
    const list = await screen.findByRole('list', { name: 'Your orders' });
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    const items = within(list).getAllByRole('article');
    expect(items.map((i) => within(i).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Comprehensive Longevity Panel',
      'Longevity Coaching',
      'Urolithin A',
    ]);
    const paid = screen.getByRole('article', { name: 'Urolithin A' });
    expect(paid).toHaveTextContent('Nov 14, 2026');
    expect(paid).toHaveTextContent('Paid');
    expect(paid).toHaveTextContent('$138.00');
    // the order's internal name is never shown to the patient
    expect(paid).not.toHaveTextContent('2026_11_14');
    expect(paid.querySelector('img')).toHaveAttribute('src', '/brands/evergreen/urolithin.svg');
    expect(within(paid).getByRole('link', { name: 'Urolithin A' })).toHaveAttribute(
      'href',
      `/orders/${PAID_ID}`,
    );

    const lab = screen.getByRole('article', { name: 'Comprehensive Longevity Panel' });
    expect(lab).toHaveTextContent('Awaiting Payment');
    expect(within(lab).queryByRole('button', { name: /Download invoice/ })).not.toBeInTheDocument();
    const coaching = screen.getByRole('article', { name: 'Longevity Coaching' });
    expect(coaching).toHaveTextContent('Coaching Membership subscription');
    expect(coaching).toHaveTextContent('Billing every 3 months');
    // Subscription invoices are downloaded from the Subscriptions page: only orders offer one here.
    expect(within(coaching).queryByRole('button', { name: /Download invoice/ })).not.toBeInTheDocument();
    expect(screen.getByText('3 orders')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    expect(requests.find((r) => r.path.startsWith('/v2/users/purchases-showcase'))?.path).toBe(
      '/v2/users/purchases-showcase?page=1',
    );
  });

  it('downloads a paid order’s invoice with the token and saves it through a blob link', async () => {
    const createObjectURL = vi.fn(() => 'blob:invoice');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const requests = mockApi({
      [SHOWCASE]: json(200, page(LIST)),
      [`GET /v2/orders/${PAID_ID}/invoice`]: () =>
        new Response('%PDF-1.3', {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="invoice-INV-202611-AAAAAA01.pdf"',
          },
        }),
    });
    const { user } = renderRoute('/orders');
    await screen.findByRole('list', { name: 'Your orders' });
    await user.click(screen.getByRole('button', { name: 'Download invoice for Urolithin A, Nov 14, 2026' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const invoiceCall = requests.find((r) => r.path === `/v2/orders/${PAID_ID}/invoice`)!;
    expect(invoiceCall.headers.authorization).toMatch(/^Bearer /);
    // undici's Blob, not jsdom's: checked by its size ('%PDF-1.3' is 8 bytes).
    expect(createObjectURL).toHaveBeenCalledWith(expect.objectContaining({ size: 8 }));
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('invoice-INV-202611-AAAAAA01.pdf');
    expect(anchor.href).toBe('blob:invoice');
  });

  it('says so when the invoice cannot be downloaded', async () => {
    mockApi({
      [SHOWCASE]: json(200, page(LIST)),
      [`GET /v2/orders/${PAID_ID}/invoice`]: json(404, {
        text: 'NotFound',
        message: 'The invoice was not found.',
      }),
    });
    const { user } = renderRoute('/orders');
    await user.click(await screen.findByRole('button', { name: /Download invoice for Urolithin A/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVOICE_ERROR);
  });

  it('filters by product type and status through the query string, back to page 1', async () => {
    const requests = mockApi({
      [SHOWCASE]: json(200, page(LIST, { page: 2, totalPages: 2, totalDocs: 13 })),
    });
    const { user, router } = renderRoute('/orders?page=2');
    const type = await screen.findByRole('combobox', { name: 'Product type' });
    expect(
      within(screen.getByRole('combobox', { name: 'Status' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All statuses', 'Active', 'Awaiting Payment', 'Paid']);
    await user.selectOptions(type, 'lab');
    expect(currentUrl(router)).toBe('/orders?productType=lab');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Product type' })).toHaveValue('lab'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'created');
    expect(currentUrl(router)).toBe('/orders?productType=lab&status=created');
    await waitFor(() =>
      expect(requests.at(-1)?.path).toBe(
        '/v2/users/purchases-showcase?page=1&productType=lab&status=created',
      ),
    );
    expect(screen.getByRole('combobox', { name: 'Product type' })).toHaveValue('lab');
  });

  it('pages with at most 5 page numbers, the current one marked', async () => {
    mockApi({
      [SHOWCASE]: json(
        200,
        page(LIST, { page: 6, totalPages: 12, totalDocs: 118, hasNextPage: true, hasPrevPage: true }),
      ),
    });
    renderRoute('/orders?status=paid&page=6');
    const pager = await screen.findByRole('navigation', { name: 'Pagination' });
    const numbers = within(pager).getAllByRole('link', { name: /^Page \d+$/ });
    expect(numbers.map((n) => n.textContent)).toEqual(['4', '5', '6', '7', '8']);
    expect(within(pager).getByRole('link', { name: 'Page 6' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('link', { name: 'Next page' })).toHaveAttribute(
      'href',
      '/orders?status=paid&page=7',
    );
    expect(within(pager).getByRole('link', { name: 'Previous page' })).toHaveAttribute(
      'href',
      '/orders?status=paid&page=5',
    );
    expect(within(pager).getByRole('link', { name: 'Page 4' })).toHaveAttribute(
      'href',
      '/orders?status=paid&page=4',
    );
  });

  it('shows an empty state with a link to the shop', async () => {
    mockApi({ [SHOWCASE]: json(200, page([], { filters: { productTypes: [], statuses: [] } })) });
    renderRoute('/orders');
    await screen.findByRole('heading', { name: 'No orders yet' });
    expect(screen.getByRole('link', { name: 'Visit Our Shop' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByRole('group', { name: 'Filter orders' })).not.toBeInTheDocument();
  });

  it('offers to clear filters that match nothing', async () => {
    mockApi({ [SHOWCASE]: json(200, page([])) });
    renderRoute('/orders?productType=coaching_membership');
    await screen.findByRole('heading', { name: 'No orders match these filters.' });
    expect(screen.getByRole('link', { name: 'Clear filters' })).toHaveAttribute('href', '/orders');
  });
});

describe('Order details page', () => {
  beforeEach(() => {
    setOrganization();
    signIn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const details = (overrides: Partial<PurchaseDetails> = {}): PurchaseDetails => ({
    ...purchase({ quantity: 2 } as Partial<Purchase>),
    product_description: 'Cellular renewal support.',
    quantity: 2,
    subtotal_amount: 15000,
    discount_amount: 1200,
    promo_code: 'LABS15',
    submitted_at: '2026-11-14T12:05:00.000Z',
    current_period_start: null,
    current_period_end: null,
    invoices: [
      {
        _id: 'bbbbbbbbbbbbbbbbbbbbbb01',
        status: 'paid',
        amount_due: 13800,
        amount_paid: 13800,
        currency: 'usd',
        period_start: null,
        period_end: null,
        paid_at: '2026-11-14T12:05:00.000Z',
        created_at: '2026-11-14T12:05:00.000Z',
      },
    ],
    ...overrides,
  });

  it('shows one order with its figures and its invoice', async () => {
    mockApi({ [`GET /v2/users/purchases-showcase/${PAID_ID}/details`]: json(200, details()) });
    renderRoute(`/orders/${PAID_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Urolithin A' });
    const facts = screen.getByRole('article', { name: 'Urolithin A' });
    for (const text of [
      'Quantity2',
      'Subtotal$150.00',
      'Discount (LABS15)-$12.00',
      'Total$138.00',
      'PurchasedNov 14, 2026',
    ])
      expect(facts.querySelector('dl')).toHaveTextContent(text);
    const invoices = screen.getByRole('region', { name: 'Invoices' });
    expect(within(invoices).getByRole('listitem')).toHaveTextContent('Paid');
    expect(within(invoices).getByRole('button', { name: 'Download invoice' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to orders' })).toHaveAttribute('href', '/orders');
  });

  it('shows a subscription’s billing and period and downloads each of its invoices', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const invoice = details().invoices[0]!;
    const requests = mockApi({
      [`GET /v2/users/purchases-showcase/${SUB_ID}/details`]: json(
        200,
        details({
          ...LIST[1]!,
          quantity: 1,
          subtotal_amount: 39900,
          discount_amount: 0,
          promo_code: null,
          submitted_at: null,
          current_period_start: '2026-09-05T12:00:00.000Z',
          current_period_end: '2026-12-05T12:00:00.000Z',
          invoices: [
            {
              ...invoice,
              _id: 'bbbbbbbbbbbbbbbbbbbbbb09',
              amount_due: 39900,
              amount_paid: 39900,
              period_start: '2026-09-05T12:00:00.000Z',
              period_end: '2026-12-05T12:00:00.000Z',
            },
          ],
        }),
      ),
      [`GET /subscriptions/${ORG_ID}/invoice`]: () =>
        new Response('%PDF-1.3', {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="s.pdf"',
          },
        }),
    });
    const { user } = renderRoute(`/orders/${SUB_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Longevity Coaching' });
    expect(screen.getByText('Billing every 3 months')).toBeInTheDocument();
    expect(screen.getAllByText('Sep 5, 2026 to Dec 5, 2026')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Download invoice' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download invoice for Sep 5, 2026 to Dec 5, 2026' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(requests.at(-1)?.path).toBe(
      `/subscriptions/${ORG_ID}/invoice?type=stripe&invoice=bbbbbbbbbbbbbbbbbbbbbb09`,
    );
  });

  it('shows where a medication subscription’s latest parcel is, with its tracking number', async () => {
    const parcel = {
      _id: 'cccccccccccccccccccccc01',
      status: 'shipped' as const,
      status_label: 'Shipped',
      tracking_number: '1Z999AA10123456784',
      carrier: 'UPS',
      created_at: '2026-11-17T12:00:00.000Z',
      shipped_at: '2026-11-18T15:00:00.000Z',
      delivered_at: null,
    };
    const medication = purchase({
      _id: SUB_ID,
      kind: 'subscription',
      product_name: 'Generic Rapamycin',
      product_type: 'medication',
      status: 'active',
      status_label: 'Active',
      billing_months: 12,
      fulfilment: parcel,
    });
    mockApi({
      [SHOWCASE]: json(200, page([medication])),
      [`GET /v2/users/purchases-showcase/${SUB_ID}/details`]: json(
        200,
        details({ ...medication, fulfilled_at: parcel.shipped_at, invoices: [] }),
      ),
    });
    const { router } = renderRoute('/orders');
    const card = await screen.findByRole('article', { name: 'Generic Rapamycin' });
    expect(card).toHaveTextContent('Shipment: Shipped');
    expect(card).toHaveTextContent('Tracking: UPS 1Z999AA10123456784');

    await router.navigate(`/orders/${SUB_ID}`);
    const shipping = await screen.findByRole('region', { name: 'Shipping' });
    expect(shipping).toHaveTextContent('Shipped on Nov 18, 2026');
    expect(shipping).toHaveTextContent('Tracking number: UPS 1Z999AA10123456784');
  });

  it('says an unknown order was not found', async () => {
    mockApi({});
    renderRoute(`/orders/${'c'.repeat(24)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find this order.');
  });

  it('answers other paths with the not-found page', async () => {
    mockApi({});
    renderRoute('/orders/history/old');
    await screen.findByRole('heading', { name: '404 - Page Not Found' });
    expect(screen.getByText('The page you are looking for does not exist.')).toBeInTheDocument();
  });
});
