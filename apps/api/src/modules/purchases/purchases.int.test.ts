import type { PurchaseDetails, PurchasesPage } from '@portal/domain/orders/purchases';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/ids';
import { orders } from '../../db/schema/orders';
import { invoices, subscriptions } from '../../db/schema/subscriptions';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;
type Patient = Awaited<ReturnType<typeof signupPatient>>;
type Priced = { id: string; template: string; amount: number; name: string; image: string | null };
let lab: Priced;
let supplement: Priced;
let medication: Priced;

async function priced(type: string): Promise<Priced> {
  const [row] = await rows<Priced>(
    t.database,
    sql`select p.id, p.product_template_id as template, p.unit_amount as amount, pt.product_name as name,
               pt.product_images ->> 0 as image
          from products p join product_templates pt on pt.id = p.product_template_id
         where pt.organization_id = ${org} and pt.type = ${type} and p.active
         order by pt.sort_order, pt.name, p.interval_count limit 1`,
  );
  return row!;
}

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

/** Stores purchases straight in the tables: paging needs more of them than the API makes quickly. */
async function addOrder(p: Patient, product: Priced, status: 'created' | 'paid', daysAgo: number) {
  const id = newId();
  await t.database.db.insert(orders).values({
    id,
    name: `order ${daysAgo}`,
    userId: p.id,
    organizationId: org,
    productTemplateId: product.template,
    productId: product.id,
    status,
    subtotalAmount: product.amount,
    amount: product.amount,
    createdAt: ago(daysAgo),
  });
  if (status === 'paid')
    await t.database.db.insert(invoices).values({
      organizationId: org,
      userId: p.id,
      orderId: id,
      amountDue: product.amount,
      amountPaid: product.amount,
      status: 'paid',
      paidAt: ago(daysAgo),
      createdAt: ago(daysAgo),
    });
  return id;
}

async function addSubscription(
  p: Patient,
  status: 'active' | 'past_due' | 'rescheduled' | 'paused_by_reschedule',
  daysAgo: number,
) {
  const id = newId();
  await t.database.db.insert(subscriptions).values({
    id,
    userId: p.id,
    organizationId: org,
    status,
    type: 'medication',
    name: 'Protocol',
    durationMonths: 3,
    productPlans: [
      {
        product_template: medication.template,
        product: medication.id,
        quantity: 1,
        duration: 3,
        unit_amount: 26100,
      },
      {
        product_template: supplement.template,
        product: supplement.id,
        quantity: 1,
        duration: 3,
        unit_amount: 4500,
      },
    ],
    currentPeriodStart: ago(daysAgo),
    currentPeriodEnd: ago(daysAgo - 90),
    createdAt: ago(daysAgo),
  });
  await t.database.db.insert(invoices).values({
    organizationId: org,
    userId: p.id,
    subscriptionId: id,
    amountDue: 30600,
    amountPaid: 30600,
    status: 'paid',
    periodStart: ago(daysAgo),
    periodEnd: ago(daysAgo - 90),
    createdAt: ago(daysAgo),
  });
  return id;
}

const showcase = (p: Patient, query = '') =>
  t.app.inject({ url: `/v2/users/purchases-showcase${query}`, headers: bearer(p.token) });
const details = (p: Patient, id: string) =>
  t.app.inject({ url: `/v2/users/purchases-showcase/${id}/details`, headers: bearer(p.token) });

let buyer: Patient;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  lab = await priced('lab');
  supplement = await priced('supplement');
  medication = await priced('medication');
  buyer = await signupPatient(t.app, org);
  // 12 purchases, one a day: 9 supplement orders (paid, the oldest unpaid), a lab order, 2 subscriptions.
  for (let day = 1; day <= 9; day += 1)
    ids[`supplement${day}`] = await addOrder(buyer, supplement, day === 9 ? 'created' : 'paid', day + 2);
  ids.lab = await addOrder(buyer, lab, 'created', 1);
  ids.active = await addSubscription(buyer, 'active', 2);
  ids.pastDue = await addSubscription(buyer, 'past_due', 12);
});
afterAll(() => t.close());

