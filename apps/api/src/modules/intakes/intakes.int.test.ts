import type { Intake } from '@portal/domain/contracts/intake';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;
let patient: Awaited<ReturnType<typeof signupPatient>>;
let other: Awaited<ReturnType<typeof signupPatient>>;
let genericTemplate: string;
let globalTemplate: string;

type QuestionRow = { id: string; type: string; label: string; parent_question_id: string | null };
type OptionRow = { id: string; label: string; include_none: boolean };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  patient = await signupPatient(t.app, org);
  other = await signupPatient(t.app, org);
  const templates = await rows<{ id: string; slug: string }>(
    t.database,
    sql`select id, slug from intake_templates where organization_id = ${org}`,
  );
  genericTemplate = templates.find((x) => x.slug === 'generic-rapamycin')!.id;
  globalTemplate = templates.find((x) => x.slug === 'global')!.id;
});
afterAll(() => t.close());

const base = (who = patient) => `/intakes/${org}/patient/${who.id}`;

async function createIntake(templateId = genericTemplate, who = patient, payload?: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/users/${org}/user/${who.id}/template/${templateId}`,
    headers: bearer(who.token),
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<Intake>(res);
}

async function topQuestions(templateId: string) {
  return rows<QuestionRow>(
    t.database,
    sql`select id, type, label, parent_question_id from questions where template_id = ${templateId} and parent_question_id is null order by position`,
  );
}
const optionsOf = (questionId: string) =>
  rows<OptionRow>(
    t.database,
    sql`select id, label, include_none from question_options where question_id = ${questionId} order by position`,
  );
const followUpsOf = (questionId: string) =>
  rows<{ id: string; parent_option_id: string }>(
    t.database,
    sql`select id, parent_option_id from questions where parent_question_id = ${questionId}`,
  );

function answer(intake: Intake, questionId: string, payload: object, who = patient) {
  const responseId = intake.intake_responses.find((r) => r.question === questionId)!._id;
  return t.app.inject({
    method: 'PUT',
    url: `${base(who)}/intake/${intake._id}/response/${responseId}`,
    headers: bearer(who.token),
    payload,
  });
}

describe('intake instances', () => {
  it('creates an intake with one empty response per top-level question and reads it back', async () => {
    const questions = await topQuestions(genericTemplate);
    const intake = await createIntake(genericTemplate, patient, { pharmacy_verification: true });
    expect(intake).toMatchObject({
      user: patient.id,
      intake_template: genericTemplate,
      total_steps: questions.length,
      products: [],
      patient_complete: false,
      physician_review: false,
      closed: false,
      status: {
        questions: { total: questions.length },
        complete: { total: 0 },
        incomplete: { total: questions.length },
      },
    });
    expect(intake.intake_responses.map((r) => r.question)).toEqual(questions.map((q) => q.id));
    for (const r of intake.intake_responses) {
      expect(r).toMatchObject({ response: [], free_format_response: null, child_responses: [] });
    }
    const read = await t.app.inject({
      url: `${base()}/patient-intake/${intake._id}`,
      headers: bearer(patient.token),
    });
    expect(read.statusCode).toBe(200);
    expect(json<Intake>(read)).toEqual(intake);
  });

  it('refuses an unknown template, another field, and a template of another organization', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/users/${org}/user/${patient.id}/template/${'0'.repeat(24)}`,
      headers: bearer(patient.token),
    });
    expect(unknown.statusCode).toBe(404);
    const extra = await t.app.inject({
      method: 'POST',
      url: `/users/${org}/user/${patient.id}/template/${genericTemplate}`,
      headers: bearer(patient.token),
      payload: { pharmacy_verification: true, closed: true },
    });
    expect(extra.statusCode).toBe(400);
    const [foreign] = await rows<{ id: string }>(
      t.database,
      sql`select id from intake_templates where organization_id <> ${org} limit 1`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/users/${org}/user/${patient.id}/template/${foreign!.id}`,
      headers: bearer(patient.token),
    });
    expect(res.statusCode).toBe(404);
  });

  it('answers radio questions and their follow-ups, keeping the counters right', async () => {
    const intake = await createIntake();
    const radio = (await topQuestions(genericTemplate)).find((q) => q.label.startsWith('Have you taken'))!;
    const [yes, no] = await optionsOf(radio.id);
    const [followUp] = await followUpsOf(radio.id);
    expect(followUp!.parent_option_id).toBe(yes!.id);

    let res = await answer(intake, radio.id, { response: [no!.id] });
    expect(res.statusCode, res.body).toBe(200);
    let body = json<Intake>(res);
    expect(body.status.complete.total).toBe(1);
    expect(body.status.incomplete.total).toBe(intake.total_steps - 1);

    // Yes reveals a follow-up: incomplete until it is answered.
    res = await answer(intake, radio.id, { response: yes!.id });
    body = json<Intake>(res);
    expect(body.status.complete.total).toBe(0);

    const childUrl = `${base()}/intake/${intake._id}/question/${radio.id}/response/child/update`;
    const blank = await t.app.inject({
      method: 'PUT',
      url: childUrl,
      headers: bearer(patient.token),
      payload: { responses: [{ question: followUp!.id, is_free_format: true, free_format_response: ' ' }] },
    });
    expect(blank.statusCode).toBe(400);
    expect(json(blank)).toMatchObject({ message: 'Please answer all questions before continuing.' });

    const notAFollowUp = await t.app.inject({
      method: 'PUT',
      url: childUrl,
      headers: bearer(patient.token),
      payload: { responses: [{ question: radio.id, is_free_format: true, free_format_response: 'x' }] },
    });
    expect(notAFollowUp.statusCode).toBe(400);

    res = await t.app.inject({
      method: 'PUT',
      url: childUrl,
      headers: bearer(patient.token),
      payload: {
        responses: [{ question: followUp!.id, is_free_format: true, free_format_response: '2 mg weekly' }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    body = json<Intake>(res);
    expect(body.status.complete.total).toBe(1);
    const parent = body.intake_responses.find((r) => r.question === radio.id)!;
    expect(parent.response).toEqual([yes!.id]);
    expect(parent.child_responses).toMatchObject([
      { question: followUp!.id, free_format_response: '2 mg weekly' },
    ]);

    const one = await t.app.inject({
      url: `${base()}/intake/${intake._id}/response/${radio.id}`,
      headers: bearer(patient.token),
    });
    expect(one.statusCode).toBe(200);
    expect(json(one)).toMatchObject({ question: radio.id, response: [yes!.id], child_responses: [{}] });
    const child = await t.app.inject({
      url: `${base()}/intake/${intake._id}/response/${followUp!.id}`,
      headers: bearer(patient.token),
    });
    expect(json(child)).toMatchObject({ question: followUp!.id, free_format_response: '2 mg weekly' });

    // Back to No: the follow-up answer no longer applies.
    body = json<Intake>(await answer(intake, radio.id, { response: [no!.id] }));
    expect(body.intake_responses.find((r) => r.question === radio.id)!.child_responses).toEqual([]);
    expect(body.status.complete.total).toBe(1);

    // A follow-up of an option not chosen cannot be answered.
    const hidden = await t.app.inject({
      method: 'PUT',
      url: childUrl,
      headers: bearer(patient.token),
      payload: { responses: [{ question: followUp!.id, is_free_format: true, free_format_response: 'x' }] },
    });
    expect(hidden.statusCode).toBe(400);

    expect((await answer(intake, radio.id, { response: [yes!.id, no!.id] })).statusCode).toBe(400);
    expect((await answer(intake, radio.id, { response: [] })).statusCode).toBe(400);
    const foreignOption = (await optionsOf((await topQuestions(genericTemplate))[0]!.id))[0]!;
    expect((await answer(intake, radio.id, { response: [foreignOption.id] })).statusCode).toBe(400);
    expect((await answer(intake, radio.id, { response: [no!.id], extra: 1 })).statusCode).toBe(400);
  });

  it('applies the None rules to checkbox answers', async () => {
    const intake = await createIntake();
    const checkbox = (await topQuestions(genericTemplate)).find((q) => q.type === 'checkbox')!;
    const options = await optionsOf(checkbox.id);
    const none = options.find((o) => o.include_none)!;
    const [a, b] = options.filter((o) => !o.include_none);
    const chosen = async (payload: object) => {
      const res = await answer(intake, checkbox.id, payload);
      expect(res.statusCode, res.body).toBe(200);
      return json<Intake>(res).intake_responses.find((r) => r.question === checkbox.id)!.response;
    };
    expect(await chosen({ response: [] })).toEqual([none.id]);
    expect(await chosen({ response: [a!.id, none.id] })).toEqual([none.id]);
    expect(await chosen({ response: [a!.id, b!.id, a!.id] })).toEqual([a!.id, b!.id]);
    const body = json<Intake>(await answer(intake, checkbox.id, { response: [b!.id] }));
    expect(body.status.complete.total).toBe(1);
  });

  it('needs a non-blank answer for long and short text', async () => {
    const intake = await createIntake();
    const questions = await topQuestions(genericTemplate);
    const long = questions.find((q) => q.type === 'long-text')!;
    const short = questions.find((q) => q.type === 'short-text')!;
    for (const q of [long, short]) {
      const blank = await answer(intake, q.id, { free_format_response: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(json(blank)).toMatchObject({ text: 'ValidationError' });
      expect((await answer(intake, q.id, {})).statusCode).toBe(400);
      expect((await answer(intake, q.id, { free_format_response: 'x'.repeat(5001) })).statusCode).toBe(400);
    }
    await answer(intake, long.id, { free_format_response: ' Stay strong into my eighties. ' });
    const res = await answer(intake, short.id, { free_format_response: 'Dr. Park' });
    const body = json<Intake>(res);
    expect(body.intake_responses.find((r) => r.question === long.id)!.free_format_response).toBe(
      'Stay strong into my eighties.',
    );
    expect(body.status).toEqual({
      questions: { total: intake.total_steps },
      complete: { total: 2 },
      incomplete: { total: intake.total_steps - 2 },
    });
  });
});

describe('lists, updates and the lifecycle', () => {
  it('lists all intakes and the incomplete ones newest first, and closes one', async () => {
    const who = await signupPatient(t.app, org);
    const first = await createIntake(globalTemplate, who);
    const second = await createIntake(genericTemplate, who);
    // Started a minute apart, whatever the clock's resolution: the lists order by start.
    await rows(
      t.database,
      sql`update intakes set created_at = created_at - interval '1 minute' where id = ${first._id}`,
    );
    const list = async (suffix: string) =>
      json<Intake[]>(await t.app.inject({ url: `${base(who)}${suffix}`, headers: bearer(who.token) })).map(
        (i) => i._id,
      );
    expect(await list('')).toEqual([second._id, first._id]);
    expect(await list('/incomplete')).toEqual([second._id, first._id]);

    const closed = await t.app.inject({
      method: 'PUT',
      url: `${base(who)}/patient-intake/${first._id}/patient-close`,
      headers: bearer(who.token),
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(json<Intake>(closed).closed).toBe(true);
    expect(await list('/incomplete')).toEqual([second._id]);
    expect(await list('')).toEqual([second._id, first._id]);

    const again = await t.app.inject({
      method: 'PUT',
      url: `${base(who)}/patient-intake/${first._id}/patient-close`,
      headers: bearer(who.token),
    });
    expect(again.statusCode).toBe(400);
    expect(json(again)).toMatchObject({ text: 'WrongIntakeState' });
    const q = (await topQuestions(globalTemplate)).find((x) => x.type === 'long-text')!;
    const refused = await answer(first, q.id, { free_format_response: 'late' }, who);
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({ text: 'WrongIntakeState' });
  });

  it('refuses changes to a completed intake with WrongIntakeState', async () => {
    const intake = await createIntake();
    await t.database.db.execute(sql`update intakes set patient_complete = true where id = ${intake._id}`);
    const q = (await topQuestions(genericTemplate)).find((x) => x.type === 'short-text')!;
    const res = await answer(intake, q.id, { free_format_response: 'x' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ text: 'WrongIntakeState' });
    const expire = await t.app.inject({
      method: 'PUT',
      url: `${base()}/intake/${intake._id}/set-expiration`,
      headers: bearer(patient.token),
    });
    expect(json(expire)).toMatchObject({ text: 'WrongIntakeState' });
    const products = await t.app.inject({
      method: 'POST',
      url: `/v2/intakes/${intake._id}/products`,
      headers: bearer(patient.token),
      payload: { products: [genericTemplate] },
    });
    expect(json(products)).toMatchObject({ text: 'WrongIntakeState' });
    // A photo re-upload still reaches a completed intake and clears the awaiting flag.
    const photo = await t.app.inject({
      method: 'PUT',
      url: `${base()}/intake/${intake._id}`,
      headers: bearer(patient.token),
      payload: {
        image_verification: { id_image_url: '/uploads/id.png' },
        awaiting_patient_update: { is_awaiting: false },
      },
    });
    expect(photo.statusCode, photo.body).toBe(200);
    expect(json<Intake>(photo).image_verification).toEqual({ id_image_url: '/uploads/id.png' });
  });

  it('updates the intake fields with a strict body', async () => {
    const intake = await createIntake();
    const url = `${base()}/intake/${intake._id}`;
    const res = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(patient.token),
      payload: {
        image_verification: { profile_image_url: '/uploads/me.png' },
        awaiting_patient_update: { is_awaiting: true, reason: 'Blurry ID', hold_date: '2026-12-01' },
        subscriptions: [],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Intake>(res)).toMatchObject({
      image_verification: { profile_image_url: '/uploads/me.png' },
      awaiting_patient_update: { is_awaiting: true, reason: 'Blurry ID' },
      subscriptions: [],
    });
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url, headers: bearer(patient.token), payload });
    expect((await put({ closed: true })).statusCode).toBe(400);
    expect((await put({ subscriptions: ['0'.repeat(24)] })).statusCode).toBe(400);
    expect((await put({ image_verification: { id_image_url: 'x'.repeat(3000) } })).statusCode).toBe(400);
  });

  it('sets the expiration 30 days ahead unless told otherwise', async () => {
    const intake = await createIntake();
    const url = `${base()}/intake/${intake._id}/set-expiration`;
    const res = await t.app.inject({ method: 'PUT', url, headers: bearer(patient.token) });
    expect(res.statusCode, res.body).toBe(200);
    const days = (Date.parse(json<Intake>(res).expires_at!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    const seven = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(patient.token),
      payload: { days: 7 },
    });
    expect((Date.parse(json<Intake>(seven).expires_at!) - Date.now()) / 86_400_000).toBeLessThan(7.1);
    const bad = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(patient.token),
      payload: { days: 7, extra: 1 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("gives 404 for another patient's intake id, even on the caller's own path", async () => {
    const intake = await createIntake();
    const q = intake.intake_responses[0]!;
    for (const req of [
      { method: 'GET' as const, url: `${base(other)}/patient-intake/${intake._id}` },
      { method: 'GET' as const, url: `${base(other)}/intake/${intake._id}/response/${q.question}` },
      {
        method: 'PUT' as const,
        url: `${base(other)}/intake/${intake._id}/response/${q._id}`,
        payload: { response: [] },
      },
      { method: 'PUT' as const, url: `${base(other)}/intake/${intake._id}`, payload: {} },
      { method: 'PUT' as const, url: `${base(other)}/patient-intake/${intake._id}/patient-close` },
      { method: 'PUT' as const, url: `${base(other)}/intake/${intake._id}/set-expiration` },
    ]) {
      const res = await t.app.inject({ ...req, headers: bearer(other.token) });
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(404);
    }
    const products = await t.app.inject({
      method: 'POST',
      url: `/v2/intakes/${intake._id}/products`,
      headers: bearer(other.token),
      payload: { products: [genericTemplate] },
    });
    expect(products.statusCode).toBe(403);
    const list = json<Intake[]>(await t.app.inject({ url: base(other), headers: bearer(other.token) }));
    expect(list.map((i) => i._id)).not.toContain(intake._id);
  });
});

describe('intake products', () => {
  it("excludes products by the catalogue's exclusive groups, not by their names", async () => {
    const intake = await createIntake();
    const others = await rows<{ id: string }>(
      t.database,
      sql`select id from product_templates where organization_id = ${org}
          and type = 'medication' and settings->>'exclusive_group' is null order by id limit 2`,
    );
    const [a, b] = others.map((o) => o.id) as [string, string];
    const url = `/v2/intakes/${intake._id}/products`;
    const add = async (products: string[]) =>
      json<Intake>(
        await t.app.inject({ method: 'POST', url, headers: bearer(patient.token), payload: { products } }),
      ).products.map((p) => p.product_template);
    expect(await add([a, b])).toEqual([a, b]);
    // The clinic puts the two in one group: from then on each replaces the other.
    await rows(
      t.database,
      sql`update product_templates set settings = settings || '{"exclusive_group":"sleep"}'::jsonb
          where id in (${a}, ${b})`,
    );
    expect(await add([a])).toEqual([a]);
    expect(await add([b])).toEqual([b]);
  });

  it('adds and removes products; generic and compounded rapamycin exclude each other', async () => {
    const intake = await createIntake();
    const templates = await rows<{ id: string; slug: string }>(
      t.database,
      sql`select id, slug from product_templates where organization_id = ${org}`,
    );
    const generic = templates.find((x) => x.slug === 'generic-rapamycin')!.id;
    const compounded = templates.find((x) => x.slug === 'compounded-rapamycin')!.id;
    const addon = templates.find((x) => !x.slug.includes('rapamycin'))!.id;
    const [price] = await rows<{ id: string; interval_count: number }>(
      t.database,
      sql`select id, interval_count from products where product_template_id = ${generic} and active order by interval_count desc limit 1`,
    );
    const url = `/v2/intakes/${intake._id}/products`;
    const call = async (method: 'POST' | 'DELETE', products: string[]) => {
      const res = await t.app.inject({ method, url, headers: bearer(patient.token), payload: { products } });
      expect(res.statusCode, res.body).toBe(200);
      return json<Intake>(res).products;
    };
    expect((await call('POST', [generic, addon])).map((p) => p.product_template)).toEqual([generic, addon]);
    expect((await call('POST', [compounded])).map((p) => p.product_template)).toEqual([addon, compounded]);
    const withPrice = await call('POST', [price!.id]);
    expect(withPrice.map((p) => p.product_template)).toEqual([addon, generic]);
    expect(withPrice[1]).toMatchObject({ product: price!.id, shipping: { months: price!.interval_count } });
    expect((await call('DELETE', [generic])).map((p) => p.product_template)).toEqual([addon]);
    expect(await call('DELETE', [addon])).toEqual([]);

    const unknown = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(patient.token),
      payload: { products: ['0'.repeat(24)] },
    });
    expect(unknown.statusCode).toBe(400);
    const empty = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(patient.token),
      payload: { products: [] },
    });
    expect(empty.statusCode).toBe(400);
    const read = json<Intake>(
      await t.app.inject({ url: `${base()}/patient-intake/${intake._id}`, headers: bearer(patient.token) }),
    );
    expect(read.products).toEqual([]);
  });
});

describe('configured intake products', () => {
  type PriceRow = { id: string; interval_count: number; strength: string; stripe_price_id: string | null };
  const templateId = async (slug: string) =>
    (
      await rows<{ id: string }>(
        t.database,
        sql`select id from product_templates where organization_id = ${org} and slug = ${slug}`,
      )
    )[0]!.id;
  const priceOf = async (slug: string, months: number, strength: string) =>
    (
      await rows<PriceRow>(
        t.database,
        sql`select p.id, p.interval_count, p.plan_properties->>'dosage_size' as strength, p.stripe_price_id
            from products p join product_templates pt on pt.id = p.product_template_id
            where pt.organization_id = ${org} and pt.slug = ${slug} and p.interval_count = ${months}
              and p.plan_properties->>'dosage_size' = ${strength}`,
      )
    )[0]!;
  const post = (intakeId: string, products: unknown[], method: 'POST' | 'DELETE' = 'POST') =>
    t.app.inject({
      method,
      url: `/v2/intakes/${intakeId}/products`,
      headers: bearer(patient.token),
      payload: { products },
    });

  it('stores the configuration with shipping months and units x months', async () => {
    const intake = await createIntake();
    const generic = await templateId('generic-rapamycin');
    const price = await priceOf('generic-rapamycin', 12, '2 mg');
    const res = await post(intake._id, [
      {
        product: price.id,
        quantity: 8,
        frequency: 'Once weekly',
        dosage: '2 mg',
        treatment_properties: { recommendation_requested: true, comment: 'Please advise on the dose.' },
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    // 8 tablets a month x 12 months = 96
    expect(json<Intake>(res).products).toEqual([
      {
        product_template: generic,
        product: price.id,
        quantity: 8,
        frequency: 'Once weekly',
        dosage: '2 mg',
        shipping: { months: 12, non_recurring: false },
        membership: null,
        treatment_properties: {
          duration: 12,
          has_custom_quantity: true,
          membership_price: null,
          product: price.id,
          product_template: generic,
          quantity: 96,
          stripe_plan_id: price.stripe_price_id,
          recommendation_requested: true,
          comment: 'Please advise on the dose.',
        },
      },
    ]);
  });

  it('defaults the frequency, strength and quantity of a product without a custom quantity', async () => {
    const intake = await createIntake();
    const price = await priceOf('metformin-er', 3, '500 mg');
    const res = await post(intake._id, [{ product: price.id }]);
    expect(res.statusCode, res.body).toBe(200);
    // metformin: 'Once daily', 30 tablets a month x 3 months = 90
    expect(json<Intake>(res).products[0]).toMatchObject({
      quantity: 30,
      frequency: 'Once daily',
      dosage: '500 mg',
      shipping: { months: 3 },
      treatment_properties: { quantity: 90, has_custom_quantity: false, recommendation_requested: false },
    });
  });

  it('refuses a configuration the catalogue does not offer, with a clear message', async () => {
    const intake = await createIntake();
    const price = await priceOf('generic-rapamycin', 3, '1 mg');
    const metformin = await priceOf('metformin-er', 1, '750 mg');
    const cases: [unknown, RegExp][] = [
      [{ product: '0'.repeat(24) }, /Unknown product/],
      [{ product: price.id, dosage: '2 mg' }, /does not match the product's strength "1 mg"/],
      [{ product: price.id, frequency: 'Twice daily' }, /"Twice daily" is not offered/],
      [{ product: price.id, quantity: 6 }, /between 4 and 24 in steps of 4/],
      [{ product: price.id, quantity: 28 }, /between 4 and 24 in steps of 4/],
      [{ product: metformin.id, quantity: 60 }, /"Once daily" must be 30/],
      [{ product: price.id, membership: 'a'.repeat(24) }, /membership is not offered/],
    ];
    for (const [config, message] of cases) {
      const res = await post(intake._id, [config]);
      expect(res.statusCode, JSON.stringify(config)).toBe(400);
      expect(json<{ message: string }>(res).message).toMatch(message);
    }
    const tooLong = await post(intake._id, [
      { product: price.id, treatment_properties: { comment: 'x'.repeat(1001) } },
    ]);
    expect(tooLong.statusCode).toBe(400);
    const extra = await post(intake._id, [{ product: price.id, price: 1 }]);
    expect(extra.statusCode).toBe(400);
    const read = json<Intake>(
      await t.app.inject({ url: `${base()}/patient-intake/${intake._id}`, headers: bearer(patient.token) }),
    );
    expect(read.products).toEqual([]);
  });

  it("replaces the same template's entry, keeps the rapamycin exclusion, and still takes ids", async () => {
    const intake = await createIntake();
    const generic = await templateId('generic-rapamycin');
    const compounded = await templateId('compounded-rapamycin');
    const nad = await templateId('nad-nasal-spray');
    const first = await priceOf('generic-rapamycin', 12, '1 mg');
    const second = await priceOf('generic-rapamycin', 3, '5 mg');
    const compoundedPrice = await priceOf('compounded-rapamycin', 6, '6 mg');

    await post(intake._id, [{ product: first.id, quantity: 4 }, nad]);
    const replaced = json<Intake>(await post(intake._id, [{ product: second.id, quantity: 12 }])).products;
    expect(replaced.map((p) => [p.product_template, p.product ?? null])).toEqual([
      [nad, null],
      [generic, second.id],
    ]);
    // 12 a month x 3 months = 36
    expect(replaced[1]).toMatchObject({
      quantity: 12,
      dosage: '5 mg',
      treatment_properties: { quantity: 36 },
    });

    const swapped = json<Intake>(
      await post(intake._id, [{ product: compoundedPrice.id, quantity: 16 }]),
    ).products;
    expect(swapped.map((p) => p.product_template)).toEqual([nad, compounded]);

    const removed = json<Intake>(
      await post(intake._id, [{ product: compoundedPrice.id }], 'DELETE'),
    ).products;
    expect(removed.map((p) => p.product_template)).toEqual([nad]);
    const byId = json<Intake>(await post(intake._id, [nad], 'DELETE')).products;
    expect(byId).toEqual([]);
  });
});

describe('configured quantity at checkout', () => {
  it('prices the checkout value and the coupon discount by the configured quantity', async () => {
    const who = await signupPatient(t.app, org);
    const intake = await createIntake(genericTemplate, who);
    for (const q of await topQuestions(genericTemplate)) {
      let payload: object;
      if (q.type === 'long-text' || q.type === 'short-text') payload = { free_format_response: 'Fine.' };
      else {
        const options = await rows<{ id: string }>(
          t.database,
          sql`select o.id from question_options o where o.question_id = ${q.id}
              and not exists (select 1 from questions f where f.parent_option_id = o.id)
              order by o.include_none desc, o.position`,
        );
        payload = { response: [options[0]!.id] };
      }
      expect((await answer(intake, q.id, payload, who)).statusCode).toBe(200);
    }
    const [price] = await rows<{ id: string; unit_amount: number }>(
      t.database,
      sql`select p.id, p.unit_amount from products p join product_templates pt on pt.id = p.product_template_id
          where pt.organization_id = ${org} and pt.slug = 'generic-rapamycin' and p.interval_count = 12
            and p.plan_properties->>'dosage_size' = '1 mg'`,
    );
    const added = await t.app.inject({
      method: 'POST',
      url: `/v2/intakes/${intake._id}/products`,
      headers: bearer(who.token),
      payload: { products: [{ product: price!.id, quantity: 8 }] },
    });
    expect(added.statusCode, added.body).toBe(200);
    const done = await t.app.inject({
      method: 'POST',
      url: `/v2/intakes/${intake._id}/complete`,
      headers: { ...bearer(who.token), organization: org },
      payload: { promo_code: 'WELCOME20' },
    });
    expect(done.statusCode, done.body).toBe(200);
    // 1 mg, 12 months: 104400 for 4 tablets a month; 8 a month: 208800; WELCOME20 takes 20%: 41760
    expect(price!.unit_amount).toBe(104_400);
    const [event] = await rows<{ properties: { value: number } }>(
      t.database,
      sql`select properties from events where user_id = ${who.id} and name = 'checkout_completed'`,
    );
    expect(event!.properties.value).toBe(208_800 - 41_760);
    const [redemption] = await rows<{ amount_off: number }>(
      t.database,
      sql`select amount_off from coupon_redemptions where intake_id = ${intake._id}`,
    );
    expect(redemption!.amount_off).toBe(41_760);
  });
});
