import type { CataloguePrice, CatalogueProduct } from '@portal/domain/contracts/care-catalogue';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentUrl, json, mockApi, ORG_ID, renderRoute, setOrganization } from '../../../test/helpers';
import { centsOf, formatCents } from '../components/product-editor';
import { PRODUCT_ID, signInStaff } from '../test-fixtures';
import { filterCatalogue } from './catalogue-page';

const LIST = `GET /care/${ORG_ID}/catalogue`;
const PRICE_ID = '65a1b2c3d4e5f6a7b8c9d0d1';

const price = (over: Partial<CataloguePrice> = {}): CataloguePrice => ({
  id: PRICE_ID,
  name: 'Omega-3, monthly',
  pricing_type: 'recurring',
  unit_amount: 2900,
  currency: 'usd',
  interval_count: 1,
  one_time_fee: 0,
  billing_scheme: 'per_unit',
  trial_period_days: 0,
  default: true,
  active: true,
  sort_order: 0,
  in_use: false,
  ...over,
});

const product = (over: Partial<CatalogueProduct> = {}): CatalogueProduct => ({
  id: PRODUCT_ID,
  type: 'supplement',
  slug: 'omega-3',
  name: 'Omega-3',
  product_name: 'Omega-3 Longevity Blend',
  description: 'Fish oil.',
  product_images: ['/brands/evergreen/products/omega-3.svg'],
  shop: { tags: [{ label: 'Heart health', main: true }], benefits: [] },
  show_in_shop: true,
  active: true,
  sort_order: 1,
  prices: [price()],
  ...over,
});

const LAB = product({
  id: '65a1b2c3d4e5f6a7b8c9d0c2',
  type: 'lab',
  slug: 'essentials',
  name: 'Essentials panel',
  product_name: 'Longevity Essentials Panel',
  prices: [
    price({
      id: '65a1b2c3d4e5f6a7b8c9d0d2',
      pricing_type: 'one_time',
      interval_count: 0,
      unit_amount: 19900,
    }),
  ],
});

beforeEach(() => setOrganization());

