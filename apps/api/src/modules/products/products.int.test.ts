import { COMPOUNDED_RAPAMYCIN_FROM_USD, GENERIC_RAPAMYCIN_FROM_USD } from '@portal/domain/constants';
import type { Product, ProductTemplate, ProductTemplatePage } from '@portal/domain/contracts/product';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let orgA: string;
let orgB: string;
let token: string;
/** Template ids by slug, per organization. */
let a: Record<string, string>;
let b: Record<string, string>;

async function templateIds(org: string) {
  const found = await rows<{ id: string; slug: string }>(
    t.database,
    sql`select id, slug from product_templates where organization_id = ${org}`,
  );
  return Object.fromEntries(found.map((r) => [r.slug, r.id]));
}

beforeAll(async () => {
  t = await createTestApp();
  orgA = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  orgB = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }))._id;
  token = (await signupPatient(t.app, orgA)).token;
  a = await templateIds(orgA);
  b = await templateIds(orgB);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = bearer(token)) => t.app.inject({ url, headers });

describe('GET /product/{org}/template/{id}', () => {
  it('serves a product template in the documents’ fields', async () => {
    const res = await get(`/product/${orgA}/template/${a['generic-rapamycin']}`);
    expect(res.statusCode).toBe(200);
    const template = json<ProductTemplate>(res);
    expect(template).toMatchObject({
      _id: a['generic-rapamycin'],
      organization: orgA,
      type: 'medication',
      name: 'Generic Rapamycin',
      product_name: 'Generic Rapamycin (Sirolimus)',
      medication_type: 'generic',
      medicationType: 'generic',
      dose_quantity: 1,
      dose_recommendation: 24,
      membership: null,
      settings: {
        recommendation_request: true,
        exclusive_group: 'rapamycin',
        protocol: { featured: true, order: 1 },
      },
    });
    expect(template.intake_template).toMatch(/^[0-9a-f]{24}$/);
    expect(template.dosage_strengths.map((s) => s.strength)).toEqual(['1 mg', '2 mg', '5 mg']);
    expect(template.dosage_frequencies[0]).toMatchObject({
      frequency: { label: 'Once weekly', count: 1 },
      has_custom_quantity: true,
      custom_quantity: { min: 4, max: 24, default: 4 },
    });
    expect(template.shipping_frequencies.find((f) => f.default)).toMatchObject({
      months: 12,
      best_value: true,
    });
    expect(template.shop.benefits.map((x) => x.title)).toEqual([
      'High Quality',
      '3x Bioavailability',
      'More Clinically Effective',
    ]);
  });

  it('serves the protocol cards of 000 §2 Screen 7 from the catalogue: group, order, names, benefits and starting prices', async () => {
    const cards = [
      { slug: 'generic-rapamycin', fromUsd: GENERIC_RAPAMYCIN_FROM_USD },
      { slug: 'compounded-rapamycin', fromUsd: COMPOUNDED_RAPAMYCIN_FROM_USD },
    ];
    const served = await Promise.all(
      cards.map(async ({ slug }) => {
        const template = json<ProductTemplate>(await get(`/product/${orgA}/template/${a[slug]}`));
        const variants = json<Product[]>(await get(`/product/${orgA}/template/${a[slug]}/products`));
        return { template, variants };
      }),
    );
    expect(served.map(({ template }) => [template.name, template.settings.protocol])).toEqual([
      ['Generic Rapamycin', { featured: true, order: 1 }],
      ['Compounded Rapamycin', { order: 2 }],
    ]);
    expect(new Set(served.map(({ template }) => template.settings.exclusive_group))).toEqual(
      new Set(['rapamycin']),
    );
    expect(served[1]!.template.shop.benefits.map((x) => x.title)).toEqual([
      'Enteric-coated capsules',
      'Lower Bioavailability',
      'Lower Clinical Efficacy',
    ]);
    served.forEach(({ variants }, i) => {
      const cheapest = Math.min(...variants.map((v) => v.pricing.per_month_cost ?? Infinity));
      expect(cheapest).toBe(cards[i]!.fromUsd * 100);
    });
  });

  it('embeds the membership of a coaching product with its prices', async () => {
    const template = json<ProductTemplate>(await get(`/product/${orgA}/template/${a['longevity-coaching']}`));
    expect(template.type).toBe('coaching_membership');
    expect(template.membership?.prices.map((p) => [p.recurring.interval_count, p.unit_amount])).toEqual([
      [1, 14900],
      [3, 39900],
    ]);
    expect(template.membership?.event_link).toContain('https://');
  });

  it("answers 404 for another organization's template, an unknown id, and 401 without a token", async () => {
    expect((await get(`/product/${orgA}/template/${b['generic-rapamycin']}`)).statusCode).toBe(404);
    expect((await get(`/product/${orgA}/template/${'0'.repeat(24)}`)).statusCode).toBe(404);
    expect((await get(`/product/${orgB}/template/${b['generic-rapamycin']}`)).statusCode).toBe(404);
    expect((await get(`/product/${orgA}/template/${a['generic-rapamycin']}`, {})).statusCode).toBe(401);
  });
});

