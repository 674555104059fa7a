import type { Intake } from '@portal/domain/contracts/intake';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';
import { createIntakesRepository } from './intakes.repository';

/**
 * An answer is saved with one read and one write that applies only if the intake is still as read
 * (decision 022). These tests hold the counters right when answers of one intake arrive at once, and the
 * write refuses an intake that changed after it was read. On PostgreSQL (DATABASE_URL) the saves really
 * overlap; on the embedded database they queue on its one connection.
 */
let t: TestApp;
let org: string;
let patient: Awaited<ReturnType<typeof signupPatient>>;
let templateId: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  patient = await signupPatient(t.app, org);
  const [template] = await rows<{ id: string }>(
    t.database,
    sql`select id from intake_templates where organization_id = ${org} and slug = 'global'`,
  );
  templateId = template!.id;
});
afterAll(() => t.close());

async function newIntake() {
  const res = await t.app.inject({
    method: 'POST',
    url: `/users/${org}/user/${patient.id}/template/${templateId}`,
    headers: bearer(patient.token),
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<Intake>(res);
}

/** For every top-level question: an answer that completes it (an option revealing no follow-up, or text). */
async function completingAnswers() {
  return rows<{ question: string; payload: object }>(
    t.database,
    sql`select q.id as question,
          case when q.type in ('long-text', 'short-text') then jsonb_build_object('free_format_response', 'Fine.')
          else jsonb_build_object('response', jsonb_build_array((
            select o.id from question_options o where o.question_id = q.id
              and not exists (select 1 from questions f where f.parent_option_id = o.id)
            order by o.include_none desc, o.position limit 1)))
          end as payload
        from questions q where q.template_id = ${templateId} and q.parent_question_id is null order by q.position`,
  );
}

const save = (intake: Intake, question: string, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/intakes/${org}/patient/${patient.id}/intake/${intake._id}/response/${
      intake.intake_responses.find((r) => r.question === question)!._id
    }`,
    headers: bearer(patient.token),
    payload,
  });

describe('saving answers at once', () => {
  it('counts every answer when all questions of one intake are answered at the same time', async () => {
    const intake = await newIntake();
    const answers = await completingAnswers();
    expect(answers.length).toBeGreaterThan(2);
    const results = await Promise.all(answers.map((a) => save(intake, a.question, a.payload)));
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    const [row] = await rows<{ complete_total: number; incomplete_total: number; questions_total: number }>(
      t.database,
      sql`select complete_total, incomplete_total, questions_total from intakes where id = ${intake._id}`,
    );
    expect(row).toEqual({
      complete_total: answers.length,
      incomplete_total: 0,
      questions_total: answers.length,
    });
    const [answered] = await rows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from intake_responses where intake_id = ${intake._id} and answered_at is not null`,
    );
    expect(answered!.n).toBe(answers.length);
  });

  it('the same question answered twice at once keeps one answer and the right counters', async () => {
    const intake = await newIntake();
    const [first] = await completingAnswers();
    const results = await Promise.all([1, 2, 3].map(() => save(intake, first!.question, first!.payload)));
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    const [row] = await rows<{ complete_total: number }>(
      t.database,
      sql`select complete_total from intakes where id = ${intake._id}`,
    );
    expect(row!.complete_total).toBe(1);
  });
});

describe('the conditional write', () => {
  it('applies nothing when the intake changed after it was read', async () => {
    const intake = await newIntake();
    const repo = createIntakesRepository(t.database.db);
    const snapshot = (await repo.snapshotForPatient(intake._id, patient.id))!;
    expect(snapshot.responses.map((r) => r.id)).toEqual(intake.intake_responses.map((r) => r._id));
    const target = snapshot.responses[0]!;
    // another change of the intake in between (here its counters, as any answer does)
    await repo.update(intake._id, { completeTotal: 0 });
    const values = { response: [], freeFormatResponse: 'Fine.', answeredAt: new Date() };
    const counters = { questionsTotal: 1, completeTotal: 1, incompleteTotal: 0 };
    expect(
      await repo.answerIfUnchanged(intake._id, snapshot.version, target.id, values, [], counters),
    ).toBeUndefined();
    const [untouched] = await rows<{ answered_at: string | null }>(
      t.database,
      sql`select answered_at from intake_responses where id = ${target.id}`,
    );
    expect(untouched!.answered_at).toBeNull();
    // read again, the same write goes through
    const again = (await repo.snapshotForPatient(intake._id, patient.id))!;
    const written = await repo.answerIfUnchanged(intake._id, again.version, target.id, values, [], counters);
    expect(written?.completeTotal).toBe(1);
  });
});
