import { randomUUID } from 'node:crypto';
import { CheckoutRequest, type CheckoutResult } from '@portal/domain/contracts/checkout-submit';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, json, rows, type TestApp } from '../../test/harness';
import { notifierFor } from '../notifications/notifier';
import { type CheckoutKit, checkoutKit, type Patient, VALID_SHIPPING } from './checkout-test-kit';
import { createCheckoutUseCase } from './checkout-use-case';

let t: TestApp;
let kit: CheckoutKit;
let clock: Date;

beforeAll(async () => {
  clock = new Date('2026-06-10T17:00:00.000Z');
  t = await createTestApp(
    { RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' },
    { now: () => new Date(clock) },
  );
  kit = await checkoutKit(t);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** Generic Rapamycin 2 mg, 12 months, 8 tablets a month (twice the priced 4). */
const rapamycin = () => ({ product: kit.product('generic-rapamycin', 12, '2 mg').id, quantity: 8 });

async function readyVisit() {
  const patient = await kit.patient();
  const intake = await kit.visit(patient, [rapamycin()]);
  return { patient, intake };
}

const consultation = (intake: string, token: string | null, over: Record<string, unknown> = {}) => ({
  kind: 'consultation' as const,
  intake,
  membership: (() => {
    const m = kit.membership(3);
    return { membership: m.membership, price: m.price };
  })(),
  shipping: VALID_SHIPPING,
  payment: token ? { method: 'new_card' as const, token } : { method: 'saved_card' as const },
  ...over,
});

const intakeState = async (id: string) =>
  (
    await rows<{ patient_complete: boolean; subscriptions: string[]; closed: boolean }>(
      t.database,
      sql`select patient_complete, subscriptions, closed from intakes where id = ${id}`,
    )
  )[0]!;
const liveMemberships = (userId: string) =>
  kit.count(
    sql`select count(*) as n from subscriptions where user_id = ${userId} and type = 'coaching_membership' and status <> 'canceled'`,
  );
const cards = (userId: string) =>
  kit.count(sql`select count(*) as n from payment_methods where user_id = ${userId}`);
const checkoutsOf = (userId: string) =>
  rows<{ status: string; step: string | null; attempts: number }>(
    t.database,
    sql`select status, step, attempts from checkouts where user_id = ${userId} order by created_at`,
  );

describe('POST /v2/checkout, consultation (000 §4)', () => {
  it('saves the address and card, starts the membership, completes the visit, with the totals of 000 §9', async () => {
    const { patient, intake } = await readyVisit();
    const key = randomUUID();
    const body = consultation(intake, await kit.token(), { promo_code: 'welcome20', marketing_tags: [] });
    const res = await kit.submit(patient, key, body);
    expect(res.statusCode, res.body).toBe(200);
    const result = json<CheckoutResult>(res);

    // 2 mg, 12 months: 12 x $109 = $1,308 per 4 tablets, 8 tablets: $2,616.00; baseline 12 x $149 x 2 = $3,576.00.
    // WELCOME20: 20% of $2,616.00 = $523.20. Membership quarterly $399.00.
    // Sub-Total 357600 + 39900 = 397500; Savings 96000; Special 52320; Total 397500 - 96000 - 52320 = 249180.
    expect(result.totals).toMatchObject({
      sub_total: 397_500,
      savings: 96_000,
      special_discount: 52_320,
      total_due_now: 249_180,
      charged_now: 0,
      currency: 'usd',
    });
    expect(result).toMatchObject({
      kind: 'consultation',
      status: 'completed',
      intake,
      promo_code: 'WELCOME20',
      orders: [],
      next: { kind: 'dashboard' },
    });
    expect(result.membership_subscription).toBeTruthy();
    expect(result.user).toMatchObject({
      has_card_source: true,
      complete_intake: true,
      membership: { id: kit.membership(3).membership },
      shipping_info: { street_address: '1 Main St', city: 'Austin', state: 'TX', zip_code: '78701' },
    });
    expect(result.user.shipping_info).not.toHaveProperty('apt_suite');

    expect((await intakeState(intake)).patient_complete).toBe(true);
    expect(await liveMemberships(patient.id)).toBe(1);
    expect(await cards(patient.id)).toBe(1);
    const [stored] = await rows<{ promo_code: string }>(
      t.database,
      sql`select promo_code from intakes where id = ${intake}`,
    );
    expect(stored!.promo_code).toBe('WELCOME20');
    const tags = await rows<{ tag: string; status: string }>(
      t.database,
      sql`select properties->>'tag' as tag, properties->>'status' as status from events
          where user_id = ${patient.id} and name = 'marketing_tag' order by created_at, id`,
    );
    // 001 §7: the visit's start made status:intake:incomplete active; 000 §4: the checkout toggles intake and
    // checkout to complete, and verification stays incomplete (no ID photo or selfie yet).
    // The checkout's tags share one instant: compared as a set, after the visit's own tag.
    const byName = (a: { tag: string; status: string }, b: { tag: string; status: string }) =>
      `${a.tag}/${a.status}`.localeCompare(`${b.tag}/${b.status}`);
    expect(tags[0]).toEqual({ tag: 'status:intake:incomplete', status: 'active' });
    expect(tags.slice(1).sort(byName)).toEqual(
      [
        { tag: 'status:checkout:incomplete', status: 'inactive' },
        { tag: 'status:checkout:complete', status: 'active' },
        { tag: 'status:intake:incomplete', status: 'inactive' },
        { tag: 'status:intake:complete', status: 'active' },
        { tag: 'status:verification:incomplete', status: 'active' },
      ].sort(byName),
    );
    expect(await checkoutsOf(patient.id)).toEqual([{ status: 'completed', step: null, attempts: 1 }]);

    // The same request again: the stored answer, nothing repeated.
    const attach = vi.spyOn(t.app.ctx.payments, 'attachCard');
    const again = await kit.submit(patient, key, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(json<CheckoutResult>(again)._id).toBe(result._id);
    expect(json<CheckoutResult>(again).totals).toEqual(result.totals);
    expect(attach).not.toHaveBeenCalled();

    // The same key with another body is refused.
    const other = await kit.submit(patient, key, { ...body, promo_code: null });
    expect(other.statusCode).toBe(422);
    expect(json(other)).toMatchObject({ text: 'IdempotencyKeyReused' });
    // A new key for the paid visit: 'This intake has already been paid.'
    const paid = await kit.submit(patient, randomUUID(), body);
    expect(paid.statusCode).toBe(400);
    expect(json(paid)).toEqual({ text: 'IntakeAlreadyPaid', message: 'This intake has already been paid.' });
  });

  it('keeps the saved card and leaves an existing membership alone', async () => {
    const { patient, intake } = await readyVisit();
    expect(
      (await kit.submit(patient, randomUUID(), consultation(intake, await kit.token()))).statusCode,
    ).toBe(200);
    const second = await kit.visit(patient, [rapamycin()]);
    const res = await kit.submit(patient, randomUUID(), consultation(second, null));
    expect(res.statusCode, res.body).toBe(200);
    expect(await liveMemberships(patient.id)).toBe(1);
    expect(await cards(patient.id)).toBe(1);
    expect((await intakeState(second)).patient_complete).toBe(true);
  });

  it('a coaching visit: the membership is the coaching subscription, attached to the visit (000 §4 step 4)', async () => {
    const patient = await kit.patient();
    const coaching = kit.product('longevity-coaching', 3).id;
    const intake = await kit.visit(patient, [coaching]);
    const res = await kit.submit(patient, randomUUID(), consultation(intake, await kit.token()));
    expect(res.statusCode, res.body).toBe(200);
    const result = json<CheckoutResult>(res);
    expect(result.next).toEqual({
      kind: 'coaching',
      subscription: result.membership_subscription,
      order: null,
    });
    expect(result.subscriptions).toEqual([result.membership_subscription]);
    expect((await intakeState(intake)).subscriptions).toEqual([result.membership_subscription]);
    expect(await liveMemberships(patient.id)).toBe(1);
    // Coaching $399.00 a quarter and the quarterly membership price, both recurring.
    expect(result.totals).toMatchObject({ total_due_now: 39_900 + kit.membership(3).unit_amount });
  });

  it('ten simultaneous identical submits: one card, one membership, one completion', async () => {
    const { patient, intake } = await readyVisit();
    const attach = vi.spyOn(t.app.ctx.payments, 'attachCard');
    const key = randomUUID();
    const body = consultation(intake, await kit.token());
    const answers = await Promise.all(Array.from({ length: 10 }, () => kit.submit(patient, key, body)));
    const codes = answers.map((r) => r.statusCode);
    expect(
      codes.every((c) => c === 200 || c === 409),
      codes.join(),
    ).toBe(true);
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(1);
    for (const r of answers.filter((a) => a.statusCode === 409))
      expect(json(r)).toMatchObject({ text: 'CheckoutInProgress' });
    expect(
      new Set(answers.filter((a) => a.statusCode === 200).map((a) => json<CheckoutResult>(a)._id)).size,
    ).toBe(1);
    expect(attach).toHaveBeenCalledTimes(1);
    expect(await liveMemberships(patient.id)).toBe(1);
    expect(await cards(patient.id)).toBe(1);
    expect(
      await kit.count(
        sql`select count(*) as n from events where user_id = ${patient.id} and name = 'intake_completed'`,
      ),
    ).toBe(1);
    expect(await checkoutsOf(patient.id)).toHaveLength(1);
    // A retry after the burst answers the stored result.
    const after = await kit.submit(patient, key, body);
    expect(after.statusCode).toBe(200);
    expect(after.headers['idempotent-replayed']).toBe('true');
  });

  it('ten simultaneous submits with different keys for one visit: one completes, the rest are already paid', async () => {
    const { patient, intake } = await readyVisit();
    const tokens = await Promise.all(Array.from({ length: 10 }, () => kit.token()));
    const answers = await Promise.all(
      tokens.map((token) => kit.submit(patient, randomUUID(), consultation(intake, token))),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes, answers.map((a) => a.body).join('\n')).toEqual([200, ...Array(9).fill(400)]);
    for (const r of answers.filter((a) => a.statusCode === 400))
      expect(json(r)).toEqual({ text: 'IntakeAlreadyPaid', message: 'This intake has already been paid.' });
    expect(await liveMemberships(patient.id)).toBe(1);
    const all = await checkoutsOf(patient.id);
    expect(all.filter((c) => c.status === 'completed')).toHaveLength(1);
    expect(
      await kit.count(
        sql`select count(*) as n from events where user_id = ${patient.id} and name = 'intake_completed'`,
      ),
    ).toBe(1);
  });
});

describe('POST /v2/checkout, a failure part-way', () => {
  for (const [number, status, text, message] of [
    ['4000000000000002', 400, 'InvalidCard', 'Invalid Credit Card'],
    ['4000000000009995', 402, 'CardDeclined', 'Your card has insufficient funds.'],
  ] as const) {
    it(`a refused card (${number.slice(-4)}) starts nothing; the same key with another card completes`, async () => {
      const { patient, intake } = await readyVisit();
      const key = randomUUID();
      const res = await kit.submit(patient, key, consultation(intake, await kit.token(number)));
      expect(res.statusCode, res.body).toBe(status);
      expect(json(res)).toEqual({ text, message });
      expect(res.headers['checkout-step']).toBe('card');
      expect((await intakeState(intake)).patient_complete).toBe(false);
      expect(await liveMemberships(patient.id)).toBe(0);
      expect(await cards(patient.id)).toBe(0);
      expect(await checkoutsOf(patient.id)).toEqual([{ status: 'failed', step: 'card', attempts: 1 }]);

      const retry = await kit.submit(patient, key, consultation(intake, await kit.token()));
      expect(retry.statusCode, retry.body).toBe(200);
      expect((await intakeState(intake)).patient_complete).toBe(true);
      expect(await liveMemberships(patient.id)).toBe(1);
      expect(await checkoutsOf(patient.id)).toEqual([{ status: 'completed', step: null, attempts: 2 }]);
    });
  }

  it('a closed visit is refused before anything is done; reopened, the same key completes', async () => {
    const { patient, intake } = await readyVisit();
    await rows(t.database, sql`update intakes set closed = true where id = ${intake}`);
    const key = randomUUID();
    const res = await kit.submit(patient, key, consultation(intake, await kit.token()));
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ text: 'WrongIntakeState' });
    expect(await checkoutsOf(patient.id)).toEqual([]);
    expect(await cards(patient.id)).toBe(0);
    expect(await liveMemberships(patient.id)).toBe(0);

    await rows(t.database, sql`update intakes set closed = false where id = ${intake}`);
    const retry = await kit.submit(patient, key, consultation(intake, await kit.token()));
    expect(retry.statusCode, retry.body).toBe(200);
  });

  it('a visit closed while the checkout runs: the membership it started is cancelled; the retry completes', async () => {
    const { patient, intake } = await readyVisit();
    const useCase = createCheckoutUseCase({
      db: t.app.ctx.db,
      payments: t.app.ctx.payments,
      users: t.app.ctx.users,
      notifier: notifierFor(t.app),
      brandName: async () => 'Evergreen',
      now: () => new Date(clock),
      hooks: {
        beforeStep: async (step) => {
          if (step === 'intake' && closeBeforeCompletion)
            await rows(t.database, sql`update intakes set closed = true where id = ${intake}`);
        },
      },
    });
    let closeBeforeCompletion = true;
    const key = randomUUID();
    const actor = { userId: patient.id, organizationId: kit.org };
    const body = CheckoutRequest.parse(consultation(intake, await kit.token()));
    const failure = await useCase.submit(actor, key, body, t.app.log).catch((e: unknown) => e);
    expect(failure).toMatchObject({ statusCode: 400, text: 'WrongIntakeState' });
    expect((failure as { headers: Record<string, string> }).headers['checkout-step']).toBe('intake');

    // The membership started for this visit is cancelled, and the patient has none.
    const memberships = await rows<{ status: string; cancel_reason: string }>(
      t.database,
      sql`select status, cancel_reason from subscriptions where user_id = ${patient.id}`,
    );
    expect(memberships).toEqual([
      { status: 'canceled', cancel_reason: 'The checkout could not be completed.' },
    ]);
    const user = json<{ membership: unknown }>(
      await t.app.inject({
        url: `/users/${kit.org}/user/${patient.id}/patient`,
        headers: bearer(patient.token),
      }),
    );
    expect(user.membership).toBeNull();
    expect(await checkoutsOf(patient.id)).toEqual([{ status: 'failed', step: 'intake', attempts: 1 }]);
    expect((await intakeState(intake)).patient_complete).toBe(false);

    // Retried while still closed: refused up front, nothing changes.
    const early = await useCase.submit(actor, key, body, t.app.log).catch((e: unknown) => e);
    expect(early).toMatchObject({ statusCode: 400, text: 'WrongIntakeState' });
    expect(await liveMemberships(patient.id)).toBe(0);

    // Reopened: the same key continues (the card is not saved again) and starts a live membership.
    closeBeforeCompletion = false;
    await rows(t.database, sql`update intakes set closed = false where id = ${intake}`);
    const attach = vi.spyOn(t.app.ctx.payments, 'attachCard');
    const done = await useCase.submit(actor, key, body, t.app.log);
    expect(done.result.status).toBe('completed');
    expect(attach).not.toHaveBeenCalled();
    expect(await liveMemberships(patient.id)).toBe(1);
    expect((await intakeState(intake)).patient_complete).toBe(true);
  });

  it('an invalid address is refused with every field message and nothing stored; corrected, the same key completes', async () => {
    const { patient, intake } = await readyVisit();
    const key = randomUUID();
    const bad = {
      shipping_info: { ...VALID_SHIPPING.shipping_info, street_address: '', zip_code: '123', state: 'Texas' },
    };
    const res = await kit.submit(patient, key, consultation(intake, await kit.token(), { shipping: bad }));
    expect(res.statusCode).toBe(400);
    const error = json<{ text: string; message: string; fields: { path: string; message: string }[] }>(res);
    expect(error).toMatchObject({
      text: 'ValidationError',
      message: 'Your address is invalid. Please correct the errors and try again.',
    });
    expect(error.fields.map((f) => f.message)).toEqual(
      expect.arrayContaining(['Please enter your street address.', 'Please enter a valid zip code.']),
    );
    expect(await checkoutsOf(patient.id)).toEqual([]);
    expect(await cards(patient.id)).toBe(0);

    const retry = await kit.submit(patient, key, consultation(intake, await kit.token()));
    expect(retry.statusCode, retry.body).toBe(200);
  });

  it('a checkout whose request died is answered 409 until its lease ends, then taken over and finished', async () => {
    const { patient, intake } = await readyVisit();
    const key = randomUUID();
    const body = consultation(intake, await kit.token('4000000000000002'));
    expect((await kit.submit(patient, key, body)).statusCode).toBe(400);
    // As if a request had claimed it and died mid-way.
    await rows(
      t.database,
      sql`update checkouts set status = 'in_progress', locked_until = ${new Date(clock.getTime() + 60_000).toISOString()}
          where user_id = ${patient.id}`,
    );
    const fixed = consultation(intake, await kit.token());
    const busy = await kit.submit(patient, key, body);
    expect(busy.statusCode).toBe(409);
    expect(json(busy)).toMatchObject({ text: 'CheckoutInProgress' });
    const from = clock;
    clock = new Date(from.getTime() + 61_000);
    try {
      const res = await kit.submit(patient, key, fixed);
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      clock = from;
    }
  });
});

describe('POST /v2/checkout, validation (400 in the {text, message} shape, nothing changed)', () => {
  it('refuses a missing key, a malformed body, codes that do not apply, a missing card and a changed total', async () => {
    const { patient, intake } = await readyVisit();
    const token = await kit.token();
    const body = consultation(intake, token);

    const noKey = await kit.submit(patient, null, body);
    expect(noKey.statusCode).toBe(400);
    expect(json(noKey)).toMatchObject({ text: 'ValidationError' });
    expect(json<{ message: string }>(noKey).message).toMatch(/Idempotency-Key/);
    expect((await kit.submit(patient, 'short', body)).statusCode).toBe(400);

    const cases: [Record<string, unknown>, number, string, string?][] = [
      [{ ...body, kind: 'wholesale' }, 400, 'ValidationError'],
      [{ ...body, extra: true }, 400, 'ValidationError'],
      [{ ...body, intake: 'nope' }, 400, 'ValidationError'],
      [{ ...body, payment: { method: 'new_card', token: '4242 4242 4242 4242' } }, 400, 'ValidationError'],
      [{ ...body, promo_code: 'bad code!' }, 400, 'ValidationError', 'Invalid discount code'],
      [
        { ...body, promo_code: 'LABS15' },
        400,
        'CouponNotApplicable',
        'Discount code not applicable for selected product(s)',
      ],
      [
        { ...body, promo_code: 'SPRING10' },
        400,
        'CouponNotApplicable',
        'Discount code not applicable for selected product(s)',
      ],
      [{ ...body, payment: { method: 'saved_card' } }, 400, 'MissingCard', 'Error. Please, contact support.'],
      [
        { ...body, membership: { membership: kit.membership(3).membership, price: intake } },
        400,
        'ProductUndefined',
      ],
      [{ ...body, intake: '0'.repeat(24) }, 404, 'NotFound'],
      [{ ...body, expected_total: 1 }, 409, 'TotalChanged'],
      [
        { kind: 'shop', items: [], shipping: VALID_SHIPPING, payment: { method: 'saved_card' } },
        400,
        'ValidationError',
      ],
    ];
    for (const [payload, status, text, message] of cases) {
      const res = await kit.submit(patient, randomUUID(), payload);
      expect(res.statusCode, `${JSON.stringify(payload).slice(0, 120)} ${res.body}`).toBe(status);
      expect(json(res)).toMatchObject({ text, ...(message ? { message } : {}) });
    }
    expect(await checkoutsOf(patient.id)).toEqual([]);
    expect(await cards(patient.id)).toBe(0);
    expect(await liveMemberships(patient.id)).toBe(0);
    expect((await intakeState(intake)).patient_complete).toBe(false);

    // The total the page showed, when right, passes.
    const right = await kit.submit(patient, randomUUID(), {
      ...body,
      expected_total: 357_600 - 96_000 + 39_900,
    });
    expect(right.statusCode, right.body).toBe(200);
  });

  it("refuses another patient's visit and a care-team caller", async () => {
    const { intake } = await readyVisit();
    const other: Patient = await kit.patient();
    const res = await kit.submit(other, randomUUID(), consultation(intake, await kit.token()));
    expect(res.statusCode).toBe(404);
    const login = await t.app.inject({
      method: 'POST',
      url: `/login/${kit.org}`,
      payload: { email: 'care@evergreen.test', password: 'Demo1234!' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const staff = { ...other, token: json<{ token: string }>(login).token };
    expect((await kit.submit(staff, randomUUID(), consultation(intake, null))).statusCode).toBe(403);
  });
});
