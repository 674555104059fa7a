import type { Order } from '@portal/domain/contracts/order';
import { MESSAGES } from '@portal/domain/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../platform/pdf/pdf-text';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;
type Priced = { id: string; template: string; amount: number };
let lab: Priced;
let supplementOnce: Priced;
let supplementMonthly: Priced;
type Patient = Awaited<ReturnType<typeof signupPatient>>;

async function priced(slugType: string, pricing: 'one_time' | 'recurring', months: number): Promise<Priced> {
  const [row] = await rows<{ id: string; template: string; amount: number }>(
    t.database,
    sql`select p.id, p.product_template_id as template, p.unit_amount as amount from products p
        join product_templates pt on pt.id = p.product_template_id
        where pt.organization_id = ${org} and pt.type = ${slugType} and p.pricing_type = ${pricing}
          and p.interval_count = ${months} and p.active order by pt.sort_order, pt.name limit 1`,
  );
  return row!;
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  lab = await priced('lab', 'one_time', 0);
  supplementOnce = await priced('supplement', 'one_time', 0);
  supplementMonthly = await priced('supplement', 'recurring', 1);
});
afterAll(() => t.close());

let address = 0;
async function addCard(p: Patient, number = '4242424242424242') {
  const token = json<{ id: string }>(
    await t.app.inject({
      method: 'POST',
      url: '/sandbox/payments/tokens',
      remoteAddress: `10.30.0.${++address}`,
      payload: { number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' },
    }),
  ).id;
  const res = await t.app.inject({
    method: 'POST',
    url: `/billing/${org}/patient/${p.id}/billing/profile/create`,
    headers: bearer(p.token),
    payload: { token, organization: org, user_id: p.id },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

const createOrder = (p: Patient, product: Priced, extra: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/v2/orders/patient',
    headers: bearer(p.token),
    payload: { product_template: product.template, product: product.id, ...extra },
  });
const submit = (p: Patient, orderId: string) =>
  t.app.inject({ method: 'POST', url: `/v2/orders/${orderId}/submit`, headers: bearer(p.token) });
const setState = (p: Patient, state: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/users/${org}/${p.id}`,
    headers: bearer(p.token),
    payload: { state },
  });

describe('POST /v2/orders/patient', () => {
  it('creates an order named by date and product with quantity 1 and the price snapshot', async () => {
    const p = await signupPatient(t.app, org);
    const res = await createOrder(p, lab, { name: 'ignored' });
    expect(res.statusCode, res.body).toBe(200);
    const order = json<Order>(res);
    const today = new Date().toISOString().slice(0, 10).replace(/-/g, '_');
    expect(order.name).toMatch(new RegExp(`^${today} `));
    expect(order.name).not.toContain('-');
    expect(order).toMatchObject({
      user: p.id,
      product: lab.id,
      product_template: lab.template,
      product_type: 'lab',
      quantity: 1,
      status: 'created',
      subtotal_amount: lab.amount,
      discount_amount: 0,
      amount: lab.amount,
      promo_code: null,
    });
  });

  it('takes an applicable coupon off the snapshot and ignores one that does not apply', async () => {
    const p = await signupPatient(t.app, org);
    const discounted = json<Order>(await createOrder(p, lab, { promo_code: 'labs15', quantity: 2 }));
    // 2 x lab price, 15% off, rounded to the cent
    const subtotal = lab.amount * 2;
    const off = Math.round(subtotal * 0.15);
    expect(discounted).toMatchObject({
      quantity: 2,
      promo_code: 'LABS15',
      subtotal_amount: subtotal,
      discount_amount: off,
      amount: subtotal - off,
    });
    const notApplicable = json<Order>(await createOrder(p, supplementOnce, { promo_code: 'LABS15' }));
    expect(notApplicable).toMatchObject({ promo_code: null, discount_amount: 0 });
  });

  it('refuses recurring products, a mismatched template, unknown products and bad bodies', async () => {
    const p = await signupPatient(t.app, org);
    expect((await createOrder(p, supplementMonthly)).statusCode).toBe(400);
    expect((await createOrder(p, { ...lab, template: supplementOnce.template })).statusCode).toBe(400);
    expect((await createOrder(p, { ...lab, id: 'f'.repeat(24) })).statusCode).toBe(404);
    expect((await createOrder(p, lab, { quantity: 0 })).statusCode).toBe(400);
    expect((await createOrder(p, lab, { promo_code: 'bad code!' })).statusCode).toBe(400);
  });
});

describe('POST /v2/orders/{orderId}/submit', () => {
  it('opens one lab report for a paid lab, waiting for the clinic: the patient’s labs show it pending', async () => {
    const p = await signupPatient(t.app, org);
    await setState(p, 'CA');
    await addCard(p);
    const order = json<Order>(await createOrder(p, lab));
    await Promise.all([submit(p, order._id), submit(p, order._id)]);
    const reports = await rows<{ status: string; user_id: string }>(
      t.database,
      sql`select status, user_id from lab_reports where order_id = ${order._id}`,
    );
    expect(reports).toEqual([{ status: 'created', user_id: p.id }]);
    const labs = json<{ docs: { status: string; order: { _id: string } | null }[] }>(
      await t.app.inject({ url: '/v2/labs/results', headers: bearer(p.token) }),
    );
    expect(labs.docs.map((d) => [d.status, d.order?._id])).toEqual([['created', order._id]]);
    // a supplement opens none
    const supplement = json<Order>(await createOrder(p, supplementOnce));
    await submit(p, supplement._id);
    const none = await rows(t.database, sql`select 1 from lab_reports where order_id = ${supplement._id}`);
    expect(none).toEqual([]);
  });

  it('charges once and marks the order paid; a second submit answers the same order', async () => {
    const p = await signupPatient(t.app, org);
    await addCard(p);
    const order = json<Order>(await createOrder(p, supplementOnce));
    const [first, second] = await Promise.all([submit(p, order._id), submit(p, order._id)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const again = await submit(p, order._id);
    expect(json<Order>(again)).toMatchObject({ _id: order._id, status: 'paid' });
    const [stored] = await rows<{ status: string; provider_payment_id: string; submitted_at: Date }>(
      t.database,
      sql`select status, provider_payment_id, submitted_at from orders where id = ${order._id}`,
    );
    expect(stored!.status).toBe('paid');
    expect(stored!.provider_payment_id).toMatch(/^pi_sandbox_/);
    expect(stored!.submitted_at).not.toBeNull();
  });

  it('records the coupon redemption once when the order is paid', async () => {
    const p = await signupPatient(t.app, org);
    await addCard(p);
    const order = json<Order>(await createOrder(p, lab, { promo_code: 'LABS15' }));
    await submit(p, order._id);
    await submit(p, order._id);
    const redemptions = await rows(
      t.database,
      sql`select id from coupon_redemptions where order_id = ${order._id}`,
    );
    expect(redemptions).toHaveLength(1);
  });

  it('refuses a lab for a patient in NY, NJ or RI with the lab restriction message', async () => {
    const p = await signupPatient(t.app, org);
    await addCard(p);
    await setState(p, 'NJ');
    const order = json<Order>(await createOrder(p, lab));
    const res = await submit(p, order._id);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(MESSAGES.labRestrictedState);
    const supplement = json<Order>(await createOrder(p, supplementOnce));
    expect((await submit(p, supplement._id)).statusCode).toBe(200);
    await setState(p, 'CA');
    expect(json<Order>(await submit(p, order._id)).status).toBe('paid');
  });

  it('asks to contact support without a card and leaves the order to retry', async () => {
    const p = await signupPatient(t.app, org);
    const order = json<Order>(await createOrder(p, supplementOnce));
    const res = await submit(p, order._id);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(MESSAGES.missingCardAndAccount);
    await addCard(p);
    expect(json<Order>(await submit(p, order._id)).status).toBe('paid');
  });

  it("refuses another patient's order", async () => {
    const owner = await signupPatient(t.app, org);
    await addCard(owner);
    const order = json<Order>(await createOrder(owner, supplementOnce));
    const other = await signupPatient(t.app, org);
    await addCard(other);
    expect([403, 404]).toContain((await submit(other, order._id)).statusCode);
    expect((await submit(other, 'f'.repeat(24))).statusCode).toBe(404);
    const [stored] = await rows<{ status: string }>(
      t.database,
      sql`select status from orders where id = ${order._id}`,
    );
    expect(stored!.status).toBe('created');
  });
});

describe('GET /orders/{org}/patient/{user}', () => {
  it('lists the patient’s orders newest first and refuses another patient', async () => {
    const p = await signupPatient(t.app, org);
    const a = json<Order>(await createOrder(p, lab));
    const b = json<Order>(await createOrder(p, supplementOnce));
    await rows(t.database, sql`update orders set created_at = now() - interval '1 day' where id = ${a._id}`);
    const res = await t.app.inject({ url: `/orders/${org}/patient/${p.id}`, headers: bearer(p.token) });
    expect(res.statusCode).toBe(200);
    expect(json<Order[]>(res).map((o) => o._id)).toEqual([b._id, a._id]);
    const other = await signupPatient(t.app, org);
    const denied = await t.app.inject({
      url: `/orders/${org}/patient/${p.id}`,
      headers: bearer(other.token),
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('GET /v2/orders/{id}/invoice', () => {
  const invoice = (p: Patient, id: string) =>
    t.app.inject({ url: `/v2/orders/${id}/invoice`, headers: bearer(p.token) });

  it('issues one invoice when the order is paid and serves it as a PDF naming the brand and the amount', async () => {
    const p = await signupPatient(t.app, org, { first_name: 'Ingrid', last_name: 'Invoiced' });
    await addCard(p);
    const order = json<Order>(await createOrder(p, supplementOnce, { quantity: 2 }));
    expect(order.invoice_id).toBeNull();
    const both = await Promise.all([submit(p, order._id), submit(p, order._id)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    // a second submit racing the first may answer the order still being paid: read it once both settled
    const afterBoth = json<Order[]>(
      await t.app.inject({ url: `/orders/${org}/patient/${p.id}`, headers: bearer(p.token) }),
    );
    const invoiceId = afterBoth.find((o) => o._id === order._id)?.invoice_id;
    expect(invoiceId).toMatch(/^[0-9a-f]{24}$/);
    const issued = await rows<{ amount_paid: number; status: string }>(
      t.database,
      sql`select amount_paid, status from invoices where order_id = ${order._id}`,
    );
    expect(issued).toEqual([{ amount_paid: supplementOnce.amount * 2, status: 'paid' }]);

    const res = await invoice(p, order._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="invoice-INV-\d{6}-[0-9A-F]{8}\.pdf"$/,
    );
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Evergreen Longevity');
    expect(text).toContain('Ingrid Invoiced');
    const total = `$${((supplementOnce.amount * 2) / 100).toFixed(2)}`;
    expect(text).toContain(total);

    const listed = json<Order[]>(
      await t.app.inject({ url: `/orders/${org}/patient/${p.id}`, headers: bearer(p.token) }),
    );
    expect(listed.find((o) => o._id === order._id)?.invoice_id).toBe(invoiceId);
  });

  it('answers 404 for an order not paid yet and for an unknown order', async () => {
    const p = await signupPatient(t.app, org);
    const order = json<Order>(await createOrder(p, lab));
    const res = await invoice(p, order._id);
    expect(res.statusCode).toBe(404);
    expect(json(res)).toMatchObject({ text: 'NotFound', message: 'The invoice was not found.' });
    expect((await invoice(p, 'a'.repeat(24))).statusCode).toBe(404);
  });

  it("refuses another patient's invoice, of the same or another organization", async () => {
    const owner = await signupPatient(t.app, org);
    await addCard(owner);
    const order = json<Order>(await createOrder(owner, supplementOnce));
    await submit(owner, order._id);
    const other = await signupPatient(t.app, org);
    const res = await invoice(other, order._id);
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).not.toBe('application/pdf');
    const otherOrg = json<{ _id: string }>(
      await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }),
    )._id;
    const outsider = await signupPatient(t.app, otherOrg);
    expect((await invoice(outsider, order._id)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/v2/orders/${order._id}/invoice` })).statusCode).toBe(401);
  });
});
