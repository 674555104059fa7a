import type { Intake } from '@portal/domain/contracts/intake';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;
let genericTemplate: string;
let genericProduct: string;

type Patient = Awaited<ReturnType<typeof signupPatient>>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  const [template] = await rows<{ id: string }>(
    t.database,
    sql`select id from intake_templates where organization_id = ${org} and slug = 'generic-rapamycin'`,
  );
  genericTemplate = template!.id;
  const [product] = await rows<{ id: string }>(
    t.database,
    sql`select p.id from products p join product_templates pt on pt.id = p.product_template_id
        where pt.organization_id = ${org} and pt.slug = 'generic-rapamycin' and p.pricing_type = 'recurring'
        order by p.interval_count limit 1`,
  );
  genericProduct = product!.id;
});
afterAll(() => t.close());

async function createIntake(who: Patient): Promise<Intake> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/users/${org}/user/${who.id}/template/${genericTemplate}`,
    headers: bearer(who.token),
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<Intake>(res);
}

/** Answers every top-level question through the intakes API with choices that reveal no follow-up. */
async function answerAll(intake: Intake, who: Patient): Promise<void> {
  const questions = await rows<{ id: string; type: string }>(
    t.database,
    sql`select id, type from questions where template_id = ${genericTemplate} and parent_question_id is null order by position`,
  );
  for (const q of questions) {
    let payload: object;
    if (q.type === 'long-text' || q.type === 'short-text')
      payload = { free_format_response: 'Fine, thanks.' };
    else {
      const options = await rows<{ id: string; include_none: boolean }>(
        t.database,
        sql`select o.id, o.include_none from question_options o where o.question_id = ${q.id}
            and not exists (select 1 from questions f where f.parent_option_id = o.id) order by o.include_none desc, o.position`,
      );
      payload = { response: [options[0]!.id] };
    }
    const responseId = intake.intake_responses.find((r) => r.question === q.id)!._id;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/intakes/${org}/patient/${who.id}/intake/${intake._id}/response/${responseId}`,
      headers: bearer(who.token),
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const res = await t.app.inject({
    method: 'POST',
    url: `/v2/intakes/${intake._id}/products`,
    headers: bearer(who.token),
    payload: { products: [genericProduct] },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const complete = (intakeId: string, who: Patient, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/v2/intakes/${intakeId}/complete`,
    headers: { ...bearer(who.token), organization: org },
    payload,
  });

const redemptions = async (intakeId: string) =>
  (await rows(t.database, sql`select id from coupon_redemptions where intake_id = ${intakeId}`)).length;
const welcomes = async (userId: string) =>
  (
    await rows(
      t.database,
      sql`select id from notifications where user_id = ${userId} and category = 'welcome'`,
    )
  ).length;
const timesRedeemed = async () =>
  (
    await rows<{ n: number }>(
      t.database,
      sql`select times_redeemed as n from coupons where organization_id = ${org} and code = 'WELCOME20'`,
    )
  )[0]!.n;

describe('POST /v2/intakes/{intake}/complete', () => {
  it('completes an answered intake with WELCOME20: redemption, welcome notification, events', async () => {
    const patient = await signupPatient(t.app, org);
    const intake = await createIntake(patient);
    await answerAll(intake, patient);
    const before = await timesRedeemed();

    const res = await complete(intake._id, patient, { promo_code: 'welcome20' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Intake>(res)).toMatchObject({ _id: intake._id, patient_complete: true });

    const [stored] = await rows<{ patient_complete: boolean; completed_at: unknown; promo_code: string }>(
      t.database,
      sql`select patient_complete, completed_at, promo_code from intakes where id = ${intake._id}`,
    );
    expect(stored).toMatchObject({ patient_complete: true, promo_code: 'WELCOME20' });
    expect(stored!.completed_at).not.toBeNull();
    expect(await redemptions(intake._id)).toBe(1);
    expect(await timesRedeemed()).toBe(before + 1);
    expect(await welcomes(patient.id)).toBe(1);
    const names = (
      await rows<{ name: string }>(
        t.database,
        sql`select name from events where user_id = ${patient.id} order by name`,
      )
    ).map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['checkout_completed', 'intake_completed']));
    const [conversion] = await rows<{ properties: { promo_code: string; value: number } }>(
      t.database,
      sql`select properties from events where user_id = ${patient.id} and name = 'checkout_completed'`,
    );
    expect(conversion!.properties).toMatchObject({ intake_id: intake._id, promo_code: 'WELCOME20' });
    expect(conversion!.properties.value).toBeGreaterThan(0);
    const user = json<{ complete_intake: boolean; requires_intake: boolean }>(
      await t.app.inject({ url: `/users/${org}/user/${patient.id}/patient`, headers: bearer(patient.token) }),
    );
    expect(user).toMatchObject({ complete_intake: true, requires_intake: false });

    const again = await complete(intake._id, patient, { promo_code: 'WELCOME20' });
    expect(again.statusCode).toBe(400);
    expect(json(again)).toEqual({ text: 'IntakeAlreadyPaid', message: 'This intake has already been paid.' });
    expect(await redemptions(intake._id)).toBe(1);

    // A second visit completes without a second welcome.
    const second = await createIntake(patient);
    await answerAll(second, patient);
    expect((await complete(second._id, patient)).statusCode).toBe(200);
    expect(await welcomes(patient.id)).toBe(1);
  });

  it('refuses an intake with unanswered questions with WrongIntakeState', async () => {
    const patient = await signupPatient(t.app, org);
    const intake = await createIntake(patient);
    const res = await complete(intake._id, patient);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ text: 'WrongIntakeState' });
    expect(json<{ message: string }>(res).message).toMatch(/answer all questions/);
    expect(await welcomes(patient.id)).toBe(0);
  });

  it('completes once under three concurrent submits', async () => {
    const patient = await signupPatient(t.app, org);
    const intake = await createIntake(patient);
    await answerAll(intake, patient);
    const results = await Promise.all(
      [1, 2, 3].map(() => complete(intake._id, patient, { promo_code: 'WELCOME20' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400)) {
      expect(json(r)).toMatchObject({ text: 'IntakeAlreadyPaid' });
    }
    expect(await redemptions(intake._id)).toBe(1);
    expect(await welcomes(patient.id)).toBe(1);
    const completions = await rows(
      t.database,
      sql`select id from events where user_id = ${patient.id} and name = 'intake_completed'`,
    );
    expect(completions).toHaveLength(1);
  });

  it('completes without a redemption when the code does not apply', async () => {
    const patient = await signupPatient(t.app, org);
    const intake = await createIntake(patient);
    await answerAll(intake, patient);
    const res = await complete(intake._id, patient, { promo_code: 'LABS15' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await redemptions(intake._id)).toBe(0);
  });

  it("refuses another patient's intake and bad codes", async () => {
    const owner = await signupPatient(t.app, org);
    const other = await signupPatient(t.app, org);
    const intake = await createIntake(owner);
    await answerAll(intake, owner);
    expect([403, 404]).toContain((await complete(intake._id, other)).statusCode);
    expect((await complete(intake._id, owner, { promo_code: 'bad code!' })).statusCode).toBe(400);
    expect((await complete(intake._id, owner, { promo_code: 'X', extra: 1 })).statusCode).toBe(400);
    const [stored] = await rows<{ patient_complete: boolean }>(
      t.database,
      sql`select patient_complete from intakes where id = ${intake._id}`,
    );
    expect(stored!.patient_complete).toBe(false);
  });
});

describe('POST /users/{org}/user/{user}/add-completed-intake', () => {
  it('marks the patient once the intake is completed', async () => {
    const patient = await signupPatient(t.app, org);
    const intake = await createIntake(patient);
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: `/users/${org}/user/${patient.id}/add-completed-intake`,
        headers: bearer(patient.token),
        payload: { intake: intake._id },
      });
    const early = await call();
    expect(early.statusCode).toBe(400);
    expect(json(early)).toMatchObject({ text: 'WrongIntakeState' });
    await answerAll(intake, patient);
    expect((await complete(intake._id, patient)).statusCode).toBe(200);
    const res = await call();
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ complete_intake: true, requires_intake: false });
  });
});

describe('a doubled checkout submit (000 §4, two tabs or a double click)', () => {
  it('leaves one billing profile, one membership and one completed intake', async () => {
    const patient = await signupPatient(t.app, org);
    const intake = await createIntake(patient);
    await answerAll(intake, patient);
    const [price] = await rows<{ id: string; membership_id: string }>(
      t.database,
      sql`select mp.id, mp.membership_id from membership_prices mp join memberships m on m.id = mp.membership_id
          where m.organization_id = ${org} and mp.active order by mp.interval_count limit 1`,
    );
    const token = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/sandbox/payments/tokens',
        remoteAddress: `10.77.0.${Math.floor(Math.random() * 200) + 1}`,
        payload: {
          number: '4242424242424242',
          exp_month: 12,
          exp_year: new Date().getUTCFullYear() + 2,
          cvc: '123',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return json<{ id: string }>(res).id;
    };
    const [first, second] = [await token(), await token()];

    // Each tab runs the same steps at once: billing profile, membership start, completion.
    const submit = async (cardToken: string) => {
      const profile = await t.app.inject({
        method: 'POST',
        url: `/billing/${org}/patient/${patient.id}/billing/profile/create`,
        headers: bearer(patient.token),
        payload: { token: cardToken, organization: org, user_id: patient.id },
      });
      const membership = await t.app.inject({
        method: 'POST',
        url: `/memberships/${org}/membership/${price!.membership_id}/price/${price!.id}/start`,
        headers: bearer(patient.token),
        payload: {
          data: {
            patient_id: patient.id,
            stripe_customer_id: json<{ stripe_id: string }>(profile).stripe_id,
          },
        },
      });
      const completed = await complete(intake._id, patient, {});
      return { profile, membership, completed };
    };
    const tabs = await Promise.all([submit(first), submit(second)]);

    expect(tabs.map((r) => r.profile.statusCode)).toEqual([200, 200]);
    expect(new Set(tabs.map((r) => json<{ stripe_id: string }>(r.profile).stripe_id)).size).toBe(1);
    const cards = await rows(t.database, sql`select id from payment_methods where user_id = ${patient.id}`);
    expect(cards).toHaveLength(1);

    expect(tabs.map((r) => r.membership.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(tabs.map((r) => json<{ _id: string }>(r.membership)._id)).size).toBe(1);
    const memberships = await rows(
      t.database,
      sql`select id from subscriptions where user_id = ${patient.id} and type = 'coaching_membership'`,
    );
    expect(memberships).toHaveLength(1);

    expect(tabs.map((r) => r.completed.statusCode).sort()).toEqual([200, 400]);
    const refused = tabs.find((r) => r.completed.statusCode === 400)!.completed;
    expect(json(refused)).toEqual({
      text: 'IntakeAlreadyPaid',
      message: 'This intake has already been paid.',
    });
    const completions = await rows(
      t.database,
      sql`select id from events where user_id = ${patient.id} and name = 'intake_completed'`,
    );
    expect(completions).toHaveLength(1);
    expect(await welcomes(patient.id)).toBe(1);
  });
});