describe('GET /v2/users/purchases-showcase', () => {
  it('lists orders and subscriptions newest first, 10 a page, with the paging flags', async () => {
    const first = json<PurchasesPage>(await showcase(buyer));
    expect(first).toMatchObject({
      page: 1,
      totalPages: 2,
      totalDocs: 12,
      limit: 10,
      hasNextPage: true,
      hasPrevPage: false,
    });
    expect(first.docs).toHaveLength(10);
    expect(first.docs.slice(0, 3).map((d) => d._id)).toEqual([ids.lab, ids.active, ids.supplement1]);
    const dates = first.docs.map((d) => d.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);

    const second = json<PurchasesPage>(await showcase(buyer, '?page=2'));
    expect(second).toMatchObject({ page: 2, totalPages: 2, hasNextPage: false, hasPrevPage: true });
    expect(second.docs.map((d) => d._id)).toEqual([ids.supplement9, ids.pastDue]);

    const beyond = json<PurchasesPage>(await showcase(buyer, '?page=5'));
    expect(beyond.docs).toEqual([]);
    expect(beyond).toMatchObject({ totalDocs: 12, hasNextPage: false, hasPrevPage: true });
  });

  it('shows the product, its image, the status label, the amount and the invoice', async () => {
    const page = json<PurchasesPage>(await showcase(buyer));
    const paid = page.docs.find((d) => d._id === ids.supplement1)!;
    expect(paid).toMatchObject({
      kind: 'order',
      product_name: supplement.name,
      product_image: supplement.image,
      product_type: 'supplement',
      status: 'paid',
      status_label: 'Paid',
      amount: supplement.amount,
      currency: 'usd',
      billing_months: null,
    });
    expect(paid.invoice_id).toMatch(/^[0-9a-f]{24}$/);
    const unpaid = page.docs.find((d) => d._id === ids.lab)!;
    expect(unpaid).toMatchObject({ status_label: 'Awaiting Payment', invoice_id: null });
    const sub = page.docs.find((d) => d._id === ids.active)!;
    // Two plans a period: $261.00 + $45.00 = $306.00, named after the first plan's product.
    expect(sub).toMatchObject({
      kind: 'subscription',
      product_name: medication.name,
      product_type: 'medication',
      status_label: 'Active',
      amount: 30600,
      billing_months: 3,
    });
    expect(page.filters.productTypes).toEqual(['lab', 'medication', 'supplement']);
    expect(page.filters.statuses).toEqual([
      { value: 'active', label: 'Active' },
      { value: 'created', label: 'Awaiting Payment' },
      { value: 'past_due', label: 'Failed Payment' },
      { value: 'paid', label: 'Paid' },
    ]);
  });

  it('finds under one status choice every status read under its label (Rescheduled: rescheduled and paused_by_reschedule)', async () => {
    const p = await signupPatient(t.app, org);
    const moved = await addSubscription(p, 'rescheduled', 10);
    const paused = await addSubscription(p, 'paused_by_reschedule', 5);
    await addSubscription(p, 'active', 1);
    const all = json<PurchasesPage>(await showcase(p, ''));
    expect(
      all.filters.statuses
        .filter((s) => s.label === 'Rescheduled')
        .map((s) => s.value)
        .sort(),
    ).toEqual(['paused_by_reschedule', 'rescheduled']);
    for (const status of ['rescheduled', 'paused_by_reschedule']) {
      const page = json<PurchasesPage>(await showcase(p, `?status=${status}`));
      expect(page.docs.map((d) => d._id).sort()).toEqual([moved, paused].sort());
      expect(page.totalDocs).toBe(2);
    }
  });

  it('filters by product type and by status, with totals of the filtered list', async () => {
    const labs = json<PurchasesPage>(await showcase(buyer, '?productType=lab'));
    expect(labs.docs.map((d) => d._id)).toEqual([ids.lab]);
    expect(labs).toMatchObject({ totalDocs: 1, totalPages: 1, hasNextPage: false });

    const meds = json<PurchasesPage>(await showcase(buyer, '?productType=medication&status=past_due'));
    expect(meds.docs.map((d) => d._id)).toEqual([ids.pastDue]);

    const created = json<PurchasesPage>(await showcase(buyer, '?status=created'));
    expect(created.docs.map((d) => d._id)).toEqual([ids.lab, ids.supplement9]);

    const noneRescheduled = json<PurchasesPage>(await showcase(buyer, '?status=rescheduled'));
    expect(noneRescheduled).toMatchObject({ docs: [], totalDocs: 0 });

    const none = json<PurchasesPage>(await showcase(buyer, '?productType=coaching_membership'));
    expect(none).toMatchObject({
      docs: [],
      totalDocs: 0,
      totalPages: 1,
      hasNextPage: false,
      hasPrevPage: false,
    });
    // The filter choices stay those of all the patient's purchases.
    expect(none.filters.productTypes).toEqual(['lab', 'medication', 'supplement']);
  });

  it('refuses unknown filters and pages with a 400', async () => {
    for (const query of ['?page=0', '?page=abc', '?productType=car', '?status=lost', '?sort=asc']) {
      const res = await showcase(buyer, query);
      expect(res.statusCode, query).toBe(400);
      expect(json(res)).toHaveProperty('message');
    }
  });

  it('shows only the caller’s own purchases', async () => {
    const stranger = await signupPatient(t.app, org);
    const page = json<PurchasesPage>(await showcase(stranger));
    expect(page).toMatchObject({ docs: [], totalDocs: 0, page: 1, totalPages: 1 });
    expect((await t.app.inject({ url: '/v2/users/purchases-showcase' })).statusCode).toBe(401);
  });
});

