import type {
  CatalogueList,
  CataloguePrice,
  CataloguePriceRemoval,
  CatalogueProduct,
  ShopSettingsBody,
} from '@portal/domain/contracts/care-catalogue';
import type { Product, ProductTemplatePage } from '@portal/domain/contracts/product';
import type { ShopSettings } from '@portal/domain/contracts/shop';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/ids';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;
let otherOrg: string;
let patient: Awaited<ReturnType<typeof signupPatient>>;
const tokens: Record<string, string> = {};

async function logIn(email: string, orgId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/login/${orgId}`,
    payload: { email, password: 'Demo1234!' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ token: string }>(res).token;
}

type Method = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, path: string, payload?: unknown, token = tokens.admin!, orgId = org) =>
  t.app.inject({
    method,
    url: `/care/${orgId}${path}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const shopOf = async (token = patient.token) =>
  json<ShopSettings>(
    await t.app.inject({ url: `/organization/${org}/settings/shop`, headers: bearer(token) }),
  );
const shopListing = async () =>
  json<ProductTemplatePage>(
    await t.app.inject({ url: '/v2/products?limit=50', headers: bearer(patient.token) }),
  );
const plansOf = async (id: string) =>
  t.app.inject({ url: `/product/${org}/template/${id}/products`, headers: bearer(patient.token) });

const banner = (over: Record<string, unknown> = {}) => ({
  title: { value: 'Spring longevity week', mode: 'light' },
  label_name: { value: 'Read more', mode: 'light' },
  action: { type: 'external-link', value: 'https://example.org/spring', mode: 'light' },
  background_color: '#0B4A37',
  image: 'https://cdn.example.org/spring.png',
  carousel_indicators: { mode: 'light' },
  ...over,
});

async function catalogue(query = ''): Promise<CatalogueProduct[]> {
  const res = await call('GET', `/catalogue${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<CatalogueList>(res).products;
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  otherOrg = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }))._id;
  for (const who of ['admin', 'care', 'physician']) tokens[who] = await logIn(`${who}@evergreen.test`, org);
  tokens.otherAdmin = await logIn('admin@bluecrest.test', otherOrg);
  patient = await signupPatient(t.app, org);
});
afterAll(() => t.close());

describe('who may edit the shop and the catalogue', () => {
  it('admins only: patients and other staff 403, another clinic 404, every call audited', async () => {
    const attempts: [Method, string, unknown?][] = [
      ['GET', '/shop-settings'],
      ['PUT', '/shop-settings', { banners: [], filters: [] }],
      ['GET', '/catalogue'],
      ['POST', '/catalogue', { type: 'supplement', name: 'X', product_name: 'X' }],
      ['PATCH', `/catalogue/${newId()}`, { active: false }],
      [
        'POST',
        `/catalogue/${newId()}/prices`,
        { name: 'X', pricing_type: 'one_time', unit_amount: 1, interval_count: 0 },
      ],
      ['DELETE', `/catalogue/${newId()}/prices/${newId()}`],
    ];
    for (const [method, path, body] of attempts) {
      for (const who of ['care', 'physician']) {
        expect((await call(method, path, body, tokens[who])).statusCode, `${who} ${method} ${path}`).toBe(
          403,
        );
      }
      expect((await call(method, path, body, patient.token)).statusCode, `patient ${method} ${path}`).toBe(
        403,
      );
      // another clinic's admin, on this clinic's path
      expect((await call(method, path, body, tokens.otherAdmin)).statusCode).toBe(404);
    }
    const denied = await rows<{ action: string; outcome: string }>(
      t.database,
      sql`select action, outcome from audit_log where actor_id = ${patient.id} and action like '% /care/:org/%'`,
    );
    expect(denied.length).toBe(attempts.length);
    expect(new Set(denied.map((r) => r.outcome))).toEqual(new Set(['denied']));
  });
});

describe("the shop's banners and filters", () => {
  it('reads what the patient sees, and a saved change is what the patient sees next', async () => {
    const before = json<ShopSettings>(await call('GET', '/shop-settings'));
    expect(before).toEqual(await shopOf());
    expect(before.banners.length).toBeGreaterThan(0);

    const lab = (await catalogue('?type=lab'))[0]!;
    const body: ShopSettingsBody = {
      banners: [
        banner(),
        ...before.banners.slice(0, 1),
        banner({
          title: { value: '  Know your numbers  ', mode: 'dark' },
          action: { type: 'lab-visit', value: lab.id.toUpperCase(), mode: 'dark' },
          background_color: '#fff4e0',
          image: '',
          carousel_indicators: { mode: 'dark' },
        }),
        banner({ action: { type: 'in-app-path', value: '/labs/results', mode: 'light' } }),
      ] as ShopSettingsBody['banners'],
      filters: [
        { type: 'benefits', valid_values: ['Energy', 'Sleep'] },
        { type: 'type', valid_values: ['lab', 'supplement'] },
      ],
    };
    const saved = await call('PUT', '/shop-settings', body);
    expect(saved.statusCode, saved.body).toBe(200);
    const seen = await shopOf();
    expect(json<ShopSettings>(saved)).toEqual(seen);
    expect(seen.banners.map((b) => b.title.value)).toEqual([
      'Spring longevity week',
      before.banners[0]!.title.value,
      'Know your numbers',
      'Spring longevity week',
    ]);
    expect(seen.banners[0]!.background_color).toBe('#0b4a37');
    expect(seen.banners[2]).not.toHaveProperty('image');
    expect(seen.banners[2]!.action).toEqual({ type: 'lab-visit', value: lab.id, mode: 'dark' });
    expect(seen.banners[3]!.action.value).toBe('labs/results');
    expect(seen.filters).toEqual(body.filters);
    // the brand and the other settings stay as they were
    const brand = await t.app.inject({ url: '/organization/search?domain=localhost' });
    expect(json<{ settings: { name?: string } }>(brand).settings.name).toBeTruthy();

    const audit = await rows<{ outcome: string }>(
      t.database,
      sql`select outcome from audit_log where action = 'PUT /care/:org/shop-settings' and outcome = 'allowed'`,
    );
    expect(audit.length).toBe(1);

    // another clinic's shop is untouched
    const other = json<ShopSettings>(
      await call('GET', '/shop-settings', undefined, tokens.otherAdmin, otherOrg),
    );
    expect(other.banners.map((b) => b.title.value)).not.toContain('Spring longevity week');
  });

  it('refuses a bad banner or filter with the field and the reason, and keeps the shop as it was', async () => {
    const kept = await shopOf();
    const bad: [unknown, string, string][] = [
      [
        { banners: [banner({ background_color: 'green' })], filters: [] },
        'body.banners.0.background_color',
        '#RRGGBB',
      ],
      [
        {
          banners: [
            banner({ action: { type: 'external-link', value: 'javascript:alert(1)', mode: 'light' } }),
          ],
          filters: [],
        },
        'body.banners.0.action.value',
        'https://',
      ],
      [
        {
          banners: [banner({ action: { type: 'medication-visit', value: 'rapamycin', mode: 'light' } })],
          filters: [],
        },
        'body.banners.0.action.value',
        'Choose the product',
      ],
      [
        {
          banners: [banner({ action: { type: 'in-app-path', value: '../admin', mode: 'light' } })],
          filters: [],
        },
        'body.banners.0.action.value',
        'portal page',
      ],
      [
        { banners: [banner({ action: { type: 'teleport', value: 'x', mode: 'light' } })], filters: [] },
        'body.banners.0.action.type',
        'what the button does',
      ],
      [
        { banners: [banner({ title: { value: ' ', mode: 'light' } })], filters: [] },
        'body.banners.0.title.value',
        'Write the title.',
      ],
      [
        { banners: [banner({ image: 'ftp://x/y.png' })], filters: [] },
        'body.banners.0.image',
        'image address',
      ],
      [{ banners: [banner({ colour: 'red' })], filters: [] }, 'body.banners.0', ''],
      [
        { banners: [], filters: [{ type: 'type', valid_values: ['lab', 'shoes'] }] },
        'body.filters.0.valid_values.1',
        'not a product type',
      ],
      [
        { banners: [], filters: [{ type: 'benefits', valid_values: ['Sleep', 'sleep'] }] },
        'body.filters.0.valid_values.1',
        'twice',
      ],
      [
        {
          banners: [],
          filters: [
            { type: 'benefits', valid_values: [] },
            { type: 'benefits', valid_values: [] },
          ],
        },
        'body.filters.1.type',
        'once',
      ],
      [{ banners: Array.from({ length: 13 }, () => banner()), filters: [] }, 'body.banners', 'at most 12'],
      [{ filters: [] }, 'body.banners', ''],
    ];
    for (const [payload, path, message] of bad) {
      const res = await call('PUT', '/shop-settings', payload);
      expect(res.statusCode, res.body).toBe(400);
      const fields = json<{ fields: { path: string; message: string }[] }>(res).fields;
      const hit = fields.find((f) => f.path === path);
      expect(hit, `${path} in ${res.body}`).toBeDefined();
      expect(hit!.message).toContain(message);
    }

    // a visit banner must name a product on sale here, a lab visit a lab
    const medication = (await catalogue('?type=medication'))[0]!;
    const labVisit = await call('PUT', '/shop-settings', {
      banners: [banner({ action: { type: 'lab-visit', value: medication.id, mode: 'light' } })],
      filters: [],
    });
    expect(labVisit.statusCode).toBe(400);
    expect(json<{ fields: unknown[] }>(labVisit).fields).toEqual([
      { path: 'body.banners.0.action.value', message: 'A lab visit books a lab: choose a lab product.' },
    ]);
    const otherClinics = (
      await rows<{ id: string }>(
        t.database,
        sql`select id from product_templates where organization_id = ${otherOrg} limit 1`,
      )
    )[0]!.id;
    const foreign = await call('PUT', '/shop-settings', {
      banners: [banner({ action: { type: 'medication-visit', value: otherClinics, mode: 'light' } })],
      filters: [],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toContain('Choose a product the clinic has on sale.');

    expect(await shopOf()).toEqual(kept);
  });
});

describe('the catalogue', () => {
  it('lists every product with its prices, searchable by name and filtered by type', async () => {
    const all = await catalogue();
    expect(all.length).toBeGreaterThan(5);
    expect(all.every((p) => p.prices.length > 0)).toBe(true);
    const labs = await catalogue('?type=lab');
    expect(labs.length).toBeGreaterThan(0);
    expect(labs.every((p) => p.type === 'lab')).toBe(true);
    const found = await catalogue('?q=rapaMYCIN');
    expect(found.length).toBeGreaterThanOrEqual(1);
    expect(found.every((p) => /rapamycin/i.test(`${p.name} ${p.product_name}`))).toBe(true);
    expect(await catalogue('?q=%25')).toEqual([]);
    expect((await call('GET', '/catalogue?type=shoes')).statusCode).toBe(400);
    expect((await call('GET', `/catalogue/${newId()}`)).statusCode).toBe(404);
    // another clinic's product reads as missing
    const foreign = json<CatalogueList>(
      await call('GET', '/catalogue', undefined, tokens.otherAdmin, otherOrg),
    );
    expect((await call('GET', `/catalogue/${foreign.products[0]!.id}`)).statusCode).toBe(404);
    expect((await call('PATCH', `/catalogue/${foreign.products[0]!.id}`, { active: false })).statusCode).toBe(
      404,
    );
  });

  it('a hidden product leaves the shop, and shows again when shown', async () => {
    const listed = (await shopListing()).docs;
    const target = listed.find((d) => d.type === 'supplement')!;
    const hidden = await call('PATCH', `/catalogue/${target._id}`, { show_in_shop: false });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(json<CatalogueProduct>(hidden).show_in_shop).toBe(false);
    expect((await shopListing()).docs.map((d) => d._id)).not.toContain(target._id);
    // still reachable by id for a visit in progress
    expect((await plansOf(target._id)).statusCode).toBe(200);

    await call('PATCH', `/catalogue/${target._id}`, { show_in_shop: true });
    expect((await shopListing()).docs.map((d) => d._id)).toContain(target._id);

    // off sale: gone from the shop and from its plans
    await call('PATCH', `/catalogue/${target._id}`, { active: false });
    expect((await shopListing()).docs.map((d) => d._id)).not.toContain(target._id);
    expect((await plansOf(target._id)).statusCode).toBe(404);
    await call('PATCH', `/catalogue/${target._id}`, { active: true });
  });

  it('adds a product with its copy and tags, hidden until shown, and edits it', async () => {
    const created = await call('POST', '/catalogue', {
      type: 'supplement',
      name: '  Magnesium Glycinate ',
      product_name: 'Magnesium Glycinate 400 mg',
      description: 'For sleep and recovery.',
      product_images: ['/brands/evergreen/products/omega-3.svg'],
      shop: {
        tags: [{ label: 'Sleep', main: true }],
        benefits: [{ title: 'Sleep', description: 'Deeper sleep.' }],
      },
      sort_order: 5,
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = json<CatalogueProduct>(created);
    expect(product).toMatchObject({
      type: 'supplement',
      slug: 'magnesium-glycinate',
      name: 'Magnesium Glycinate',
      show_in_shop: false,
      active: true,
      prices: [],
    });
    const again = json<CatalogueProduct>(
      await call('POST', '/catalogue', {
        type: 'supplement',
        name: 'Magnesium glycinate',
        product_name: 'Mg',
      }),
    );
    expect(again.slug).toBe('magnesium-glycinate-2');
    expect((await shopListing()).docs.map((d) => d._id)).not.toContain(product.id);

    const price = await call('POST', `/catalogue/${product.id}/prices`, {
      name: 'Magnesium, monthly',
      pricing_type: 'recurring',
      unit_amount: 2900,
      interval_count: 1,
      default: true,
    });
    expect(price.statusCode, price.body).toBe(201);
    const shown = await call('PATCH', `/catalogue/${product.id}`, {
      show_in_shop: true,
      description: 'Sleep better.',
    });
    expect(json<CatalogueProduct>(shown)).toMatchObject({ show_in_shop: true, description: 'Sleep better.' });
    const inShop = (await shopListing()).docs.find((d) => d._id === product.id);
    expect(inShop?.shop.tags).toEqual([{ label: 'Sleep', main: true }]);
    // the shop's tag filter finds it
    const tagged = json<ProductTemplatePage>(
      await t.app.inject({ url: '/v2/products?tags=sleep', headers: bearer(patient.token) }),
    );
    expect(tagged.docs.map((d) => d._id)).toContain(product.id);
    const plans = json<Product[]>(await plansOf(product.id));
    expect(plans).toHaveLength(1);
    expect(plans[0]!.pricing).toMatchObject({
      type: 'recurring',
      unit_amount: 2900,
      interval_count: 1,
      default: true,
    });
  });

  it('refuses a bad product or price with the field and the reason', async () => {
    const bad: [Method, string, unknown, string, string][] = [
      ['POST', '/catalogue', { type: 'shoes', name: 'X', product_name: 'X' }, 'body.type', 'type of product'],
      ['POST', '/catalogue', { type: 'lab', name: ' ', product_name: 'X' }, 'body.name', 'Write the name.'],
      [
        'POST',
        '/catalogue',
        { type: 'lab', name: 'X', product_name: 'X', product_images: ['javascript:x'] },
        'body.product_images.0',
        'image address',
      ],
      [
        'POST',
        '/catalogue',
        {
          type: 'lab',
          name: 'X',
          product_name: 'X',
          shop: { tags: [{ label: 'A' }, { label: 'a' }], benefits: [] },
        },
        'body.shop.tags.1.label',
        'twice',
      ],
      [
        'POST',
        '/catalogue',
        { type: 'lab', name: 'X', product_name: 'X', sort_order: 1.5 },
        'body.sort_order',
        'whole number',
      ],
      ['POST', '/catalogue', { type: 'lab', name: 'X', product_name: 'X', slug: 'x' }, 'body', ''],
    ];
    const [first] = await catalogue('?type=supplement');
    bad.push(
      ['PATCH', `/catalogue/${first!.id}`, {}, 'body', 'at least one field'],
      ['PATCH', `/catalogue/${first!.id}`, { type: 'lab' }, 'body', ''],
      ['PATCH', `/catalogue/${first!.id}`, { show_in_shop: 'yes' }, 'body.show_in_shop', 'shop lists it'],
      [
        'POST',
        `/catalogue/${first!.id}/prices`,
        { name: 'P', pricing_type: 'one_time', unit_amount: 100, interval_count: 3 },
        'body.interval_count',
        'One-time'.toLowerCase(),
      ],
      [
        'POST',
        `/catalogue/${first!.id}/prices`,
        { name: 'P', pricing_type: 'recurring', unit_amount: 100, interval_count: 0 },
        'body.interval_count',
        '1 month or more',
      ],
      [
        'POST',
        `/catalogue/${first!.id}/prices`,
        { name: 'P', pricing_type: 'one_time', unit_amount: -1, interval_count: 0 },
        'body.unit_amount',
        'negative',
      ],
      [
        'POST',
        `/catalogue/${first!.id}/prices`,
        { name: 'P', pricing_type: 'one_time', unit_amount: 12.5, interval_count: 0 },
        'body.unit_amount',
        'whole cents',
      ],
    );
    for (const [method, path, payload, field, message] of bad) {
      const res = await call(method, path, payload);
      expect(res.statusCode, `${method} ${path} ${res.body}`).toBe(400);
      const hit = json<{ fields: { path: string; message: string }[] }>(res).fields.find(
        (f) => f.path === field,
      );
      expect(hit, `${field} in ${res.body}`).toBeDefined();
      expect(hit!.message.toLowerCase()).toContain(message.toLowerCase());
    }
    // a price switched to one-time keeps its months only if they are 0
    const price = first!.prices.find((p) => p.pricing_type === 'recurring' && !p.in_use);
    if (price) {
      const res = await call('PATCH', `/catalogue/${first!.id}/prices/${price.id}`, {
        pricing_type: 'one_time',
      });
      expect(res.statusCode).toBe(400);
      expect(json<{ fields: unknown[] }>(res).fields).toEqual([
        { path: 'body.interval_count', message: 'A one-time price has no billing period: 0 months.' },
      ]);
    }
    expect(
      (
        await call('POST', `/catalogue/${newId()}/prices`, {
          name: 'P',
          pricing_type: 'one_time',
          unit_amount: 1,
          interval_count: 0,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("a new price shows in the panel's plans; a price no one bought is deleted, a sold one only deactivated", async () => {
    const [product] = await catalogue('?type=supplement');
    const added = await call('POST', `/catalogue/${product!.id}/prices`, {
      name: 'Six months',
      pricing_type: 'recurring',
      unit_amount: 15000,
      interval_count: 6,
    });
    expect(added.statusCode, added.body).toBe(201);
    const price = json<CataloguePrice>(added);
    expect(price).toMatchObject({ in_use: false, active: true, default: false, currency: 'usd' });
    const plans = json<Product[]>(await plansOf(product!.id));
    expect(plans.map((p) => p._id)).toContain(price.id);
    expect(plans.map((p) => p.pricing.interval_count)).toEqual(
      [...plans.map((p) => p.pricing.interval_count)].sort((a, b) => a - b),
    );

    const renamed = await call('PATCH', `/catalogue/${product!.id}/prices/${price.id}`, {
      name: 'Half a year',
      unit_amount: 14000,
    });
    expect(json<CataloguePrice>(renamed)).toMatchObject({ name: 'Half a year', unit_amount: 14000 });
    const off = await call('PATCH', `/catalogue/${product!.id}/prices/${price.id}`, { active: false });
    expect(json<CataloguePrice>(off).active).toBe(false);
    expect(json<Product[]>(await plansOf(product!.id)).map((p) => p._id)).not.toContain(price.id);

    // an enrolment fee and a free trial reach the panel's plan
    const trial = await call('POST', `/catalogue/${product!.id}/prices`, {
      name: 'Monthly with a trial',
      pricing_type: 'recurring',
      unit_amount: 3000,
      interval_count: 1,
      one_time_fee: 4900,
      trial_period_days: 14,
    });
    expect(trial.statusCode, trial.body).toBe(201);
    const trialPrice = json<CataloguePrice>(trial);
    expect(trialPrice).toMatchObject({
      one_time_fee: 4900,
      trial_period_days: 14,
      billing_scheme: 'per_unit',
    });
    const trialPlan = json<Product[]>(await plansOf(product!.id)).find((p) => p._id === trialPrice.id);
    expect(trialPlan?.pricing).toMatchObject({ one_time_fee: 4900, trial_period_days: 14 });
    const oneTimeTrial = await call('PATCH', `/catalogue/${product!.id}/prices/${trialPrice.id}`, {
      pricing_type: 'one_time',
      interval_count: 0,
    });
    expect(oneTimeTrial.statusCode).toBe(400);
    expect(json<{ fields: unknown[] }>(oneTimeTrial).fields).toEqual([
      { path: 'body.trial_period_days', message: 'Only a recurring price has a free trial.' },
    ]);

    const removed = await call('DELETE', `/catalogue/${product!.id}/prices/${price.id}`);
    expect(json<CataloguePriceRemoval>(removed)).toEqual({ id: price.id, outcome: 'deleted' });
    expect((await call('DELETE', `/catalogue/${product!.id}/prices/${price.id}`)).statusCode).toBe(404);

    // a price an order names: kept for the order, taken off sale, its amount no longer changeable
    const [sold] = await rows<{ id: string; template: string }>(
      t.database,
      sql`select p.id, p.product_template_id as template from products p
          where p.organization_id = ${org} and exists (select 1 from orders o where o.product_id = p.id) limit 1`,
    );
    expect(sold).toBeDefined();
    const soldPrice = json<CatalogueProduct>(await call('GET', `/catalogue/${sold!.template}`)).prices.find(
      (p) => p.id === sold!.id,
    )!;
    expect(soldPrice.in_use).toBe(true);
    const reprice = await call('PATCH', `/catalogue/${sold!.template}/prices/${sold!.id}`, {
      unit_amount: soldPrice.unit_amount + 100,
    });
    expect(reprice.statusCode).toBe(400);
    expect(reprice.body).toContain('add a new price and deactivate this one');
    const gone = await call('DELETE', `/catalogue/${sold!.template}/prices/${sold!.id}`);
    expect(json<CataloguePriceRemoval>(gone)).toEqual({ id: sold!.id, outcome: 'deactivated' });
    const [row] = await rows<{ active: boolean }>(
      t.database,
      sql`select active from products where id = ${sold!.id}`,
    );
    expect(row?.active).toBe(false);

    // a price only a subscription names is in use too
    const [subscribed] = await rows<{ id: string; template: string }>(
      t.database,
      sql`select p.id, p.product_template_id as template from products p
          where p.organization_id = ${org}
            and not exists (select 1 from orders o where o.product_id = p.id)
            and exists (select 1 from subscriptions s, jsonb_array_elements(s.product_plans) as line
                        where s.organization_id = ${org} and line ->> 'product' = p.id)
          limit 1`,
    );
    expect(subscribed).toBeDefined();
    const subscribedPrice = json<CatalogueProduct>(
      await call('GET', `/catalogue/${subscribed!.template}`),
    ).prices.find((p) => p.id === subscribed!.id);
    expect(subscribedPrice?.in_use).toBe(true);
  });
});
