import { randomUUID } from 'node:crypto';
import type { CheckoutResult } from '@portal/domain/contracts/checkout-submit';
import type { Order } from '@portal/domain/contracts/order';
import type { Purchase, PurchaseDetails, PurchasesPage } from '@portal/domain/orders/purchases';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../platform/pdf/pdf-text';
import { bearer, createTestApp, json, rows, type TestApp } from '../../test/harness';
import { type CheckoutKit, checkoutKit, type Patient, VALID_SHIPPING } from '../checkout/checkout-test-kit';

/**
 * The Orders page's reads agree (002 §7.2): the purchases showcase, its details, the order invoice and the orders
 * list name the same ids, patient-facing product names, amounts in cents, statuses and dates for a one-time
 * supplement, a recurring plan and a lab bought from the shop.
 */

let t: TestApp;
let kit: CheckoutKit;
let patient: Patient;
const bought: { supplement: string; plan: string; lab: string } = { supplement: '', plan: '', lab: '' };
/** Each template's patient-facing name (product_name) and its short, internal one (name). */
let names: Record<string, { name: string; product_name: string }>;

const shop = (product: string, token: string | null) => ({
  kind: 'shop' as const,
  items: [{ product, quantity: 1 }],
  shipping: VALID_SHIPPING,
  payment: token ? { method: 'new_card' as const, token } : { method: 'saved_card' as const },
});

async function buy(product: string, token: string | null): Promise<CheckoutResult> {
  const res = await kit.submit(patient, randomUUID(), shop(product, token));
  expect(res.statusCode, res.body).toBe(200);
  return json<CheckoutResult>(res);
}

const get = async <T>(url: string) => {
  const res = await t.app.inject({ url, headers: bearer(patient.token) });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return json<T>(res);
};

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  kit = await checkoutKit(t);
  patient = await kit.patient();
  const supplement = await buy(kit.product('urolithin-a', 0).id, await kit.token());
  const plan = await buy(kit.product('omega-3-longevity-blend', 3).id, null);
  const lab = await buy(kit.product('longevity-essentials-panel', 0).id, null);
  bought.supplement = supplement.orders[0]!;
  bought.plan = plan.subscriptions[0]!;
  bought.lab = lab.orders[0]!;
  const templates = await rows<{ slug: string; name: string; product_name: string }>(
    t.database,
    sql`select slug, name, product_name from product_templates where organization_id = ${kit.org}`,
  );
  names = Object.fromEntries(templates.map((r) => [r.slug, { name: r.name, product_name: r.product_name }]));
});
afterAll(() => t.close());

