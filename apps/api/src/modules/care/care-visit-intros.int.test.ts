import { DEFAULT_VISIT_INTRO } from '@portal/domain/consultation/visit-intro';
import type { CareVisitIntros, VisitIntroResponse } from '@portal/domain/contracts/intake-template';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/ids';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;
let otherOrg: string;
let template: string;
let patient: Awaited<ReturnType<typeof signupPatient>>;
const tokens: Record<string, string> = {};

async function logIn(email: string, orgId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/login/${orgId}`,
    payload: { email, password: 'Demo1234!' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ token: string }>(res).token;
}

const intro = (token: string, id = template, orgId = org) =>
  t.app.inject({ url: `/visits/${orgId}/template/visit-intro/${id}`, headers: bearer(token) });
const put = (payload: unknown, token = tokens.admin!, id = template, orgId = org) =>
  t.app.inject({
    method: 'PUT',
    url: `/care/${orgId}/visit-intros/${id}`,
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  otherOrg = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }))._id;
  for (const who of ['admin', 'care', 'physician']) tokens[who] = await logIn(`${who}@evergreen.test`, org);
  tokens.otherAdmin = await logIn('admin@bluecrest.test', otherOrg);
  patient = await signupPatient(t.app, org);
  const [row] = await rows<{ id: string }>(
    t.database,
    sql`select id from intake_templates where organization_id = ${org} and not is_global order by name limit 1`,
  );
  template = row!.id;
});
afterAll(() => t.close());

describe("a visit's How it Works content", () => {
  it('reads as the portal defaults until the clinic words it', async () => {
    const res = await intro(patient.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<VisitIntroResponse>(res)).toEqual({ template, ...DEFAULT_VISIT_INTRO, customized: false });
    expect((await intro(patient.token, newId())).statusCode).toBe(404);
    // another clinic's visit is not this clinic's
    expect((await intro(patient.token, template, otherOrg)).statusCode).toBeGreaterThanOrEqual(403);
  });

  it("lets the clinic's admin word it, the patient reads it, and a reset brings the defaults back", async () => {
    const list = json<CareVisitIntros>(
      await t.app.inject({ url: `/care/${org}/visit-intros`, headers: bearer(tokens.admin!) }),
    );
    expect(list.intros[0]?.is_global).toBe(true);
    expect(list.intros.map((i) => i.template)).toContain(template);

    const worded = await put({
      title: '  Your rapamycin visit  ',
      steps: [
        { title: 'About you', text: 'A few details first.' },
        { title: 'Your health', text: 'Questions your physician reviews.' },
      ],
    });
    expect(worded.statusCode, worded.body).toBe(200);
    const read = json<VisitIntroResponse>(await intro(patient.token));
    expect(read).toMatchObject({
      title: 'Your rapamycin visit',
      lead: DEFAULT_VISIT_INTRO.lead,
      customized: true,
    });
    expect(read.steps.map((s) => s.title)).toEqual(['About you', 'Your health']);

    expect((await put({ reset: true })).statusCode).toBe(200);
    expect(json<VisitIntroResponse>(await intro(patient.token)).customized).toBe(false);
  });

  it('refuses bad wording with the reason, other roles, other clinics and unknown visits', async () => {
    const empty = await put({ title: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Give the introduction a title.');
    expect((await put({ steps: [] })).statusCode).toBe(400);
    expect((await put({ title: 'x', colour: 'red' })).statusCode).toBe(400);
    expect((await put({ reset: false })).statusCode).toBe(400);
    for (const who of ['care', 'physician']) {
      expect((await put({ title: 'Mine' }, tokens[who])).statusCode).toBe(403);
      expect(
        (await t.app.inject({ url: `/care/${org}/visit-intros`, headers: bearer(tokens[who]!) })).statusCode,
      ).toBe(403);
    }
    expect((await put({ title: 'Mine' }, patient.token)).statusCode).toBe(403);
    expect((await put({ title: 'Mine' }, tokens.otherAdmin)).statusCode).toBeGreaterThanOrEqual(403);
    expect((await put({ title: 'Mine' }, tokens.otherAdmin, template, otherOrg)).statusCode).toBe(404);
    expect((await put({ title: 'Mine' }, tokens.admin, newId())).statusCode).toBe(404);
    expect(json<VisitIntroResponse>(await intro(patient.token)).title).toBe(DEFAULT_VISIT_INTRO.title);
  });
});
