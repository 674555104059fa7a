/**
 * The shop's budget (issue 15, Speed), on PostgreSQL through the built server, as the patient's browser asks:
 * - the shop's first page (GET /v2/products, the page size the shop uses) of a catalogue of 1,000 products,
 *   unfiltered and filtered by type and by tags: p95 at most 30 ms at 10 clients;
 * - the checkout panel's submit on the payment sandbox (the card field's token, then POST /v2/checkout kind shop
 *   for a one-time supplement with a new card): p95 at most 1 s at 10 patients submitting at once.
 * The 1,000 products go in by SQL beside the clinic's seeded catalogue (generate_series): a third each of
 * supplements, labs and medications, tagged from the clinic's filters, each with a one-time and a quarterly price.
 */
import pg from 'pg';
import { AIMS, type Figure } from './aims';
import {
  type AreaBenchOptions,
  type AreaResults,
  areaFigures,
  call,
  medianOf,
  p95Get,
  percentile,
  type Started,
  signUp,
} from './http-kit';

export const SHOP_LOAD = { products: 1000, clients: 10, pageSize: 9, submitters: 10 } as const;

const PORT = 3906;

/** The clinic's filters (its shop settings): the tags the products carry. */
const TAGS = ['Longevity', 'Metabolic', 'Energy', 'Heart health'];

async function seedCatalogue(pgUrl: string, organizationId: string) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into product_templates (id, organization_id, type, slug, name, product_name, description, shop,
         show_in_shop, sort_order)
       select 'b0' || lpad(to_hex(n), 22, '0'), $1,
         (array['supplement', 'lab', 'medication'])[n % 3 + 1], 'bench-product-' || n, 'Bench Product ' || n,
         'Bench Product ' || n, 'A product of the bench catalogue, described as a clinic would describe it.',
         jsonb_build_object('benefits', '[]'::jsonb, 'tags', jsonb_build_array(
           jsonb_build_object('label', ($2::text[])[n % 4 + 1], 'main', true),
           jsonb_build_object('label', ($2::text[])[(n / 4) % 4 + 1]))),
         n % 10 <> 0, 100 + n
       from generate_series(1, $3::int) n`,
      [organizationId, TAGS, SHOP_LOAD.products],
    );
    await client.query(
      `insert into products (id, product_template_id, organization_id, type, name, pricing_type, unit_amount,
         interval_count, is_default)
       select 'b1' || lpad(to_hex(n * 2 + k), 22, '0'), 'b0' || lpad(to_hex(n), 22, '0'), $1,
         (array['supplement', 'lab', 'medication'])[n % 3 + 1], 'Bench Product ' || n,
         case when k = 0 then 'one_time' else 'recurring' end, 2000 + (n % 50) * 100, k * 3, k = 1
       from generate_series(1, $2::int) n, generate_series(0, 1) k`,
      [organizationId, SHOP_LOAD.products],
    );
    await client.query('commit');
    await client.query('analyze product_templates; analyze products');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

type Page = { totalDocs: number; docs: { _id: string }[] };
const SHIPPING = {
  shipping_info: {
    first_name: 'Bench',
    last_name: 'Patient',
    street_address: '1 Main St',
    apt_suite: '',
    city: 'Austin',
    state: 'TX',
    zip_code: '78701',
    country: 'us',
    phone_number: '(512) 555-0188',
  },
};

/** The one-time price of the clinic's seeded Omega-3 supplement, the product the panel sells. */
async function oneTimeSupplement(pgUrl: string, organizationId: string): Promise<string> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `select p.id from products p join product_templates t on t.id = p.product_template_id
        where t.organization_id = $1 and t.slug = 'omega-3-longevity-blend' and p.pricing_type = 'one_time'
          and p.active limit 1`,
      [organizationId],
    );
    if (!rows[0]) throw new Error('the clinic sells no one-time Omega-3 supplement');
    return rows[0].id;
  } finally {
    await client.end();
  }
}

/** One panel submit as the browser sends it: the card field's token, then the checkout. Its time in ms. */
async function submitOnce(base: string, token: string, product: string): Promise<number> {
  const started = performance.now();
  const card = await call<{ id: string }>(`${base}/sandbox/payments/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ number: '4242424242424242', exp_month: 12, exp_year: 2035, cvc: '123' }),
  });
  await call(`${base}/v2/checkout`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify({
      kind: 'shop',
      items: [{ product, quantity: 1 }],
      shipping: SHIPPING,
      payment: { method: 'new_card', token: card.id },
    }),
  });
  return performance.now() - started;
}

