import type { SubscriptionStatus } from '@portal/domain/contracts/subscription';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductType } from '../../db/schema/products';
import { subscriptions } from '../../db/schema/subscriptions';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';
import { ALREADY_REQUESTED, NOT_CUSTOMIZABLE } from './prescription-change.service';

let t: TestApp;
let org: string;
type Patient = Awaited<ReturnType<typeof signupPatient>>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
});
afterAll(() => t.close());

/** A subscription as a physician's approval leaves it (there is no patient call to activate one). */
async function givenSubscription(
  who: Patient,
  status: SubscriptionStatus = 'active',
  type: ProductType = 'medication',
): Promise<string> {
  const [row] = await t.database.db
    .insert(subscriptions)
    .values({
      userId: who.id,
      organizationId: who.organization,
      status,
      type,
      name: 'Generic Rapamycin',
      durationMonths: 3,
    })
    .returning({ id: subscriptions.id });
  return row!.id;
}

const requestChange = (who: Patient | null, id: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/v2/subscriptions/${id}/request-prescription-change`,
    headers: who ? bearer(who.token) : {},
    payload,
  });

const statusOf = async (id: string) =>
  (await rows<{ status: string }>(t.database, sql`select status from subscriptions where id = ${id}`))[0]
    ?.status;
const requestsOf = (id: string) =>
  rows<{ request_type: string; comment: string | null; previous_status: string; user_id: string }>(
    t.database,
    sql`select request_type, comment, previous_status, user_id from prescription_change_requests where subscription_id = ${id}`,
  );
const notificationsOf = (userId: string) =>
  rows<{ category: string; message: string; read: boolean; data: Record<string, unknown> }>(
    t.database,
    sql`select category, message, read, data from notifications where user_id = ${userId}`,
  );

describe('POST /v2/subscriptions/{id}/request-prescription-change', () => {
  it('records the request, marks the subscription prescription_requested and notifies the patient', async () => {
    const patient = await signupPatient(t.app, org);
    const id = await givenSubscription(patient);
    const res = await requestChange(patient, id, { requestType: 'RaiseDosage', comment: 'Feeling great.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res)).toMatchObject({
      subscription: id,
      status: 'prescription_requested',
      requestType: 'RaiseDosage',
      comment: 'Feeling great.',
    });
    expect(await statusOf(id)).toBe('prescription_requested');
    expect(await requestsOf(id)).toEqual([
      {
        request_type: 'RaiseDosage',
        comment: 'Feeling great.',
        previous_status: 'active',
        user_id: patient.id,
      },
    ]);
    const notes = (await notificationsOf(patient.id)).filter((n) => n.category === 'subscription');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      read: false,
      message:
        'We received your request to change your Generic Rapamycin protocol. Your physician will review your chart, typically within 1-2 business days.',
      data: { type: 'protocol', subscriptionId: id },
    });
  });

  it('accepts the other reading: subscriptionId, reqType and modDetails', async () => {
    const patient = await signupPatient(t.app, org);
    const id = await givenSubscription(patient);
    const res = await requestChange(patient, id, {
      subscriptionId: id,
      reqType: 'LowerDosage',
      modDetails: 'Mouth sores.',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await requestsOf(id)).toMatchObject([{ request_type: 'LowerDosage', comment: 'Mouth sores.' }]);
  });

  it('stores empty details as none', async () => {
    const patient = await signupPatient(t.app, org);
    const id = await givenSubscription(patient);
    const res = await requestChange(patient, id, { requestType: 'Other', comment: '  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).comment).toBeNull();
  });

  it("refuses another patient's subscription and leaves it untouched", async () => {
    const owner = await signupPatient(t.app, org);
    const other = await signupPatient(t.app, org);
    const id = await givenSubscription(owner);
    const res = await requestChange(other, id, { requestType: 'RaiseDosage' });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({ text: 'Forbidden' });
    expect(await statusOf(id)).toBe('active');
    expect(await requestsOf(id)).toEqual([]);
  });

  it('answers 400 for a canceled subscription', async () => {
    const patient = await signupPatient(t.app, org);
    const id = await givenSubscription(patient, 'canceled');
    const res = await requestChange(patient, id, { requestType: 'LowerDosage' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ text: 'ValidationError', message: NOT_CUSTOMIZABLE });
    expect(await statusOf(id)).toBe('canceled');
    expect(await notificationsOf(patient.id)).toEqual([]);
  });

  it('answers 400 for a paused medication and for an active coaching membership', async () => {
    const patient = await signupPatient(t.app, org);
    const paused = await givenSubscription(patient, 'paused');
    const coaching = await givenSubscription(patient, 'active', 'coaching_membership');
    for (const id of [paused, coaching]) {
      const res = await requestChange(patient, id, { requestType: 'Other' });
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe(NOT_CUSTOMIZABLE);
    }
  });

  it('answers 400 to a second request while the first is reviewed', async () => {
    const patient = await signupPatient(t.app, org);
    const id = await givenSubscription(patient);
    expect((await requestChange(patient, id, { requestType: 'Other' })).statusCode).toBe(201);
    const again = await requestChange(patient, id, { requestType: 'Other' });
    expect(again.statusCode).toBe(400);
    expect(json(again).message).toBe(ALREADY_REQUESTED);
    expect(await requestsOf(id)).toHaveLength(1);
  });

  it('records one of two simultaneous requests', async () => {
    const patient = await signupPatient(t.app, org);
    const id = await givenSubscription(patient);
    const answers = await Promise.all([
      requestChange(patient, id, { requestType: 'RaiseDosage' }),
      requestChange(patient, id, { requestType: 'LowerDosage' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    expect(await requestsOf(id)).toHaveLength(1);
  });

  it('needs an action, a known one, and a subscriptionId matching the path', async () => {
    const patient = await signupPatient(t.app, org);
    const id = await givenSubscription(patient);
    const other = await givenSubscription(patient);
    for (const payload of [
      { comment: 'no action' },
      { requestType: 'DoubleIt' },
      { requestType: 'Other', reqType: 'RaiseDosage' },
    ]) {
      const res = await requestChange(patient, id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(res).text).toBe('ValidationError');
    }
    const mismatch = await requestChange(patient, id, { subscriptionId: other, reqType: 'Other' });
    expect(mismatch.statusCode).toBe(400);
    expect(await statusOf(id)).toBe('active');
  });

  it('answers 401 without a token and 404 for an unknown subscription', async () => {
    const patient = await signupPatient(t.app, org);
    const id = await givenSubscription(patient);
    expect((await requestChange(null, id, { requestType: 'Other' })).statusCode).toBe(401);
    const unknown = await requestChange(patient, 'ffffffffffffffffffffffff', { requestType: 'Other' });
    expect(unknown.statusCode).toBe(404);
  });
});
