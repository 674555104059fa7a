import type { ProductTemplate, ProductTemplatePage } from '@portal/domain/contracts/product';
import type { ShopSettings } from '@portal/domain/contracts/shop';
import { MESSAGES } from '@portal/domain/messages';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
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
import type { CheckoutPanelProps } from '../checkout-panel-contract';
import ShopPage from './shop-page';

// the checkout panel is built and tested on its own; here only its contract with the shop matters
vi.mock('../checkout-panel/checkout-panel', () => ({
  default: ({ templateId, onClose, onPurchased }: CheckoutPanelProps) => (
    <div role="dialog" aria-label="Checkout">
      <p>Checkout of {templateId}</p>
      <button type="button" onClick={onClose}>
        Close checkout
      </button>
      <button type="button" onClick={() => onPurchased({ kind: 'other' })}>
        Buy it
      </button>
    </div>
  ),
}));

const hex = (n: number) => n.toString(16).padStart(24, '0');

function template(over: Partial<ProductTemplate> & Pick<ProductTemplate, 'type' | 'name'>): ProductTemplate {
  return {
    _id: hex(Math.floor(Math.random() * 1e9)),
    organization: ORG_ID,
    slug: over.name.toLowerCase().replace(/\W+/g, '-'),
    product_name: over.name,
    description: 'A short description.',
    medication_type: null,
    medicationType: null,
    dosage_type: null,
    product_images: ['/img.svg'],
    product_features: [],
    product_url: null,
    testimonials: [],
    dose_quantity: 1,
    dose_recommendation: null,
    dose_selection_text: null,
    dosage_strengths: [],
    dosage_frequencies: [],
    shipping_frequencies: [],
    settings: {},
    shop: { benefits: [], tags: [] },
    attachments: [],
    intake_template: null,
    membership: null,
    featured: false,
    show_in_shop: true,
    ...over,
  };
}

const LONG =
  'Monthly one-to-one coaching with a certified health coach who works with your physician to turn your labs and protocol into daily habits.';
const LAB = template({
  _id: hex(1),
  type: 'lab',
  name: 'Essentials Panel',
  shop: { benefits: [], tags: [{ label: 'Labs', main: true }] },
});
const SUPPLEMENT = template({
  _id: hex(2),
  type: 'supplement',
  name: 'Urolithin A',
  description: LONG,
  shop: { benefits: [], tags: [{ label: 'Energy', main: true }] },
});
const MEDICATION = template({
  _id: hex(3),
  type: 'medication',
  name: 'Metformin ER',
  intake_template: hex(99),
  product_url: 'https://clinic.test/metformin',
  shop: { benefits: [], tags: [{ label: 'Metabolic', main: true }] },
});

const SETTINGS: ShopSettings = {
  banners: [
    {
      title: { value: 'Know your numbers', mode: 'light' },
      label_name: { value: 'Book your lab visit', mode: 'light' },
      action: { type: 'lab-visit', value: LAB._id, mode: 'light' },
      background_color: '#0b4a37',
      carousel_indicators: { mode: 'light' },
    },
  ],
  filters: [
    { type: 'type', valid_values: ['lab', 'supplement', 'medication'] },
    { type: 'protocols', valid_values: ['Longevity', 'Metabolic'] },
    { type: 'benefits', valid_values: ['Energy', 'Heart health'] },
  ],
};

function pageOf(docs: ProductTemplate[], page = 1, totalPages = 1): ProductTemplatePage {
  return {
    docs,
    page,
    limit: 9,
    totalDocs: docs.length,
    totalPages,
    hasNextPage: page < totalPages,
    hasPrevPage: page > 1,
  };
}

const SETTINGS_CALL = `GET /organization/${ORG_ID}/settings/shop`;
const PRODUCTS_CALL = 'GET /v2/products';

function Where() {
  const location = useLocation();
  return <p>at {location.pathname + location.search}</p>;
}