describe('the Orders page’s reads agree on what was bought', () => {
  it('the showcase lists the three purchases with patient-facing names, newest first', async () => {
    const page = await get<PurchasesPage>('/v2/users/purchases-showcase');
    expect(page.totalDocs).toBe(3);
    expect(page.docs.map((d) => d._id)).toEqual([bought.lab, bought.plan, bought.supplement]);
    const byId = Object.fromEntries(page.docs.map((d) => [d._id, d]));
    expect(byId[bought.supplement]).toMatchObject({
      kind: 'order',
      product_type: 'supplement',
      product_name: names['urolithin-a']!.product_name,
    });
    expect(byId[bought.plan]).toMatchObject({
      kind: 'subscription',
      product_type: 'supplement',
      product_name: names['omega-3-longevity-blend']!.product_name,
      billing_months: 3,
    });
    expect(byId[bought.lab]).toMatchObject({
      kind: 'order',
      product_type: 'lab',
      product_name: names['longevity-essentials-panel']!.product_name,
    });
    // the seed's Urolithin A has a short internal name besides its display name: the test can tell them apart
    expect(names['urolithin-a']!.product_name).not.toBe(names['urolithin-a']!.name);
  });

  it('each one-time order reads the same in the showcase, its details, the orders list and its invoice', async () => {
    const showcase = (await get<PurchasesPage>('/v2/users/purchases-showcase')).docs;
    const list = await get<Order[]>(`/orders/${kit.org}/patient/${patient.id}`);
    for (const [slug, id] of [
      ['urolithin-a', bought.supplement],
      ['longevity-essentials-panel', bought.lab],
    ] as const) {
      const doc = showcase.find((d) => d._id === id)!;
      const order = list.find((o) => o._id === id);
      const details = await get<PurchaseDetails>(`/v2/users/purchases-showcase/${id}/details`);
      expect(order, slug).toBeDefined();
      const productName = names[slug]!.product_name;

      expect(order!.product_name, slug).toBe(productName);
      expect(details.product_name, slug).toBe(productName);
      expect(order!.name, slug).toBe(doc.name);
      expect(details.name, slug).toBe(doc.name);

      expect(doc.amount, slug).toBeGreaterThan(0);
      expect(order!.amount, slug).toBe(doc.amount);
      expect(details.amount, slug).toBe(doc.amount);
      expect(details.subtotal_amount - details.discount_amount, slug).toBe(doc.amount);
      expect(order!.subtotal_amount, slug).toBe(details.subtotal_amount);
      expect(order!.discount_amount, slug).toBe(details.discount_amount);
      expect(order!.quantity, slug).toBe(details.quantity);

      expect(order!.status, slug).toBe(doc.status);
      expect(details.status, slug).toBe(doc.status);
      expect(details.status_label, slug).toBe(doc.status_label);

      expect(order!.created_at, slug).toBe(doc.created_at);
      expect(details.created_at, slug).toBe(doc.created_at);
      expect(order!.submitted_at, slug).toBe(details.submitted_at);

      // the paid invoice: the same id everywhere, for the amount charged
      expect(doc.invoice_id, slug).toMatch(/^[0-9a-f]{24}$/);
      expect(order!.invoice_id, slug).toBe(doc.invoice_id);
      expect(details.invoice_id, slug).toBe(doc.invoice_id);
      expect(
        details.invoices.map((i) => [i._id, i.status, i.amount_paid]),
        slug,
      ).toEqual([[doc.invoice_id, 'paid', doc.amount]]);

      const pdf = await t.app.inject({ url: `/v2/orders/${id}/invoice`, headers: bearer(patient.token) });
      expect(pdf.statusCode, slug).toBe(200);
      const text = pdfText(pdf.rawPayload);
      expect(text, slug).toContain(productName);
      expect(text, slug).toContain(`$${(doc.amount / 100).toFixed(2)}`);
      const issued = new Date(details.invoices[0]!.paid_at ?? details.invoices[0]!.created_at);
      const day = issued.toLocaleDateString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      });
      expect(text, slug).toContain(`Date issued: ${day}`);
    }
  });

  it('the recurring plan reads the same in the showcase and its details; nothing is invoiced before approval', async () => {
    const doc = (await get<PurchasesPage>('/v2/users/purchases-showcase')).docs.find(
      (d): d is Purchase => d._id === bought.plan,
    )!;
    const details = await get<PurchaseDetails>(`/v2/users/purchases-showcase/${bought.plan}/details`);
    expect(details).toMatchObject({
      _id: doc._id,
      kind: 'subscription',
      name: doc.name,
      product_name: names['omega-3-longevity-blend']!.product_name,
      amount: doc.amount,
      subtotal_amount: doc.amount,
      status: doc.status,
      status_label: doc.status_label,
      billing_months: 3,
      invoice_id: null,
      created_at: doc.created_at,
      invoices: [],
    });
    // the price of a period, in cents, as the plan was bought
    expect(doc.amount).toBe(kit.product('omega-3-longevity-blend', 3).unit_amount);
    const [stored] = await rows<{ status: string; created_at: Date }>(
      t.database,
      sql`select status, created_at from subscriptions where id = ${bought.plan}`,
    );
    expect(doc.status).toBe(stored!.status);
    expect(doc.created_at).toBe(new Date(stored!.created_at).toISOString());
    expect(
      await kit.count(sql`select count(*) as n from invoices where subscription_id = ${bought.plan}`),
    ).toBe(0);
    // a subscription is no one-time order: the orders list leaves it to the showcase
    const list = await get<Order[]>(`/orders/${kit.org}/patient/${patient.id}`);
    expect(list.map((o) => o._id).sort()).toEqual([bought.supplement, bought.lab].sort());
  });

  it('a plan of two units, or a tiered plan, reads at what a period bills in both the showcase and its details', async () => {
    const unit = kit.product('omega-3-longevity-blend', 3).unit_amount;
    const read = async () => {
      const doc = (await get<PurchasesPage>('/v2/users/purchases-showcase')).docs.find(
        (d) => d._id === bought.plan,
      )!;
      const details = await get<PurchaseDetails>(`/v2/users/purchases-showcase/${bought.plan}/details`);
      return [doc.amount, details.amount, details.subtotal_amount, details.quantity];
    };
    await t.database.db.execute(
      sql`update subscriptions set product_plans = jsonb_set(product_plans, '{0,quantity}', '2') where id = ${bought.plan}`,
    );
    expect(await read()).toEqual([unit * 2, unit * 2, unit * 2, 2]);
    await t.database.db.execute(
      sql`update subscriptions set product_plans = jsonb_set(product_plans, '{0,period_amount}', '12345') where id = ${bought.plan}`,
    );
    expect(await read()).toEqual([12345, 12345, 12345, 2]);
  });
});