describe('GET /v2/users/purchases-showcase/{orderId}/details', () => {
  it('details an order with its invoice', async () => {
    const res = await details(buyer, ids.supplement1!);
    expect(res.statusCode, res.body).toBe(200);
    const order = json<PurchaseDetails>(res);
    expect(order).toMatchObject({
      _id: ids.supplement1,
      kind: 'order',
      quantity: 1,
      subtotal_amount: supplement.amount,
      discount_amount: 0,
      amount: supplement.amount,
    });
    expect(order.product_description).toBeTruthy();
    expect(order.invoices).toHaveLength(1);
    expect(order.invoices[0]).toMatchObject({
      _id: order.invoice_id,
      status: 'paid',
      amount_paid: supplement.amount,
    });
  });

  it('says when an order was shipped, once it is (null before, and for a subscription)', async () => {
    expect(json<PurchaseDetails>(await details(buyer, ids.supplement1!)).fulfilled_at).toBeNull();
    const shipped = new Date('2026-05-20T15:30:00.000Z');
    await t.database.db
      .update(orders)
      .set({ status: 'fulfilled', fulfilledAt: shipped })
      .where(eq(orders.id, ids.supplement1!));
    const order = json<PurchaseDetails>(await details(buyer, ids.supplement1!));
    expect(order).toMatchObject({ status: 'fulfilled', fulfilled_at: '2026-05-20T15:30:00.000Z' });
    expect(json<PurchaseDetails>(await details(buyer, ids.active!)).fulfilled_at).toBeNull();
    await t.database.db
      .update(orders)
      .set({ status: 'paid', fulfilledAt: null })
      .where(eq(orders.id, ids.supplement1!));
  });

  it('details a subscription with its billing period and invoices', async () => {
    const sub = json<PurchaseDetails>(await details(buyer, ids.active!));
    expect(sub).toMatchObject({ kind: 'subscription', quantity: 2, amount: 30600, billing_months: 3 });
    expect(sub.current_period_start).not.toBeNull();
    expect(sub.invoices.map((i) => i.amount_paid)).toEqual([30600]);
  });

  it("refuses another patient's purchase and an unknown id", async () => {
    const other = await signupPatient(t.app, org);
    expect((await details(other, ids.supplement1!)).statusCode).toBe(403);
    expect((await details(other, ids.active!)).statusCode).toBe(403);
    expect((await details(buyer, 'b'.repeat(24))).statusCode).toBe(404);
    expect((await details(buyer, 'not-an-id')).statusCode).toBe(404);
  });
});