function renderShop(
  path: string,
  products: (r: RecordedRequest) => Response | Promise<Response> = () =>
    json(200, pageOf([LAB, SUPPLEMENT, MEDICATION])),
  settings: ShopSettings = SETTINGS,
) {
  const requests = mockApi({ [SETTINGS_CALL]: json(200, settings), [PRODUCTS_CALL]: products });
  const router = createMemoryRouter(
    [
      { path: '/shop', Component: ShopPage },
      { path: '*', Component: Where },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  const url = () => router.state.location.pathname + router.state.location.search;
  const productQueries = () =>
    requests
      .filter((r) => r.path.startsWith('/v2/products'))
      .map((r) => new URL(r.path, 'http://x').searchParams);
  return { router, requests, url, productQueries, user: userEvent.setup() };
}

afterEach(() => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
});

function setup(state: string | null = 'CA') {
  setOrganization();
  signIn(patient({ state }));
}

describe('/shop (002 §2.6)', () => {
  it('shows the skeleton while products load, then the cards with badges, cut descriptions and actions', async () => {
    setup();
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    renderShop('/shop', async () => {
      await gate;
      return json(200, pageOf([LAB, SUPPLEMENT, MEDICATION]));
    });
    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent('Loading products');
    release();
    const grid = await screen.findByRole('heading', { name: 'Urolithin A' });
    const card = grid.closest('article') as HTMLElement;
    expect(screen.queryByText('Loading products')).toBeNull();
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((b) => b.textContent),
    ).toEqual(['Energy', 'Supplements']);
    expect(within(card).getByText(/…$/).textContent?.length).toBeLessThanOrEqual(126);
    expect(within(card).getByText(LONG)).toHaveClass('ui-visually-hidden');
    expect(within(card).getByRole('link', { name: /Learn More\s*about Urolithin A/ })).toHaveAttribute(
      'href',
      `/product/supplement/${SUPPLEMENT._id}`,
    );
    expect(within(card).getByRole('button', { name: /Purchase\s*Urolithin A/ })).toBeEnabled();

    const lab = screen.getByRole('heading', { name: 'Essentials Panel' }).closest('article') as HTMLElement;
    expect(
      within(lab)
        .getAllByRole('listitem')
        .map((b) => b.textContent),
    ).toEqual(['Labs']);
    expect(within(lab).getByRole('button', { name: /Purchase/ })).toBeEnabled();

    const med = screen.getByRole('heading', { name: 'Metformin ER' }).closest('article') as HTMLElement;
    expect(within(med).queryByRole('button', { name: /Purchase/ })).toBeNull();
    expect(within(med).getByRole('link', { name: /Start Visit/ })).toHaveAttribute(
      'href',
      `/start/${hex(99)}/p/${MEDICATION._id}`,
    );
    expect(within(med).getByRole('link', { name: /Learn More/ })).toHaveAttribute(
      'href',
      'https://clinic.test/metformin',
    );
  });

  it('preselects labs from /shop?type=lab and keeps every filter change in the address', async () => {
    setup();
    const { url, productQueries, user } = renderShop('/shop?type=lab');
    const filters = await screen.findByRole('complementary', { name: 'Filters' });
    const type = within(filters).getByRole('group', { name: 'Type' });
    await waitFor(() => expect(within(type).getByRole('checkbox', { name: 'Labs' })).toBeChecked());
    expect(within(type).getByRole('checkbox', { name: 'All' })).not.toBeChecked();
    await waitFor(() => expect(productQueries().at(-1)?.get('product_type')).toBe('lab'));

    await user.click(within(type).getByRole('checkbox', { name: 'Supplements' }));
    expect(url()).toBe('/shop?type=lab%2Csupplement');
    await waitFor(() => expect(productQueries().at(-1)?.get('product_type')).toBe('lab,supplement'));

    const benefits = within(filters).getByRole('group', { name: 'Benefits' });
    await user.click(within(benefits).getByRole('checkbox', { name: 'Energy' }));
    await user.click(within(filters).getByRole('checkbox', { name: 'Metabolic' }));
    await waitFor(() => expect(productQueries().at(-1)?.get('tags')).toBe('Metabolic,Energy'));
    expect(new URLSearchParams(url().split('?')[1]).get('benefits')).toBe('Energy');

    await user.click(within(type).getByRole('checkbox', { name: 'All' }));
    expect(within(type).getByRole('checkbox', { name: 'Labs' })).not.toBeChecked();
    expect(new URLSearchParams(url().split('?')[1]).get('type')).toBeNull();
  });

  it('pages through the products with the filters kept', async () => {
    setup();
    const { productQueries, user, url } = renderShop('/shop?type=supplement&page=2', (r) => {
      const page = Number(new URL(r.path, 'http://x').searchParams.get('page'));
      return json(200, pageOf([SUPPLEMENT], page, 3));
    });
    const pager = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(productQueries().at(-1)?.get('page')).toBe('2');
    await user.click(within(pager).getByRole('link', { name: 'Page 3' }));
    expect(url()).toBe('/shop?type=supplement&page=3');
    await waitFor(() => expect(productQueries().at(-1)?.get('page')).toBe('3'));
  });

  it('opens the checkout panel through ?checkout= and shows the success modal after a purchase', async () => {
    setup();
    const { url, user, router } = renderShop('/shop?type=supplement');
    await user.click(await screen.findByRole('button', { name: /Purchase\s*Urolithin A/ }));
    expect(url()).toBe(`/shop?type=supplement&checkout=${SUPPLEMENT._id}`);
    await screen.findByText(`Checkout of ${SUPPLEMENT._id}`);

    await user.click(screen.getByRole('button', { name: 'Close checkout' }));
    expect(url()).toBe('/shop?type=supplement');
    expect(screen.queryByText(/Checkout of/)).toBeNull();

    await router.navigate(-1); // back reopens it
    await screen.findByText(`Checkout of ${SUPPLEMENT._id}`);
    await user.click(screen.getByRole('button', { name: 'Buy it' }));
    const modal = await screen.findByRole('dialog', { name: MESSAGES.actionSuccess });
    expect(url()).toBe('/shop?type=supplement');
    await user.click(within(modal).getByRole('button', { name: 'Continue Shopping' }));
    expect(screen.queryByRole('dialog', { name: MESSAGES.actionSuccess })).toBeNull();
  });

  it('tells a patient in NY that labs are not sold there instead of offering to buy one', async () => {
    setup('NY');
    renderShop('/shop');
    const lab = (await screen.findByRole('heading', { name: 'Essentials Panel' })).closest(
      'article',
    ) as HTMLElement;
    expect(within(lab).getByText(MESSAGES.labRestrictedState)).toBeInTheDocument();
    expect(within(lab).queryByRole('button', { name: /Purchase/ })).toBeNull();
    const supplement = screen.getByRole('heading', { name: 'Urolithin A' }).closest('article') as HTMLElement;
    expect(within(supplement).getByRole('button', { name: /Purchase/ })).toBeEnabled();
  });

  it('says when no product matches the filters, and clears them', async () => {
    setup();
    const { user, url } = renderShop('/shop?benefits=Energy', () => json(200, pageOf([])));
    await screen.findByText('No products match these filters.');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(url()).toBe('/shop');
  });

  it('leads from a page past the last one back to the first', async () => {
    setup();
    const { user, url } = renderShop('/shop?type=lab&page=7', (r) => {
      const page = Number(new URL(r.path, 'http://x').searchParams.get('page'));
      return json(200, { ...pageOf(page === 1 ? [LAB] : [], page, 1), totalDocs: 1 });
    });
    await screen.findByText('There are no products on this page.');
    await user.click(screen.getByRole('button', { name: 'Go to the first page' }));
    expect(url()).toBe('/shop?type=lab');
    await screen.findByRole('heading', { name: 'Essentials Panel' });
  });

  it('offers a retry when the products cannot be loaded', async () => {
    setup();
    let fail = true;
    const { user } = renderShop('/shop', () =>
      fail ? json(500, { text: 'Error', message: 'boom' }) : json(200, pageOf([LAB])),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.networkError);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Essentials Panel' });
  });

  it('on a phone, filters open in a panel with Submit, Reset and Close', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    setup();
    const { user, url } = renderShop('/shop?type=lab');
    await screen.findByRole('heading', { name: 'Essentials Panel' });
    expect(screen.queryByRole('complementary', { name: 'Filters' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Filters (1)' }));
    let panel = await screen.findByRole('dialog', { name: 'Filters' });
    await user.click(within(panel).getByRole('checkbox', { name: 'Supplements' }));
    expect(url()).toBe('/shop?type=lab'); // nothing applies before Submit
    await user.click(within(panel).getByRole('button', { name: 'Submit' }));
    expect(url()).toBe('/shop?type=lab%2Csupplement');
    expect(screen.queryByRole('dialog', { name: 'Filters' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Filters (2)' }));
    panel = await screen.findByRole('dialog', { name: 'Filters' });
    await user.click(within(panel).getByRole('button', { name: 'Reset' }));
    expect(
      within(panel)
        .getAllByRole('checkbox', { name: 'All' })
        .every((c) => (c as HTMLInputElement).checked),
    ).toBe(true);
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(url()).toBe('/shop?type=lab%2Csupplement');
  });

  it('keeps the lab of a lab-visit banner and goes to the lab visit signup', async () => {
    setup();
    const { url, user } = renderShop('/shop');
    await user.click(await screen.findByRole('button', { name: 'Book your lab visit' }));
    expect(url()).toBe('/signup/lab-visit');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.productTemplate) ?? '{}')).toMatchObject({
      _id: LAB._id,
      type: 'lab',
    });
  });

  it('shows the banners of the clinic in its carousel', async () => {
    setup();
    renderShop('/shop');
    expect(await screen.findByRole('region', { name: 'Featured' })).toHaveTextContent('Know your numbers');
    expect(screen.getByRole('heading', { level: 1, name: 'Shop' })).toBeInTheDocument();
    expect(USER_ID).toBeTruthy();
  });
});
