import { randomUUID } from 'node:crypto';
import type { CareFulfilmentOrder, CareFulfilmentPage } from '@portal/domain/contracts/fulfilment';
import type { PurchaseDetails, PurchasesPage } from '@portal/domain/orders/purchases';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, readOutbox, rows, type TestApp, waitForMail } from '../../test/harness';
import { type CheckoutKit, checkoutKit, type Patient, VALID_SHIPPING } from '../checkout/checkout-test-kit';
import { notifierFor } from '../notifications/notifier';
import { RENEWAL_QUEUE } from '../subscriptions/renewal-job';
import { shipSubscription } from './ship';

let t: TestApp;
let kit: CheckoutKit;
let org: string;
const tokens: Record<string, string> = {};
const clock = new Date('2026-06-10T17:00:00.000Z');
const prescription = {
  medication: 'Sirolimus (generic rapamycin)',
  strength: '2 mg',
  instructions: 'Take four tablets once a week with food.',
  expires_on: '2027-06-01',
};

const login = async (org: string, email: string) =>
  json<{ token: string }>(
    await t.app.inject({
      method: 'POST',
      url: `/login/${org}`,
      payload: { email, password: 'Demo1234!' },
    }),
  ).token;

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' },
    { now: () => new Date(clock) },
  );
  kit = await checkoutKit(t);
  org = kit.org;
  for (const who of ['care', 'physician', 'admin']) tokens[who] = await login(org, `${who}@evergreen.test`);
});
afterAll(() => t.close());

