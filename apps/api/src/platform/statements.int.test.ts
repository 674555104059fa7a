import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifierFor } from '../modules/notifications/notifier';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../test/harness';

/**
 * Statements per request on the hot paths (issue 10 §3): each request's statements, BEGIN and COMMIT
 * included, counted by the database layer (`database.statements()`). Timings vary from run to run; these
 * counts do not, so a change that adds a round trip to one of these paths fails here.
 */
let t: TestApp;
let org: string;
let patient: Awaited<ReturnType<typeof signupPatient>>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  patient = await signupPatient(t.app, org);
});
afterAll(() => t.close());

/** The statements one request sends, after the same request once to warm the caches it is allowed. */
async function statementsOf(request: () => Promise<{ statusCode: number; body: string }>) {
  const warm = await request();
  expect(warm.statusCode, warm.body).toBe(200);
  const before = t.database.statements();
  const res = await request();
  expect(res.statusCode, res.body).toBe(200);
  return t.database.statements() - before;
}

describe('statements per request', () => {
  it('the authenticated read: the read and its audit row', async () => {
    const n = await statementsOf(() =>
      t.app.inject({ url: `/users/${org}/user/${patient.id}/patient`, headers: bearer(patient.token) }),
    );
    expect(n).toBe(2);
  });

  it('the coupon call: one read of the coupon and the products, and the audit row', async () => {
    const [product] = await rows<{ id: string }>(
      t.database,
      sql`select p.id from products p join product_templates pt on pt.id = p.product_template_id
          where pt.organization_id = ${org} and pt.slug = 'generic-rapamycin' order by p.id limit 1`,
    );
    const n = await statementsOf(() =>
      t.app.inject({
        method: 'POST',
        url: '/v2/cart/coupon/WELCOME20',
        headers: bearer(patient.token),
        payload: { products: [{ product: product!.id, quantity: 1 }] },
      }),
    );
    expect(n).toBe(2);
  });

  it('saving an intake answer: one read, one write, and the audit row', async () => {
    const template = json<{ _id: string }>(
      await t.app.inject({ url: `/intake-template/${org}/global`, headers: bearer(patient.token) }),
    );
    const created = await t.app.inject({
      method: 'POST',
      url: `/users/${org}/user/${patient.id}/template/${template._id}`,
      headers: bearer(patient.token),
    });
    expect(created.statusCode, created.body).toBe(201);
    const intake = json<{ _id: string; intake_responses: { _id: string; question: string }[] }>(created);
    // a radio question whose options reveal no follow-up, so every save writes the same rows
    const [radio] = await rows<{ question: string; option: string }>(
      t.database,
      sql`select q.id as question, min(o.id) as option from questions q join question_options o on o.question_id = q.id
          where q.template_id = ${template._id} and q.type = 'radio' and q.parent_question_id is null
            and not exists (select 1 from questions f where f.parent_question_id = q.id)
          group by q.id order by q.id limit 1`,
    );
    const response = intake.intake_responses.find((r) => r.question === radio!.question)!;
    const n = await statementsOf(() =>
      t.app.inject({
        method: 'PUT',
        url: `/intakes/${org}/patient/${patient.id}/intake/${intake._id}/response/${response._id}`,
        headers: bearer(patient.token),
        payload: { response: [radio!.option] },
      }),
    );
    expect(n).toBe(3);
  });

  it('booking a call: the calendar read, the booking under the patient lock, its audit row and its e-mail', async () => {
    const booker = await signupPatient(t.app, org);
    const { slots } = json<{ slots: { start_time: string }[] }>(
      await t.app.inject({
        url: '/v2/appointments/availability?kind=coaching&days=14',
        headers: bearer(booker.token),
      }),
    );
    const book = (start: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v2/appointments',
        headers: bearer(booker.token),
        payload: { kind: 'coaching', start_time: start, time_zone: 'America/New_York' },
      });
    const warm = await book(slots[0]!.start_time);
    expect(warm.statusCode, warm.body).toBe(201);
    await notifierFor(t.app).settled();
    const before = t.database.statements();
    const res = await book(slots.at(-1)!.start_time);
    expect(res.statusCode, res.body).toBe(201);
    await notifierFor(t.app).settled();
    // the calendar with the patient as the e-mail needs them (1); BEGIN, the patient's lock and the booking
    // with its notice and reminders (sent together), COMMIT (4); the audit row (1)
    expect(t.database.statements() - before).toBe(6);
  });
});
