import type { SubscriptionDetails } from '@portal/domain/contracts/subscription';
import { rescheduleTimeOf } from '@portal/domain/subscriptions/reschedule';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { newId } from '../../db/ids';
import { subscriptions } from '../../db/schema/subscriptions';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';
import { RENEWAL_QUEUE } from './renewal-job';

let t: TestApp;
let org: string;
let template: string;
let product: string;
type Patient = Awaited<ReturnType<typeof signupPatient>>;

const DAY = 86_400_000;
const daysFromNow = (n: number) => new Date(Date.now() + n * DAY);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** The server's clock: the subscriptions here are dated from today, and the renewal steps move it. */
let clock = new Date();

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' }, { now: () => clock });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  const [p] = await rows<{ id: string; template: string }>(
    t.database,
    sql`select p.id, pt.id as template from products p join product_templates pt on pt.id = p.product_template_id
        where pt.organization_id = ${org} and pt.slug = 'generic-rapamycin' and p.pricing_type = 'recurring'
        order by p.interval_count desc limit 1`,
  );
  product = p!.id;
  template = p!.template;
});
afterAll(() => t.close());

async function addCard(p: Patient) {
  const tok = await t.app.inject({
    method: 'POST',
    url: '/sandbox/payments/tokens',
    remoteAddress: `10.77.${Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 200) + 1}`,
    payload: {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 3,
      cvc: '123',
    },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/billing/${org}/patient/${p.id}/billing/profile/create`,
    headers: bearer(p.token),
    payload: { token: json<{ id: string }>(tok).id, organization: org, user_id: p.id },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

/** A subscription a physician approved: billed in the sandbox, period started 30 days ago, 3 months long. */
async function startedSubscription(p: Patient, over: Partial<typeof subscriptions.$inferInsert> = {}) {
  const id = newId();
  await t.database.db.insert(subscriptions).values({
    id,
    userId: p.id,
    organizationId: org,
    status: 'active',
    type: 'medication',
    name: 'Generic Rapamycin',
    durationMonths: 3,
    productPlans: [{ product_template: template, product, quantity: 12, duration: 3, unit_amount: 30_000 }],
    prescriptions: [
      {
        _id: 'rx1',
        medication: {
          name: 'Sirolimus 2 mg',
          patient_instructions: 'Once weekly.',
          expiration_date: isoDay(daysFromNow(150)),
        },
      },
    ],
    currentPeriodStart: daysFromNow(-30),
    currentPeriodEnd: daysFromNow(60),
    providerSubscriptionId: `sub_sandbox_${newId()}`,
    ...over,
  });
  return id;
}

/** Runs the renewals as the servers would at `at`: that period's job, through the job queue; answers the jobs run. */
async function renewAt(at: Date) {
  clock = at;
  return t.app.ctx.jobs.runDue({ queues: [RENEWAL_QUEUE] });
}

const post = (p: Patient, id: string, action: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/v2/subscriptions/${id}/${action}`,
    headers: bearer(p.token),
    payload,
  });
const notificationsOf = (userId: string) =>
  rows<{ category: string; message: string }>(
    t.database,
    sql`select category, message from notifications where user_id = ${userId} order by created_at`,
  );

describe('GET subscriptions', () => {
  it('lists with billing record and invoices; one with provider details; medications; prescriptions', async () => {
    const p = await signupPatient(t.app, org);
    const id = await startedSubscription(p);
    const list = await t.app.inject({
      url: `/users/${org}/user/${p.id}/subscriptions`,
      headers: bearer(p.token),
    });
    expect(list.statusCode, list.body).toBe(200);
    const [sub] = json<SubscriptionDetails[]>(list);
    expect(sub).toMatchObject({ _id: id, status: 'active', invoices: [], cancel_reason: null });
    expect(sub!.billing).toMatchObject({ status: 'active', pause_collection: null });
    expect(sub!.billing!.scheduled_date).toBe(sub!.billing!.current_period_end);

    const one = await t.app.inject({
      url: `/users/${org}/user/${p.id}/subscription/${id}?type=stripe`,
      headers: bearer(p.token),
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(json<SubscriptionDetails>(one).billing?.id).toMatch(/^sub_sandbox_/);

    const meds = await t.app.inject({
      url: `/users/${org}/user/${p.id}/subscriptions/medications`,
      headers: bearer(p.token),
    });
    expect(json<SubscriptionDetails[]>(meds).map((s) => s._id)).toEqual([id]);

    const rx = await t.app.inject({
      url: `/users/${org}/user/${p.id}/subscription/${id}/medication?prescription_id=rx1`,
      headers: bearer(p.token),
    });
    expect(json(rx)).toMatchObject({ _id: 'rx1', medication: { name: 'Sirolimus 2 mg' } });
    const missing = await t.app.inject({
      url: `/users/${org}/user/${p.id}/subscription/${id}/medication?prescription_id=nope`,
      headers: bearer(p.token),
    });
    expect(missing.statusCode).toBe(404);

    const byProduct = await t.app.inject({
      url: `/prescriptions/${org}/patient/${p.id}/product/${template}`,
      headers: bearer(p.token),
    });
    expect(json(byProduct)).toMatchObject({ subscription: id, prescription: { _id: 'rx1' } });
  });

  it("does not show one patient's subscription through another's path", async () => {
    const p = await signupPatient(t.app, org);
    const other = await signupPatient(t.app, org);
    const id = await startedSubscription(p);
    const res = await t.app.inject({
      url: `/users/${org}/user/${other.id}/subscription/${id}`,
      headers: bearer(other.token),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('pause, resume, cancel', () => {
  it('pauses once with a reason, resumes at the next period, notifies each time', async () => {
    const p = await signupPatient(t.app, org);
    const id = await startedSubscription(p);
    expect((await post(p, id, 'pause', { data: { pause_reason: '  ' } })).statusCode).toBe(400);
    expect((await post(p, id, 'pause', { data: {} })).statusCode).toBe(400);

    const [a, b] = await Promise.all([
      post(p, id, 'pause', { data: { pause_reason: 'away' } }),
      post(p, id, 'pause', { data: { pause_reason: 'away' } }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const paused = json<SubscriptionDetails>(a.statusCode === 200 ? a : b);
    expect(paused).toMatchObject({ status: 'paused', pause_reason: 'away' });
    expect(paused.billing?.pause_collection).toEqual({ behavior: 'void', resumes_at: null });

    const resumed = await post(p, id, 'resume', { data: { shipNow: false } });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(json<SubscriptionDetails>(resumed)).toMatchObject({ status: 'active', invoices: [] });
    expect((await post(p, id, 'resume', { data: { shipNow: false } })).statusCode).toBe(400);

    const notes = await notificationsOf(p.id);
    expect(notes.map((n) => n.category)).toEqual(['subscription', 'subscription']);
    expect(notes[0]!.message).toBe(
      'Your Generic Rapamycin subscription has been paused. You can resume at anytime.',
    );
  });

  it('resume now charges the card, bills a new period from today once', async () => {
    const p = await signupPatient(t.app, org);
    await addCard(p);
    const id = await startedSubscription(p, {
      status: 'paused',
      pauseCollection: { behavior: 'void', resumes_at: null },
    });
    const [a, b] = await Promise.all([
      post(p, id, 'resume', { data: { shipNow: true } }),
      post(p, id, 'resume', { data: { shipNow: true } }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const sub = json<SubscriptionDetails>(a.statusCode === 200 ? a : b);
    expect(sub.status).toBe('active');
    expect(sub.invoices).toHaveLength(1);
    expect(sub.invoices[0]).toMatchObject({ status: 'paid', amount_paid: 30_000 });
    // 001 §3: the invoice names where its PDF is read, and it is read there with the patient's token.
    const pdf = await t.app.inject({ url: sub.invoices[0]!.invoice_pdf, headers: bearer(p.token) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sub.billing!.current_period_start.slice(0, 10)).toBe(isoDay(new Date()));
    expect((await notificationsOf(p.id)).at(-1)?.message).toMatch(/will ship today/);
  });

  it('resume now without a card is refused and the subscription stays paused', async () => {
    const p = await signupPatient(t.app, org);
    const id = await startedSubscription(p, {
      status: 'paused',
      pauseCollection: { behavior: 'void', resumes_at: null },
    });
    const res = await post(p, id, 'resume', { data: { shipNow: true } });
    expect(res.statusCode).toBe(402);
    const [row] = await rows<{ status: string }>(
      t.database,
      sql`select status from subscriptions where id = ${id}`,
    );
    expect(row!.status).toBe('paused');
  });

  it('cancels with a reason once; refuses past due and canceled ones', async () => {
    const p = await signupPatient(t.app, org);
    const id = await startedSubscription(p);
    expect((await post(p, id, 'cancel', { data: { cancel_reason: '' } })).statusCode).toBe(400);
    const res = await post(p, id, 'cancel', { data: { cancel_reason: 'not_working' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ status: 'canceled', cancel_reason: 'not_working' });
    expect((await post(p, id, 'cancel', { data: { cancel_reason: 'other' } })).statusCode).toBe(400);
    const pastDue = await startedSubscription(p, { status: 'past_due' });
    const refused = await post(p, pastDue, 'cancel', { data: { cancel_reason: 'expensive' } });
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({ text: 'WrongSubscriptionStatus' });
  });

  it("refuses another patient's subscription and unknown ids", async () => {
    const p = await signupPatient(t.app, org);
    const other = await signupPatient(t.app, org);
    const id = await startedSubscription(p);
    for (const [action, body] of [
      ['pause', { data: { pause_reason: 'away' } }],
      ['resume', { data: { shipNow: true } }],
      ['cancel', { data: { cancel_reason: 'expensive' } }],
      ['reschedule', { new_time: Date.now() }],
      ['cancellation-info', { incrementCancellationAttempt: true }],
    ] as const) {
      expect((await post(other, id, action, body)).statusCode, action).toBe(403);
      expect((await post(other, 'f'.repeat(24), action, body)).statusCode, action).toBe(404);
    }
    const [row] = await rows<{ status: string }>(
      t.database,
      sql`select status from subscriptions where id = ${id}`,
    );
    expect(row!.status).toBe('active');
  });
});

describe('reschedule', () => {
  it('accepts a date in the window in milliseconds or seconds; refuses outside it and the scheduled date', async () => {
    const p = await signupPatient(t.app, org);
    const id = await startedSubscription(p);
    // Period started 30 days ago, 3 months: earliest = start + 76 - 5 = today + 41 days; scheduled = today + 60.
    const tooEarly = rescheduleTimeOf(isoDay(daysFromNow(39)));
    expect((await post(p, id, 'reschedule', { new_time: tooEarly })).statusCode).toBe(400);
    const tooLate = rescheduleTimeOf(isoDay(daysFromNow(370)));
    expect((await post(p, id, 'reschedule', { new_time: tooLate })).statusCode).toBe(400);
    const scheduled = rescheduleTimeOf(isoDay(daysFromNow(60)));
    expect((await post(p, id, 'reschedule', { new_time: scheduled })).statusCode).toBe(400);

    const inside = rescheduleTimeOf(isoDay(daysFromNow(50)));
    const ms = await post(p, id, 'reschedule', { new_time: inside });
    expect(ms.statusCode, ms.body).toBe(200);
    const sub = json<SubscriptionDetails>(ms);
    expect(sub).toMatchObject({ status: 'rescheduled', reschedule_date: inside / 1000 });
    expect(sub.billing!.current_period_end).toBe(new Date(inside).toISOString());

    const beyond = rescheduleTimeOf(isoDay(daysFromNow(120))) / 1000;
    const seconds = await post(p, id, 'reschedule', { new_time: beyond });
    expect(seconds.statusCode, seconds.body).toBe(200);
    expect(json(seconds)).toMatchObject({ status: 'paused_by_reschedule', reschedule_date: beyond });
    expect((await notificationsOf(p.id)).at(-1)?.message).toMatch(/is set to reschedule on/);
  });

  it('refuses a paused or coaching subscription', async () => {
    const p = await signupPatient(t.app, org);
    const paused = await startedSubscription(p, { status: 'paused', pauseCollection: { behavior: 'void' } });
    const when = rescheduleTimeOf(isoDay(daysFromNow(50)));
    expect((await post(p, paused, 'reschedule', { new_time: when })).statusCode).toBe(400);
    const coaching = await startedSubscription(p, { type: 'coaching_membership' });
    expect((await post(p, coaching, 'reschedule', { new_time: when })).statusCode).toBe(400);
  });
});

describe('cancellation-info (retention)', () => {
  it('counts the first attempt once with 20% off the next renewal, applied by the renewal', async () => {
    const p = await signupPatient(t.app, org);
    await addCard(p);
    const id = await startedSubscription(p, {
      currentPeriodStart: daysFromNow(-89),
      currentPeriodEnd: daysFromNow(1),
    });
    const [a, b] = await Promise.all([
      post(p, id, 'cancellation-info', { incrementCancellationAttempt: true }),
      post(p, id, 'cancellation-info', { incrementCancellationAttempt: true }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const sub = json<SubscriptionDetails>(a.statusCode === 200 ? a : b);
    expect(sub.cancellation_info).toMatchObject({ cancellation_attempt: 1, renewal_percent_off: 20 });

    expect(await renewAt(daysFromNow(2))).toBe(1);
    const [invoice] = await rows<{ amount_due: number; status: string }>(
      t.database,
      sql`select amount_due, status from invoices where subscription_id = ${id}`,
    );
    // 20% off $300.00 = $240.00.
    expect(invoice).toEqual({ amount_due: 24_000, status: 'paid' });
    const [row] = await rows<{ info: { renewal_percent_off?: number } }>(
      t.database,
      sql`select cancellation_info as info from subscriptions where id = ${id}`,
    );
    expect(row!.info.renewal_percent_off).toBeUndefined();
  });

  it('leaves everything as it is without incrementCancellationAttempt; rejects bad bodies', async () => {
    const p = await signupPatient(t.app, org);
    const id = await startedSubscription(p);
    const res = await post(p, id, 'cancellation-info', { incrementCancellationAttempt: false });
    expect(json(res)).toMatchObject({ cancellation_info: { cancellation_attempt: 0 } });
    expect((await post(p, id, 'cancellation-info', { increment: true })).statusCode).toBe(400);
  });
});

describe('renewals', () => {
  it('marks a subscription past due without a card; the next renewal with a card settles it', async () => {
    const p = await signupPatient(t.app, org);
    const id = await startedSubscription(p, {
      currentPeriodStart: daysFromNow(-91),
      currentPeriodEnd: daysFromNow(-1),
    });
    expect(await renewAt(new Date())).toBe(1);
    const status = async () =>
      (await rows<{ status: string }>(t.database, sql`select status from subscriptions where id = ${id}`))[0]!
        .status;
    expect(await status()).toBe('past_due');
    expect((await notificationsOf(p.id)).at(-1)?.category).toBe('payment');
    await addCard(p);
    // The next run, a quarter of an hour later.
    expect(await renewAt(new Date(Date.now() + 15 * 60_000))).toBe(1);
    expect(await status()).toBe('past_due');
    // The period renewed yesterday runs 3 months: the retry comes with the next renewal.
    expect(await renewAt(daysFromNow(100))).toBe(1);
    expect(await status()).toBe('active');
    const invoices = await rows<{ status: string }>(
      t.database,
      sql`select status from invoices where subscription_id = ${id}`,
    );
    expect(invoices).toEqual([{ status: 'paid' }, { status: 'paid' }]);
  });

  it('run once per period across two server instances on one database', async () => {
    const p = await signupPatient(t.app, org);
    await addCard(p);
    const id = await startedSubscription(p, {
      currentPeriodStart: daysFromNow(-91),
      currentPeriodEnd: daysFromNow(-1),
    });
    // A second server: on PostgreSQL with its own connections, on the embedded database sharing the one.
    const ownDatabase =
      t.database.kind === 'postgres' ? await openDatabase({ url: t.database.url!, dataDir: 'unused' }) : null;
    const second = await createTestApp({}, { database: ownDatabase ?? t.database, now: () => clock });
    try {
      const quarter = 15 * 60_000;
      // The start of a renewal period no other test has reached.
      const period = new Date(Math.floor(daysFromNow(300).getTime() / quarter) * quarter);
      const both = async (at: Date) => {
        clock = at;
        const ran = await Promise.all(
          [t, second].map((x) => x.app.ctx.jobs.runDue({ queues: [RENEWAL_QUEUE] })),
        );
        return ran[0]! + ran[1]!;
      };
      const invoices = async () =>
        (await rows(t.database, sql`select id from invoices where subscription_id = ${id}`)).length;

      expect(await both(new Date(period.getTime() + 60_000))).toBe(1);
      const renewed = await invoices();
      expect(renewed).toBeGreaterThan(0);
      expect(await both(new Date(period.getTime() + quarter - 1))).toBe(0);
      expect(await both(new Date(period.getTime() + quarter))).toBe(1);
      expect(await invoices()).toBe(renewed);
      const jobs = await rows<{ key: string; state: string }>(
        t.database,
        sql`select singleton_key as key, state::text as state from pgboss.job
            where name = ${RENEWAL_QUEUE} and singleton_key in (${`period:${period.toISOString()}`},
              ${`period:${new Date(period.getTime() + quarter).toISOString()}`}) order by singleton_key`,
      );
      expect(jobs).toEqual([
        { key: `period:${period.toISOString()}`, state: 'completed' },
        { key: `period:${new Date(period.getTime() + quarter).toISOString()}`, state: 'completed' },
      ]);
    } finally {
      await second.close();
      await ownDatabase?.close();
    }
  });
});

describe('GET /subscriptions/{org}/invoice', () => {
  it('answers a PDF to the owner only', async () => {
    const p = await signupPatient(t.app, org);
    const other = await signupPatient(t.app, org);
    await addCard(p);
    const id = await startedSubscription(p, { status: 'paused', pauseCollection: { behavior: 'void' } });
    const sub = json<SubscriptionDetails>(await post(p, id, 'resume', { data: { shipNow: true } }));
    const invoice = sub.invoices[0]!._id;
    const url = `/subscriptions/${org}/invoice?type=stripe&invoice=${invoice}`;
    const res = await t.app.inject({ url, headers: bearer(p.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect((await t.app.inject({ url, headers: bearer(other.token) })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/subscriptions/${org}/invoice?invoice=bad`, headers: bearer(p.token) }))
        .statusCode,
    ).toBe(400);
  });
});

describe('membership plan', () => {
  it('shows and cancels the coaching membership', async () => {
    const p = await signupPatient(t.app, org);
    const other = await signupPatient(t.app, org);
    const id = await startedSubscription(p, { type: 'coaching_membership', name: 'Longevity Coaching' });
    const plan = await t.app.inject({ url: `/users/${org}/${p.id}/plan`, headers: bearer(p.token) });
    expect(json(plan)).toMatchObject({ subscription: { _id: id } });
    expect(
      (await t.app.inject({ url: `/users/${org}/${p.id}/plan`, headers: bearer(other.token) })).statusCode,
    ).toBe(403);
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/users/${org}/${p.id}/cancel-plan/${id}`,
      headers: bearer(p.token),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(json(cancel)).toMatchObject({ status: 'canceled' });
    const again = await t.app.inject({
      method: 'PUT',
      url: `/users/${org}/${p.id}/cancel-plan/${id}`,
      headers: bearer(p.token),
    });
    expect(again.statusCode).toBe(400);
  });
});