/** A new patient's rapamycin visit, checked out for review with a card held. */
async function submittedVisit(): Promise<{ patient: Patient; intake: string }> {
  const patient = await kit.patient();
  const intake = await kit.visit(patient, [
    { product: kit.product('generic-rapamycin', 12, '2 mg').id, quantity: 8 },
  ]);
  const m = kit.membership(3);
  const res = await kit.submit(patient, randomUUID(), {
    kind: 'consultation',
    intake,
    membership: { membership: m.membership, price: m.price },
    shipping: VALID_SHIPPING,
    payment: { method: 'new_card', token: await kit.token() },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { patient, intake };
}

const approve = (intake: string) =>
  t.app.inject({
    method: 'POST',
    url: `/care/${org}/visits/${intake}/approve`,
    headers: bearer(tokens.physician!),
    payload: { prescription },
  });

async function approvedPatient() {
  const visit = await submittedVisit();
  const res = await approve(visit.intake);
  expect(res.statusCode, res.body).toBe(200);
  return visit;
}

type ParcelRow = {
  id: string;
  source: string;
  status: string;
  subscription_id: string;
  shipping_address: { street_address?: string; city?: string } | null;
  quantity: number;
  dosage: string | null;
};
const parcelsOf = (patient: Patient) =>
  rows<ParcelRow>(
    t.database,
    sql`select f.id, f.source, f.status, f.subscription_id, f.shipping_address, f.quantity, f.dosage
          from fulfilment_orders f where f.user_id = ${patient.id} order by f.source, f.id`,
  );
const medicationOf = async (patient: Patient) =>
  (
    await rows<{ id: string }>(
      t.database,
      sql`select id from subscriptions where user_id = ${patient.id} and type = 'medication'`,
    )
  )[0]!.id;

const list = (query = '', token = tokens.care!) =>
  t.app.inject({ url: `/care/${org}/fulfilment${query}`, headers: bearer(token) });
const advance = (id: string, payload: object, token = tokens.care!, inOrg = org) =>
  t.app.inject({
    method: 'POST',
    url: `/care/${inOrg}/fulfilment/${id}/advance`,
    headers: bearer(token),
    payload,
  });
const fulfilmentNotices = (patient: Patient) =>
  rows<{ category: string; message: string; data: Record<string, unknown> }>(
    t.database,
    sql`select category, message, data from notifications
         where user_id = ${patient.id} and data ? 'fulfilmentId' order by created_at, message`,
  );

describe('fulfilment orders are created', () => {
  it('on approval, once for the medication (the membership ships nothing), at the address of that moment', async () => {
    const { patient, intake } = await submittedVisit();
    const answers = await Promise.all([approve(intake), approve(intake)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const parcels = await parcelsOf(patient);
    expect(parcels).toHaveLength(1);
    expect(parcels[0]).toMatchObject({
      source: 'approval',
      status: 'awaiting_fulfilment',
      subscription_id: await medicationOf(patient),
      quantity: 8,
      dosage: '2 mg',
      shipping_address: { street_address: '1 Main St', city: 'Austin' },
    });
    // the patient moves: the parcel already asked for keeps its address
    await t.database.db.execute(
      sql`update users set shipping_info = shipping_info || '{"street_address":"9 Elm St"}'::jsonb
           where id = ${patient.id}`,
    );
    expect((await parcelsOf(patient))[0]!.shipping_address).toMatchObject({ street_address: '1 Main St' });
  });

  it('on each paid renewal, once per period', async () => {
    const { patient } = await approvedPatient();
    const sub = await medicationOf(patient);
    // the year paid at approval ended yesterday
    await t.database.db.execute(
      sql`update subscriptions
            set current_period_start = ${new Date(clock.getTime() - 366 * 86_400_000).toISOString()}::timestamptz,
                current_period_end = ${new Date(clock.getTime() - 86_400_000).toISOString()}::timestamptz
          where id = ${sub}`,
    );
    expect(await t.app.ctx.jobs.runDue({ queues: [RENEWAL_QUEUE] })).toBeGreaterThan(0);
    const renewed = (await parcelsOf(patient)).filter((p) => p.source === 'renewal');
    expect(renewed).toHaveLength(1);
    expect(renewed[0]).toMatchObject({ subscription_id: sub, status: 'awaiting_fulfilment' });

    // the same period asked again (a retried job) ships nothing more
    const [row] = await rows<{
      id: string;
      user_id: string;
      organization_id: string;
      type: string;
      product_plans: never;
      current_period_start: Date;
    }>(t.database, sql`select * from subscriptions where id = ${sub}`);
    const key = `renewal-${new Date(clock.getTime() - 86_400_000).toISOString()}`;
    const again = await t.database.db.transaction((tx) =>
      shipSubscription(
        tx as never,
        {
          id: row!.id,
          userId: row!.user_id,
          organizationId: row!.organization_id,
          type: row!.type as 'medication',
          productPlans: row!.product_plans,
        },
        { source: 'renewal', key },
        clock,
      ),
    );
    expect(again).toBe(0);
    expect((await parcelsOf(patient)).filter((p) => p.source === 'renewal')).toHaveLength(1);
  });

  it("on 'Resume Now & Ship', once however often it is sent; a resume at the next period ships nothing", async () => {
    const { patient } = await approvedPatient();
    const sub = await medicationOf(patient);
    // each pause is a new paused state (its own updated_at), as the resume's key tells them apart
    let pauses = 0;
    const pause = () =>
      t.database.db.execute(
        sql`update subscriptions set status = 'paused', pause_collection = '{"behavior":"void","resumes_at":null}'::jsonb,
              updated_at = ${new Date(clock.getTime() + ++pauses * 1000).toISOString()}::timestamptz where id = ${sub}`,
      );
    const resume = (shipNow: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/v2/subscriptions/${sub}/resume`,
        headers: bearer(patient.token),
        payload: { data: { shipNow } },
      });
    await pause();
    const [a, b] = await Promise.all([resume(true), resume(true)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect((await parcelsOf(patient)).map((p) => p.source)).toEqual(['approval', 'resume_now']);

    await pause();
    expect((await resume(false)).statusCode).toBe(200);
    expect((await parcelsOf(patient)).map((p) => p.source)).toEqual(['approval', 'resume_now']);
  });
});

describe('staff move an order to the patient', () => {
  it('through processing, shipped with tracking and delivered, telling the patient at each step', async () => {
    const { patient } = await approvedPatient();
    // e-mail for orders is the patient's choice (off by default): this patient asked for it
    const prefs = await t.app.inject({
      url: `/v2/users/${patient.id}/notification-preferences`,
      headers: bearer(patient.token),
    });
    const choice = json<{ preferences: Record<string, { email: boolean; sms: boolean }> }>(prefs).preferences;
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/v2/users/${patient.id}/notification-preferences`,
      headers: bearer(patient.token),
      payload: { ...choice, order: { email: true, sms: false } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [parcel] = await parcelsOf(patient);

    const waiting = await list('?status=awaiting_fulfilment&limit=100');
    expect(waiting.statusCode, waiting.body).toBe(200);
    const page = json<CareFulfilmentPage>(waiting);
    const item = page.items.find((i) => i._id === parcel!.id);
    expect(item).toMatchObject({
      status: 'awaiting_fulfilment',
      source: 'approval',
      patient: { _id: patient.id },
      product: { dosage: '2 mg', quantity: 8 },
      shipping_address: { street_address: '1 Main St', zip_code: '78701' },
      tracking_number: null,
      moved_by: null,
    });
    expect(item!.product.name).toMatch(/Rapamycin/);
    expect(page.counts.awaiting_fulfilment).toBeGreaterThanOrEqual(1);

    // one step at a time
    const skip = await advance(parcel!.id, { to: 'shipped', tracking_number: '1Z999AA10123456784' });
    expect(skip.statusCode).toBe(409);
    expect(json(skip)).toMatchObject({ text: 'StepOutOfOrder' });

    const processing = await advance(parcel!.id, { to: 'processing' });
    expect(processing.statusCode, processing.body).toBe(200);
    expect(json<CareFulfilmentOrder>(processing)).toMatchObject({
      status: 'processing',
      processing_at: clock.toISOString(),
      moved_by: { first_name: expect.any(String) },
    });
    // a second press of the same step changes nothing and tells nobody twice
    expect((await advance(parcel!.id, { to: 'processing' })).statusCode).toBe(200);
    expect(await fulfilmentNotices(patient)).toHaveLength(1);

    const untracked = await advance(parcel!.id, { to: 'shipped', tracking_number: '  ' });
    expect(untracked.statusCode).toBe(400);
    expect(json(untracked)).toMatchObject({ text: 'TrackingNumberRequired' });
    const shipped = await advance(parcel!.id, {
      to: 'shipped',
      tracking_number: '1Z999AA10123456784',
      carrier: 'UPS',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(json<CareFulfilmentOrder>(shipped)).toMatchObject({
      status: 'shipped',
      tracking_number: '1Z999AA10123456784',
      carrier: 'UPS',
      shipped_at: clock.toISOString(),
    });
    const inShipped = json<CareFulfilmentPage>(await list('?status=shipped&limit=100'));
    expect(inShipped.items.map((i) => i._id)).toContain(parcel!.id);

    // the patient's orders page shows the step and the tracking number
    const purchases = json<PurchasesPage>(
      await t.app.inject({ url: '/v2/users/purchases-showcase', headers: bearer(patient.token) }),
    );
    const medication = purchases.docs.find((d) => d._id === parcel!.subscription_id);
    expect(medication?.fulfilment).toMatchObject({
      _id: parcel!.id,
      status: 'shipped',
      status_label: 'Shipped',
      tracking_number: '1Z999AA10123456784',
      carrier: 'UPS',
    });
    const details = json<PurchaseDetails>(
      await t.app.inject({
        url: `/v2/users/purchases-showcase/${parcel!.subscription_id}/details`,
        headers: bearer(patient.token),
      }),
    );
    expect(details.fulfilled_at).toBe(clock.toISOString());

    const delivered = await advance(parcel!.id, { to: 'delivered' }, tokens.admin!);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await advance(parcel!.id, { to: 'processing' })).statusCode).toBe(409);

    const notices = await fulfilmentNotices(patient);
    expect(notices.map((n) => n.category)).toEqual(['order', 'order', 'order']);
    expect(notices.map((n) => n.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Your order is being prepared/),
        expect.stringMatching(/has shipped with UPS\. Tracking number: 1Z999AA10123456784\.$/),
        expect.stringMatching(/was delivered/),
      ]),
    );
    await waitForMail(t.outboxDir, patient.email);
    await notifierFor(t.app).settled();
    const mails = readOutbox(t.outboxDir).filter(
      (m) => m.to === patient.email && /^Your order/.test(m.subject),
    );
    expect(mails.map((m) => m.subject.replace(/ - .*/, '')).sort()).toEqual([
      'Your order has shipped',
      'Your order is being prepared',
      'Your order was delivered',
    ]);
    const mail = mails.find((m) => m.subject.startsWith('Your order has shipped'))!;
    expect(mail.text).toContain('Tracking number: 1Z999AA10123456784');
    expect(mail.text).not.toMatch(/rapamycin|sirolimus/i);

    // every step is audited against the patient
    await t.app.ctx.audit.flush();
    const audit = await rows<{ outcome: string }>(
      t.database,
      sql`select outcome from audit_log where patient_id = ${patient.id}
           and action = 'POST /care/:org/fulfilment/:id/advance' order by outcome`,
    );
    expect(audit.filter((a) => a.outcome === 'allowed')).toHaveLength(4);
    expect(audit.filter((a) => a.outcome === 'failed')).toHaveLength(3);
  });

  it('lists one step oldest first, a page at a time', async () => {
    await approvedPatient();
    await approvedPatient();
    const first = json<CareFulfilmentPage>(await list('?limit=1'));
    expect(first.items).toHaveLength(1);
    expect(first.next_cursor).not.toBeNull();
    const second = json<CareFulfilmentPage>(
      await list(`?limit=1&cursor=${encodeURIComponent(first.next_cursor!)}`),
    );
    expect(second.items).toHaveLength(1);
    expect(second.items[0]!._id).not.toBe(first.items[0]!._id);
    const [a, b] = [first.items[0]!, second.items[0]!];
    expect(a.created_at < b.created_at || (a.created_at === b.created_at && a._id < b._id)).toBe(true);
    expect((await list('?cursor=not-a-cursor')).statusCode).toBe(400);
    expect((await list('?status=lost')).statusCode).toBe(400);
  });

  it('is refused to a patient, to a physician and to another clinic, and checks its input', async () => {
    const { patient } = await approvedPatient();
    const [parcel] = await parcelsOf(patient);
    expect((await list('', patient.token)).statusCode).toBe(403);
    expect((await advance(parcel!.id, { to: 'processing' }, patient.token)).statusCode).toBe(403);
    expect((await advance(parcel!.id, { to: 'processing' }, tokens.physician!)).statusCode).toBe(403);

    const other = json<{ _id: string }>(
      await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }),
    )._id;
    const foreign = await login(other, 'care@bluecrest.test');
    expect((await advance(parcel!.id, { to: 'processing' }, foreign)).statusCode).toBe(404);
    expect((await advance(parcel!.id, { to: 'processing' }, foreign, other)).statusCode).toBe(404);
    const theirs = json<CareFulfilmentPage>(
      await t.app.inject({ url: `/care/${other}/fulfilment?limit=100`, headers: bearer(foreign) }),
    );
    expect(theirs.items.map((i) => i._id)).not.toContain(parcel!.id);

    expect((await advance(parcel!.id, { to: 'awaiting_fulfilment' })).statusCode).toBe(400);
    expect((await advance(parcel!.id, { to: 'processing', extra: 1 })).statusCode).toBe(400);
    expect((await advance(parcel!.id, {})).statusCode).toBe(400);
    expect((await advance('0'.repeat(24), { to: 'processing' })).statusCode).toBe(404);
    expect((await parcelsOf(patient))[0]!.status).toBe('awaiting_fulfilment');
    expect(await fulfilmentNotices(patient)).toEqual([]);
  });
});
