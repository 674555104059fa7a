import { randomUUID } from 'node:crypto';
import type { CareDecisionResult, CareQueuePage } from '@portal/domain/contracts/care';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, rows, type TestApp } from '../../test/harness';
import { type CheckoutKit, checkoutKit, type Patient, VALID_SHIPPING } from '../checkout/checkout-test-kit';

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

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' },
    { now: () => new Date(clock) },
  );
  kit = await checkoutKit(t);
  org = kit.org;
  for (const who of ['care', 'physician', 'admin']) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/login/${org}`,
      payload: { email: `${who}@evergreen.test`, password: 'Demo1234!' },
    });
    tokens[who] = json<{ token: string }>(res).token;
  }
});
afterAll(() => t.close());

/** A new patient's rapamycin visit, checked out for review with a card held (nothing charged yet). */
async function submittedVisit(promo?: string): Promise<{ patient: Patient; intake: string }> {
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
    ...(promo ? { promo_code: promo } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { patient, intake };
}

const decide = (intake: string, decision: string, payload: object, token = tokens.physician!) =>
  t.app.inject({
    method: 'POST',
    url: `/care/${org}/visits/${intake}/${decision}`,
    headers: bearer(token),
    payload,
  });

type SubscriptionRow = {
  id: string;
  type: string;
  status: string;
  provider_subscription_id: string | null;
  prescriptions: unknown[];
  intake_id: string | null;
};
/** The patient's subscriptions, the medication first. */
const subscriptionsOf = (patient: Patient) =>
  rows<SubscriptionRow>(
    t.database,
    sql`select id, type, status, provider_subscription_id, prescriptions, intake_id from subscriptions
        where user_id = ${patient.id} order by type desc, id`,
  );
const invoicesOf = (patient: Patient) =>
  rows<{ amount_paid: number; status: string }>(
    t.database,
    sql`select amount_paid, status from invoices where user_id = ${patient.id} order by id`,
  );
const queueIds = async () =>
  json<CareQueuePage>(
    await t.app.inject({ url: `/care/${org}/queue?limit=100`, headers: bearer(tokens.care!) }),
  ).items.map((i) => i._id);

describe('decisions on a visit', () => {
  it('approval starts and charges the subscription once, stores the prescription and tells the patient', async () => {
    const { patient, intake } = await submittedVisit();
    expect(await queueIds()).toContain(intake);
    // the checkout held the card and started only the membership, waiting for this review (000 §4)
    expect((await subscriptionsOf(patient)).map((s) => [s.type, s.status])).toEqual([
      ['coaching_membership', 'awaiting_physician_review'],
    ]);
    expect(await invoicesOf(patient)).toEqual([]);

    const res = await decide(intake, 'approve', { prescription });
    expect(res.statusCode, res.body).toBe(200);
    const result = json<CareDecisionResult>(res);
    expect(result).toMatchObject({ _id: intake, decision: 'approve', physician_review: true, closed: false });
    const [active, membership] = await subscriptionsOf(patient);
    expect(result.subscriptions).toEqual(
      expect.arrayContaining([
        { _id: active!.id, status: 'active' },
        { _id: membership!.id, status: 'active' },
      ]),
    );
    expect(active).toMatchObject({ type: 'medication', status: 'active', intake_id: intake });
    expect(membership).toMatchObject({ type: 'coaching_membership', status: 'active' });
    expect(membership!.prescriptions).toEqual([]);
    expect(active!.provider_subscription_id).toMatch(/^sub_sandbox_/);
    expect(active!.prescriptions).toEqual([
      expect.objectContaining({
        medication: {
          name: prescription.medication,
          strength: '2 mg',
          patient_instructions: prescription.instructions,
          expiration_date: '2027-06-01',
        },
      }),
    ]);
    const invoices = await invoicesOf(patient);
    expect(invoices).toHaveLength(2);
    expect(invoices.every((i) => i.status === 'paid')).toBe(true);
    // 2 mg for 12 months at 8 tablets a month: twice the priced 4, $1,308.00 x 2; the quarterly membership $399
    expect(invoices.map((i) => i.amount_paid).sort((a, b) => a - b)).toEqual([39_900, 261_600]);
    expect(result.charged).toBe(301_500);
    expect(await queueIds()).not.toContain(intake);

    // the patient sees it: the subscription active with its prescription, and a notification
    const subs = await t.app.inject({
      url: `/users/${org}/user/${patient.id}/subscriptions/medications`,
      headers: bearer(patient.token),
    });
    expect(subs.statusCode, subs.body).toBe(200);
    const medications = json<{ _id: string; status: string; invoices: unknown[] }[]>(subs);
    expect(medications.map((m) => [m._id, m.status])).toEqual([[active!.id, 'active']]);
    expect(medications[0]!.invoices).toHaveLength(1);
    // the checkout's notices share the fixed clock's instant: the decision's is found by its words
    const note = await rows<{ category: string; message: string }>(
      t.database,
      sql`select category, message from notifications where user_id = ${patient.id} and message like 'Your physician%'`,
    );
    expect(note).toHaveLength(1);
    expect(note[0]).toMatchObject({ category: 'visit' });
    expect(note[0]!.message).toMatch(/^Your physician approved your visit\./);

    // audited against the patient
    await t.app.ctx.audit.flush();
    const audit = await rows<{ outcome: string }>(
      t.database,
      sql`select outcome from audit_log where patient_id = ${patient.id} and action = 'POST /care/:org/visits/:id/approve'`,
    );
    expect(audit).toEqual([{ outcome: 'allowed' }]);
  });

  it('charges the first period with the discount code the checkout showed', async () => {
    const { patient, intake } = await submittedVisit('welcome20');
    const res = await decide(intake, 'approve', { prescription });
    expect(res.statusCode, res.body).toBe(200);
    // WELCOME20 applies to rapamycin: 20 % of $2,616.00 is $523.20; the membership keeps its $399.00
    const paid = (await invoicesOf(patient)).map((i) => i.amount_paid).sort((a, b) => a - b);
    expect(paid).toEqual([39_900, 209_280]);
    expect(json<CareDecisionResult>(res).charged).toBe(249_180);
  });

  it('ten approvals at once charge once: one succeeds, the others are refused as decided', async () => {
    const { patient, intake } = await submittedVisit();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => decide(intake, 'approve', { prescription })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    expect(
      answers.filter((a) => a.statusCode === 409).every((a) => json(a).text === 'VisitAlreadyDecided'),
    ).toBe(true);
    expect(await invoicesOf(patient)).toHaveLength(2);
    expect((await subscriptionsOf(patient)).map((s) => s.status)).toEqual(['active', 'active']);
  });

  it('checks the prescription, and leaves the visit untouched when it is refused', async () => {
    const { patient, intake } = await submittedVisit();
    const past = await decide(intake, 'approve', {
      prescription: { ...prescription, expires_on: '2026-06-10' },
    });
    expect(past.statusCode).toBe(400);
    expect(json(past)).toMatchObject({
      text: 'ValidationError',
      message: 'The expiry date must be in the future.',
    });
    const missing = await decide(intake, 'approve', { prescription: { ...prescription, medication: ' ' } });
    expect(json(missing)).toMatchObject({ message: 'Enter the medication.' });
    expect((await decide(intake, 'approve', {})).statusCode).toBe(400);
    expect((await subscriptionsOf(patient)).map((s) => s.status)).toEqual(['awaiting_physician_review']);
    expect(await queueIds()).toContain(intake);
  });

  it('a denial charges nothing, cancels the subscription, closes the visit and tells the patient kindly', async () => {
    const { patient, intake } = await submittedVisit();
    expect((await decide(intake, 'deny', { reason: 'Not suitable.' }, tokens.care!)).statusCode).toBe(403);
    const res = await decide(intake, 'deny', {
      reason: 'Rapamycin is not suitable with your current medications.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<CareDecisionResult>(res)).toMatchObject({ decision: 'deny', closed: true, charged: 0 });
    expect((await subscriptionsOf(patient)).map((s) => s.status)).toEqual(['canceled']);
    expect(await invoicesOf(patient)).toEqual([]);
    const [note] = await rows<{ message: string }>(
      t.database,
      sql`select message from notifications where user_id = ${patient.id} and message like 'Your physician%'`,
    );
    expect(note!.message).toContain('Nothing has been charged');
    expect(note!.message).toContain('message our care team');
    expect((await decide(intake, 'approve', { prescription })).statusCode).toBe(409);
  });

  it('asking for a new photo holds the visit for the patient and raises the photo alert until they re-upload', async () => {
    const { patient, intake } = await submittedVisit();
    const res = await decide(
      intake,
      'request-update',
      {
        reason: 'photo',
        message: 'Your ID photo is blurred: please take it again.',
        hold_date: '2026-06-17',
      },
      tokens.care!,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(json<CareDecisionResult>(res)).toMatchObject({
      awaiting_patient_update: true,
      physician_review: false,
    });
    expect(await queueIds()).not.toContain(intake);
    const me = json<{ image: { requires_user_attention?: boolean } }>(
      await t.app.inject({ url: `/users/${org}/user/${patient.id}/patient`, headers: bearer(patient.token) }),
    );
    expect(me.image.requires_user_attention).toBe(true);
    const [held] = await rows<{ awaiting: { is_awaiting: boolean; reason: string; hold_date: string } }>(
      t.database,
      sql`select awaiting_patient_update as awaiting from intakes where id = ${intake}`,
    );
    expect(held!.awaiting).toEqual({
      is_awaiting: true,
      reason: 'Your ID photo is blurred: please take it again.',
      hold_date: '2026-06-17',
    });
    const early = await decide(intake, 'approve', { prescription });
    expect(json(early)).toMatchObject({ text: 'VisitAwaitingPatient' });

    // the patient takes the photo again from the verification page, naming no visit: it answers this one
    const photo = await sharp({ create: { width: 32, height: 16, channels: 3, background: '#888888' } })
      .png()
      .toBuffer();
    const boundary = 'portal-reupload-boundary';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body = Buffer.concat([
      Buffer.from(
        part('client_id', patient.id) +
          part('image_type', 'id_images') +
          part('reupload_image', 'true') +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/patient-identification/${org}`,
      headers: { ...bearer(patient.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(uploaded.statusCode, uploaded.body).toBeLessThan(300);
    expect(await queueIds()).toContain(intake);
    const after = json<{ image: { requires_user_attention?: boolean } }>(
      await t.app.inject({ url: `/users/${org}/user/${patient.id}/patient`, headers: bearer(patient.token) }),
    );
    expect(after.image.requires_user_attention).toBe(false);
    expect((await decide(intake, 'approve', { prescription })).statusCode).toBe(200);
    expect(
      (await decide(intake, 'request-update', { reason: 'photo', message: 'x' }, tokens.admin!)).statusCode,
    ).toBe(403);
    expect(
      (await decide(intake, 'request-update', { reason: 'selfie', message: 'x' }, tokens.care!)).statusCode,
    ).toBe(400);
  });

  it('is refused to a patient, and to another clinic, for a visit it cannot see', async () => {
    const { patient, intake } = await submittedVisit();
    expect((await decide(intake, 'approve', { prescription }, patient.token)).statusCode).toBe(403);
    const other = json<{ _id: string }>(
      await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }),
    )._id;
    const login = await t.app.inject({
      method: 'POST',
      url: `/login/${other}`,
      payload: { email: 'physician@bluecrest.test', password: 'Demo1234!' },
    });
    const foreign = json<{ token: string }>(login).token;
    expect((await decide(intake, 'approve', { prescription }, foreign)).statusCode).toBe(404);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/care/${other}/visits/${intake}/approve`,
      headers: bearer(foreign),
      payload: { prescription },
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await subscriptionsOf(patient)).map((s) => s.status)).toEqual(['awaiting_physician_review']);
  });
});
