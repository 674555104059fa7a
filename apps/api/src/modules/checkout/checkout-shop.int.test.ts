import { randomUUID } from 'node:crypto';
import type { CheckoutResult } from '@portal/domain/contracts/checkout-submit';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, json, rows, type TestApp } from '../../test/harness';
import { type CheckoutKit, checkoutKit, VALID_SHIPPING } from './checkout-test-kit';

let t: TestApp;
let kit: CheckoutKit;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  kit = await checkoutKit(t);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** One product bought from the shop's checkout panel (002 §2.7, §4.4). */
const direct = (product: string, token: string | null, over: Record<string, unknown> = {}) => ({
  kind: 'shop' as const,
  items: [{ product, quantity: 1 }],
  shipping: VALID_SHIPPING,
  payment: token ? { method: 'new_card' as const, token } : { method: 'saved_card' as const },
  ...over,
});

const liveSubscriptions = (userId: string) =>
  kit.count(sql`select count(*) as n from subscriptions where user_id = ${userId} and status <> 'canceled'`);
const orders = (userId: string) => kit.count(sql`select count(*) as n from orders where user_id = ${userId}`);

describe('POST /v2/checkout, the shop checkout panel (002 §2.7, §4.4; 000 §2 item 11)', () => {
  it('refuses a second subscription to the same product with 409 SubscriptionAlreadyExists, nothing done', async () => {
    const patient = await kit.patient();
    const quarterly = kit.product('urolithin-a', 3).id;
    const first = await kit.submit(
      patient,
      randomUUID(),
      direct(quarterly, await kit.token(), { expected_total: 15_900 }),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(json<CheckoutResult>(first).totals.total_due_now).toBe(15_900);
    expect(await liveSubscriptions(patient.id)).toBe(1);

    const charge = vi.spyOn(t.app.ctx.payments, 'charge');
    // Another plan of the same product, under a new key.
    const again = await kit.submit(patient, randomUUID(), direct(kit.product('urolithin-a', 1).id, null));
    expect(again.statusCode).toBe(409);
    expect(json(again)).toEqual({
      text: 'SubscriptionAlreadyExists',
      message: 'You already have a subscription to this product.',
    });
    expect(charge).not.toHaveBeenCalled();
    expect(await liveSubscriptions(patient.id)).toBe(1);
  });

  it('still sells the product once (One Time Purchase) and replays the first checkout under its key', async () => {
    const patient = await kit.patient();
    const key = randomUUID();
    const body = direct(kit.product('omega-3-longevity-blend', 3).id, await kit.token());
    expect((await kit.submit(patient, key, body)).statusCode).toBe(200);
    // The same key answers the completed checkout, not the refusal.
    const replay = await kit.submit(patient, key, body);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');

    const charge = vi.spyOn(t.app.ctx.payments, 'charge');
    const once = await kit.submit(
      patient,
      randomUUID(),
      direct(kit.product('omega-3-longevity-blend', 0).id, null, { expected_total: 3900 }),
    );
    expect(once.statusCode, once.body).toBe(200);
    expect(json<CheckoutResult>(once).totals).toMatchObject({ total_due_now: 3900, charged_now: 3900 });
    expect(charge).toHaveBeenCalledTimes(1);
    expect(charge.mock.calls[0]![0].amount).toBe(3900);
    expect(await orders(patient.id)).toBe(1);
    expect(await liveSubscriptions(patient.id)).toBe(1);
  });

  it('subscribes again once the earlier subscription was cancelled', async () => {
    const patient = await kit.patient();
    const plan = kit.product('urolithin-a', 1).id;
    expect((await kit.submit(patient, randomUUID(), direct(plan, await kit.token()))).statusCode).toBe(200);
    await rows(t.database, sql`update subscriptions set status = 'canceled' where user_id = ${patient.id}`);
    const again = await kit.submit(patient, randomUUID(), direct(plan, null));
    expect(again.statusCode, again.body).toBe(200);
    expect(await liveSubscriptions(patient.id)).toBe(1);
  });

  it('ten simultaneous submits of one panel (one key): one subscription, never the already-exists refusal', async () => {
    const patient = await kit.patient();
    const key = randomUUID();
    const body = direct(kit.product('urolithin-a', 3).id, await kit.token(), { expected_total: 15_900 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => kit.submit(patient, key, body)));
    for (const a of answers) {
      expect([200, 409]).toContain(a.statusCode);
      if (a.statusCode === 409) expect(json<{ text: string }>(a).text).toBe('CheckoutInProgress');
    }
    expect(await liveSubscriptions(patient.id)).toBe(1);
  });

  it('ten simultaneous submits of a one-time supplement: one charge of the displayed total, one order', async () => {
    const patient = await kit.patient();
    const charge = vi.spyOn(t.app.ctx.payments, 'charge');
    const key = randomUUID();
    const body = direct(kit.product('urolithin-a', 0).id, await kit.token(), { expected_total: 6900 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => kit.submit(patient, key, body)));
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    expect(charge).toHaveBeenCalledTimes(1);
    expect(charge.mock.calls[0]![0].amount).toBe(6900);
    expect(await orders(patient.id)).toBe(1);
  });

  it('refuses a total other than the server’s before anything is done', async () => {
    const patient = await kit.patient();
    const res = await kit.submit(
      patient,
      randomUUID(),
      direct(kit.product('urolithin-a', 0).id, await kit.token(), { expected_total: 6800 }),
    );
    expect(res.statusCode).toBe(409);
    expect(json<{ text: string }>(res).text).toBe('TotalChanged');
    expect(await orders(patient.id)).toBe(0);
  });
});