describe('GET /product/{org}/template/{id}/products', () => {
  it('lists the priced variants by interval count; generic rapamycin starts at 8700 cents a month', async () => {
    const res = await get(`/product/${orgA}/template/${a['generic-rapamycin']}/products`);
    expect(res.statusCode).toBe(200);
    const variants = json<Product[]>(res);
    expect(variants).toHaveLength(12);
    const intervals = variants.map((v) => v.pricing.interval_count);
    expect(intervals).toEqual([...intervals].sort((x, y) => x - y));
    const cheapest = Math.min(...variants.map((v) => v.pricing.per_month_cost ?? Infinity));
    expect(cheapest).toBe(8700);
    const yearly1mg = variants.find(
      (v) => v.pricing.interval_count === 12 && v.plan_properties.dosage_size === '1 mg',
    );
    expect(yearly1mg).toMatchObject({
      product_template: a['generic-rapamycin'],
      type: 'medication',
      stripe_price_id: null,
      pricing: {
        type: 'recurring',
        unit_amount: 104400,
        default: true,
        interval_count: 12,
        per_month_cost: 8700,
        recurring: { is_recurring: true },
      },
      plan_properties: { dosage_frequency: 'weekly', units_per_month: 4, unit_form: 'tablet' },
    });
  });

  it('puts a one-time price first, not recurring and without a per-month cost', async () => {
    const variants = json<Product[]>(await get(`/product/${orgA}/template/${a['urolithin-a']}/products`));
    expect(variants.map((v) => v.pricing.interval_count)).toEqual([0, 1, 3]);
    expect(variants[0]!.pricing).toMatchObject({
      type: 'one_time',
      per_month_cost: null,
      recurring: { is_recurring: false },
    });
  });

  it("answers 404 for another organization's template", async () => {
    expect((await get(`/product/${orgA}/template/${b['generic-rapamycin']}/products`)).statusCode).toBe(404);
  });
});