describe('the catalogue page', () => {
  it('lists the products with their type, prices and place in the shop; searches and filters by type', async () => {
    signInStaff('admin');
    mockApi({ [LIST]: json(200, { products: [product(), LAB] }) });
    const { user } = renderRoute('/care/catalogue');
    const table = await screen.findByRole('table', { name: "The clinic's products" });
    const row = within(within(table).getByRole('row', { name: /Omega-3/ }));
    expect(row.getByText('Supplement')).toBeVisible();
    expect(row.getByText('1 on sale, from $29.00')).toBeVisible();
    expect(row.getByText('Listed')).toBeVisible();
    expect(screen.getByText('2 products')).toBeVisible();
    const nav = within(screen.getByRole('navigation', { name: 'Workspace' }));
    expect(nav.getByRole('link', { name: 'Catalogue' })).toHaveAttribute('aria-current', 'page');

    await user.type(screen.getByLabelText('Search'), 'panel');
    expect(screen.getByText('1 of 2 products')).toBeVisible();
    expect(within(table).queryByRole('row', { name: /Omega-3/ })).toBeNull();
    await user.clear(screen.getByLabelText('Search'));
    await user.selectOptions(screen.getByLabelText('Type'), 'supplement');
    expect(within(table).queryByRole('row', { name: /Essentials panel/ })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Type'), 'coaching_membership');
    expect(screen.getByRole('heading', { name: 'No product matches' })).toBeVisible();
  });

  it('hides a product from the shop: the editor sends show_in_shop false and says so', async () => {
    signInStaff('admin');
    let stored = product();
    const requests = mockApi({
      [LIST]: () => json(200, { products: [stored, LAB] }),
      [`PATCH /care/${ORG_ID}/catalogue/${PRODUCT_ID}`]: (r) => {
        stored = { ...stored, ...(r.body as Partial<CatalogueProduct>) };
        return json(200, stored);
      },
    });
    const { user, router } = renderRoute('/care/catalogue');
    await user.click(await screen.findByRole('button', { name: 'Edit Omega-3' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Omega-3' })).toBeVisible();
    expect(currentUrl(router)).toBe(`/care/catalogue?product=${PRODUCT_ID}`);
    expect(screen.getByLabelText('Product name')).toHaveValue('Omega-3 Longevity Blend');
    expect(screen.getByLabelText('Shop tags')).toHaveValue('Heart health');
    const listed = screen.getByLabelText('Listed in the shop');
    expect(listed).toBeChecked();
    await user.click(listed);
    await user.click(screen.getByRole('button', { name: 'Save the product' }));
    expect(await screen.findByText('Omega-3 saved. The shop does not list it.')).toBeVisible();
    const patch = requests.find((r) => r.method === 'PATCH')!;
    expect(patch.body).toMatchObject({
      show_in_shop: false,
      shop: { tags: [{ label: 'Heart health', main: true }], benefits: [] },
      sort_order: 1,
    });
    await user.click(screen.getByRole('button', { name: '← Back to the catalogue' }));
    expect(await screen.findByRole('row', { name: /Omega-3.*Hidden/ })).toBeVisible();
  });

  it('adds a product: hidden from the shop until shown, then opened in the editor to price it', async () => {
    signInStaff('admin');
    const NEW_ID = '65a1b2c3d4e5f6a7b8c9d0c9';
    let products = [product()];
    const requests = mockApi({
      [LIST]: () => json(200, { products }),
      [`POST /care/${ORG_ID}/catalogue`]: (r) => {
        const body = r.body as CatalogueProduct;
        const created = product({ ...body, id: NEW_ID, slug: 'magnesium', prices: [] });
        products = [...products, created];
        return json(201, created);
      },
    });
    const { user, router } = renderRoute('/care/catalogue');
    await user.click(await screen.findByRole('button', { name: 'Add a product' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Type'), 'lab');
    await user.type(screen.getByLabelText('Name'), 'Magnesium');
    await user.type(screen.getByLabelText('Product name'), 'Magnesium Glycinate');
    await user.type(screen.getByLabelText('Shop tags'), 'Sleep, Recovery');
    await user.selectOptions(screen.getByLabelText('Main tag'), 'Recovery');
    await user.click(screen.getByRole('button', { name: 'Add a benefit' }));
    await user.type(screen.getByLabelText('Benefit 1 title'), 'Deeper sleep');
    await user.click(screen.getByRole('button', { name: 'Add the product' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Magnesium' })).toBeVisible();
    expect(currentUrl(router)).toBe(`/care/catalogue?product=${NEW_ID}`);
    expect(
      screen.getByText('No prices yet: the shop cannot sell this product until it has one on sale.'),
    ).toBeVisible();
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      type: 'lab',
      name: 'Magnesium',
      product_name: 'Magnesium Glycinate',
      description: '',
      product_images: [],
      shop: {
        tags: [{ label: 'Sleep' }, { label: 'Recovery', main: true }],
        benefits: [{ title: 'Deeper sleep', description: '' }],
      },
      show_in_shop: false,
      active: true,
      sort_order: 0,
    });
  });

  it('refuses an empty name before sending, on the field', async () => {
    signInStaff('admin');
    const requests = mockApi({ [LIST]: json(200, { products: [product()] }) });
    const { user } = renderRoute(`/care/catalogue?product=${PRODUCT_ID}`);
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save the product' }));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Write the name.'));
    expect(requests.filter((r) => r.method === 'PATCH')).toEqual([]);
  });

  it('adds a price in dollars, and deactivates a sold one rather than deleting it', async () => {
    signInStaff('admin');
    const sold = price({ in_use: true });
    const requests = mockApi({
      [LIST]: json(200, { products: [product({ prices: [sold] })] }),
      [`POST /care/${ORG_ID}/catalogue/${PRODUCT_ID}/prices`]: (r) =>
        json(201, price({ ...(r.body as object), id: '65a1b2c3d4e5f6a7b8c9d0d9' })),
      [`DELETE /care/${ORG_ID}/catalogue/${PRODUCT_ID}/prices/${PRICE_ID}`]: json(200, {
        id: PRICE_ID,
        outcome: 'deactivated',
      }),
    });
    const { user } = renderRoute(`/care/catalogue?product=${PRODUCT_ID}`);
    const prices = within(await screen.findByRole('region', { name: 'Prices' }));
    await user.clear(prices.getByLabelText('Plan name'));
    await user.type(prices.getByLabelText('Plan name'), 'Quarterly');
    await user.type(prices.getByLabelText('Price (USD)'), '$79.50');
    await user.clear(prices.getByLabelText('Months per billing period'));
    await user.type(prices.getByLabelText('Months per billing period'), '3');
    await user.type(prices.getByLabelText('Free trial (days, optional)'), '14');
    await user.click(prices.getByRole('button', { name: 'Add the price' }));
    expect(await prices.findByText('Quarterly added: $79.50, every 3 months.')).toBeVisible();
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      name: 'Quarterly',
      pricing_type: 'recurring',
      unit_amount: 7950,
      interval_count: 3,
      one_time_fee: 0,
      trial_period_days: 14,
      default: false,
    });

    await user.click(prices.getByRole('button', { name: 'Deactivate Omega-3, monthly, Every month' }));
    expect(
      await prices.findByText(
        'Omega-3, monthly (every month) is off sale. Patients have bought it, so it is kept for their records.',
      ),
    ).toBeVisible();
  });

  it('says a wrong amount in words a person can act on', async () => {
    signInStaff('admin');
    const requests = mockApi({ [LIST]: json(200, { products: [product()] }) });
    const { user } = renderRoute(`/care/catalogue?product=${PRODUCT_ID}`);
    const prices = within(await screen.findByRole('region', { name: 'Prices' }));
    await user.type(prices.getByLabelText('Price (USD)'), 'twenty');
    await user.click(prices.getByRole('button', { name: 'Add the price' }));
    expect(prices.getByLabelText('Price (USD)')).toHaveAccessibleDescription(
      expect.stringContaining('Give the price in dollars, such as 29.00.'),
    );
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
});

describe('catalogue helpers', () => {
  it('reads dollars as cents and writes cents as dollars', () => {
    expect(centsOf('29')).toBe(2900);
    expect(centsOf(' $1,299.5 ')).toBe(129950);
    expect(centsOf('12.345')).toBe('12.345');
    expect(formatCents(7950)).toBe('$79.50');
  });

  it('filters by name, product name or slug, and by type', () => {
    const all = [product(), LAB];
    expect(filterCatalogue(all, 'BLEND', '').map((p) => p.name)).toEqual(['Omega-3']);
    expect(filterCatalogue(all, 'essentials', 'lab').map((p) => p.name)).toEqual(['Essentials panel']);
    expect(filterCatalogue(all, '', 'medication')).toEqual([]);
  });
});