/** Seeds the catalogue on a server of its own (PostgreSQL), checks the answers, then measures. */
export async function benchShop<S extends Started>(opts: AreaBenchOptions<S>): Promise<AreaResults> {
  const server = await opts.start({ DATABASE_URL: opts.pgUrl, DATA_DIR: opts.dataDir }, PORT);
  try {
    const { base } = server;
    const { token, organizationId } = await signUp(base, 'Shop');
    await seedCatalogue(opts.pgUrl, organizationId);
    const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
    const size = SHOP_LOAD.pageSize;
    const paths = {
      all: `/v2/products?page=1&limit=${size}`,
      type: `/v2/products?page=1&limit=${size}&product_type=supplement`,
      tags: `/v2/products?page=1&limit=${size}&product_type=supplement,lab&tags=Energy,Heart%20health`,
    };
    // the answers are what the figures claim before they are timed: 900 of the 1,000 are listed
    const all = await call<Page>(`${base}${paths.all}`, { headers });
    if (all.totalDocs < (SHOP_LOAD.products * 9) / 10 || all.docs.length !== size)
      throw new Error(`the shop lists ${all.totalDocs} products, ${all.docs.length} on its first page`);
    const tagged = await call<Page>(`${base}${paths.tags}`, { headers });
    if (tagged.totalDocs < 100) throw new Error(`the tag filter finds ${tagged.totalDocs} products`);
    const seconds = Math.min(opts.seconds, 3);
    const measured = [
      { name: `first page of ${all.totalDocs}, no filter`, path: paths.all },
      { name: 'first page, supplements', path: paths.type },
      { name: `first page, 2 types and 2 tags (${tagged.totalDocs})`, path: paths.tags },
    ];
    const rounds = Math.max(1, Math.min(opts.rounds ?? 3, 5));
    const runs = measured.map(() => ({ p95: [] as number[], count: 0 }));
    for (let round = 0; round < rounds; round++)
      for (let k = 0; k < measured.length; k++) {
        const i = (k + round) % measured.length;
        const m = await p95Get(base, token, measured[i]!.path, seconds, SHOP_LOAD.clients);
        runs[i]!.p95.push(m.p95);
        runs[i]!.count += m.count;
      }
    const results: AreaResults = measured.map((m, i) => ({
      name: rounds > 1 ? `${m.name}, median of ${rounds} rounds` : m.name,
      p95: medianOf(runs[i]!.p95),
      count: runs[i]!.count,
      aim: AIMS.shop.pageP95,
    }));

    // the panel's submit: patients of their own, each buying the supplement once per round, all at once
    const patients = await Promise.all(
      Array.from({ length: SHOP_LOAD.submitters }, () => signUp(base, 'Buyer')),
    );
    const product = await oneTimeSupplement(opts.pgUrl, organizationId);
    await submitOnce(base, patients[0]!.token, product);
    const submits: number[] = [];
    for (let round = 0; round < Math.max(3, rounds * 2); round++)
      submits.push(...(await Promise.all(patients.map((p) => submitOnce(base, p.token, product)))));
    results.push({
      name: `panel submit, ${SHOP_LOAD.submitters} patients at once`,
      p95: percentile(submits, 95),
      count: submits.length,
      aim: AIMS.shop.submitP95,
    });
    return results;
  } finally {
    await opts.stop(server);
  }
}

export function shopFigures(shop: AreaResults): Figure[] {
  return areaFigures(
    `Shop (PostgreSQL, ${SHOP_LOAD.products} more products in the catalogue, ${SHOP_LOAD.clients} clients, p95)`,
    shop,
  );
}