describe('GET /product-templates/{org}/many', () => {
  it('takes comma-joined or repeated ids, keeps their order and leaves out ids it does not serve', async () => {
    const ids = [a['urolithin-a'], a['generic-rapamycin'], b['nad-nasal-spray']];
    const joined = json<ProductTemplate[]>(await get(`/product-templates/${orgA}/many?ids=${ids.join(',')}`));
    expect(joined.map((x) => x._id)).toEqual([a['urolithin-a'], a['generic-rapamycin']]);
    const repeated = json<ProductTemplate[]>(
      await get(`/product-templates/${orgA}/many?${ids.map((id) => `ids=${id}`).join('&')}`),
    );
    expect(repeated).toEqual(joined);
  });

  it('answers 400 for missing, malformed or too many ids and for unknown parameters', async () => {
    const many = Array.from({ length: 51 }, () => a['generic-rapamycin']).join(',');
    for (const query of ['', '?ids=', '?ids=nope', `?ids=${many}`, `?ids=${a['nad-nasal-spray']}&x=1`]) {
      expect((await get(`/product-templates/${orgA}/many${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('GET /v2/products/{id}/public', () => {
  it('serves a template before sign-in, for the organization of the header or of the host', async () => {
    const byHost = await t.app.inject({
      url: `/v2/products/${a['longevity-essentials-panel']}/public`,
      headers: { host: 'localhost:3000' },
    });
    expect(byHost.statusCode).toBe(200);
    expect(json<ProductTemplate>(byHost)).toMatchObject({ type: 'lab', organization: orgA });
    const byHeader = await t.app.inject({
      url: `/v2/products/${b['urolithin-a']}/public`,
      headers: { host: 'localhost', organization: orgB },
    });
    expect(json<ProductTemplate>(byHeader)).toMatchObject({ type: 'supplement', organization: orgB });
  });

  it("answers 404 for another organization's product and 400 for a bad organization header", async () => {
    const wrongHost = await t.app.inject({
      url: `/v2/products/${a['generic-rapamycin']}/public`,
      headers: { host: '127.0.0.1:3000' },
    });
    expect(wrongHost.statusCode).toBe(404);
    const wrongHeader = await t.app.inject({
      url: `/v2/products/${a['generic-rapamycin']}/public`,
      headers: { organization: orgB },
    });
    expect(wrongHeader.statusCode).toBe(404);
    const badHeader = await t.app.inject({
      url: `/v2/products/${a['generic-rapamycin']}/public`,
      headers: { organization: 'x'.repeat(300) },
    });
    expect(badHeader.statusCode).toBe(400);
  });
});

describe('GET /v2/products', () => {
  const page = async (query: string) => {
    const res = await get(`/v2/products${query}`);
    expect(res.statusCode, query).toBe(200);
    return json<ProductTemplatePage>(res);
  };

  it('lists the products shown in the shop of the caller’s organization, in pages', async () => {
    const all = await page('');
    expect(all).toMatchObject({ page: 1, totalPages: 1, hasNextPage: false, hasPrevPage: false });
    expect(all.docs.every((d) => d.organization === orgA && d.show_in_shop)).toBe(true);
    expect(all.docs.map((d) => d._id)).not.toContain(a.acarbose);
    expect(all.totalDocs).toBe(all.docs.length);
    expect(all.totalDocs).toBe(Object.keys(a).length - 1);

    const first = await page('?limit=4');
    expect(first).toMatchObject({ page: 1, totalPages: Math.ceil(all.totalDocs / 4), hasNextPage: true });
    expect(first.hasPrevPage).toBe(false);
    const last = await page(`?limit=4&page=${first.totalPages}`);
    expect(last).toMatchObject({ hasNextPage: false, hasPrevPage: true });
    const seen = [];
    for (let p = 1; p <= first.totalPages; p++) seen.push(...(await page(`?limit=4&page=${p}`)).docs);
    expect(seen.map((d) => d._id)).toEqual(all.docs.map((d) => d._id));
    expect((await page(`?limit=4&page=${first.totalPages + 1}`)).docs).toEqual([]);
  });

  it('filters by product type and by any of the comma-joined tags', async () => {
    const labs = await page('?product_type=lab');
    expect(labs.docs.map((d) => d.type)).toEqual(['lab', 'lab']);
    const energy = await page('?tags=Energy');
    expect(energy.docs.map((d) => d.slug).sort()).toEqual(['nad-nasal-spray', 'urolithin-a']);
    const either = await page('?tags=energy,Metabolic');
    expect(either.docs.map((d) => d.slug).sort()).toEqual(['metformin-er', 'nad-nasal-spray', 'urolithin-a']);
    const supplementsForEnergy = await page('?product_type=supplement&tags=Energy');
    expect(supplementsForEnergy.docs.map((d) => d.slug)).toEqual(['urolithin-a']);
    const labsAndSupplements = await page('?product_type=lab,supplement');
    expect(labsAndSupplements.docs.map((d) => d.type).sort()).toEqual([
      'lab',
      'lab',
      'supplement',
      'supplement',
    ]);
    expect((await page('?product_type=all')).totalDocs).toBe((await page('')).totalDocs);
    expect((await page('?tags=Energy&tags=Metabolic')).totalDocs).toBe(either.totalDocs);
    expect(await page('?tags=Nothing')).toMatchObject({ docs: [], totalDocs: 0, totalPages: 0 });
  });

  it("never lists another clinic's products, whatever the filters", async () => {
    const other = (await signupPatient(t.app, orgB)).token;
    const theirs = new Set(Object.values(b));
    for (const query of ['', '?product_type=lab,supplement,medication', '?tags=Energy,Labs,Longevity']) {
      const mine = await page(query);
      expect(
        mine.docs.some((d) => theirs.has(d._id)),
        query,
      ).toBe(false);
      const res = await get(`/v2/products${query}`, bearer(other));
      const docs = json<ProductTemplatePage>(res).docs;
      expect(docs.length).toBeGreaterThan(0);
      expect(docs.every((d) => d.organization === orgB && theirs.has(d._id))).toBe(true);
    }
  });

  it('answers 400 for bad paging, unknown types or parameters and oversized tags; 401 without a token', async () => {
    for (const query of [
      '?page=0',
      '?page=abc',
      '?limit=500',
      '?product_type=pets',
      '?sort=name',
      `?tags=${'x'.repeat(600)}`,
    ]) {
      expect((await get(`/v2/products${query}`)).statusCode, query).toBe(400);
    }
    expect((await get('/v2/products', {})).statusCode).toBe(401);
  });
});
