import type { CareClaim, CareQueuePage } from '@portal/domain/contracts/care';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/ids';
import { hashPassword } from '../../platform/auth/password';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;
let otherOrg: string;
let template: string;
let products: { rapa: string; other: string };
const tokens: Record<string, string> = {};
const HOUR = 3_600_000;

async function logIn(email: string, domain = 'localhost') {
  const orgId = domain === 'localhost' ? org : otherOrg;
  const res = await t.app.inject({
    method: 'POST',
    url: `/login/${orgId}`,
    payload: { email, password: 'Demo1234!' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ token: string }>(res).token;
}

/** A patient of the clinic in `state` with a visit in the given condition, submitted `hoursAgo`. */
async function visit(
  state: string,
  hoursAgo: number,
  opts: {
    product?: string;
    patientComplete?: boolean;
    reviewed?: boolean;
    closed?: boolean;
    awaiting?: boolean;
  } = {},
) {
  const patient = await signupPatient(t.app, org, { first_name: 'Quinn', last_name: `Queue${state}` });
  await t.database.db.execute(
    sql`update users set state = ${state}, birthday = '1980-01-15', verification_status = 'pending' where id = ${patient.id}`,
  );
  const id = newId();
  const at = new Date(t.app.ctx.now().getTime() - hoursAgo * HOUR).toISOString();
  const productsJson = JSON.stringify([{ product_template: opts.product ?? products.rapa }]);
  const awaiting = JSON.stringify({ is_awaiting: opts.awaiting ?? false });
  await t.database.db.execute(sql`
    insert into intakes (id, user_id, organization_id, template_id, total_steps, products, patient_complete,
      physician_review, closed, awaiting_patient_update, completed_at)
    values (${id}, ${patient.id}, ${org}, ${template}, 3, ${productsJson}::jsonb, ${opts.patientComplete ?? true},
      ${opts.reviewed ?? false}, ${opts.closed ?? false}, ${awaiting}::jsonb, ${at}::timestamptz)`);
  return { id, patientId: patient.id, patientToken: patient.token };
}

/** A physician of the clinic licensed in the given states only, signed in: their token. */
async function licensedPhysician(
  login: string,
  [firstName, lastName]: [string, string],
  npi: string,
  states: string[],
): Promise<string> {
  const userId = newId();
  const physicianId = newId();
  const email = `${login}@evergreen.test`;
  await t.database.db.execute(sql`
    insert into users (id, organization_id, role, email, password_hash, first_name, last_name)
    values (${userId}, ${org}, 'physician', ${email}, ${await hashPassword('Demo1234!')}, ${firstName}, ${lastName})`);
  await t.database.db.execute(sql`
    insert into physicians (id, organization_id, user_id, first_name, last_name, npi_num, is_provider)
    values (${physicianId}, ${org}, ${userId}, ${firstName}, ${lastName}, ${npi}, false)`);
  for (const state of states)
    await t.database.db.execute(
      sql`insert into physician_states (physician_id, state) values (${physicianId}, ${state})`,
    );
  return logIn(email);
}

const queue = async (token: string, query = '') => {
  const res = await t.app.inject({ url: `/care/${org}/queue${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return json<CareQueuePage>(res);
};

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  otherOrg = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }))._id;
  [{ id: template }] = (await rows<{ id: string }>(
    t.database,
    sql`select id from intake_templates where organization_id = ${org} order by id limit 1`,
  )) as [{ id: string }];
  const templates = await rows<{ id: string }>(
    t.database,
    sql`select id from product_templates where organization_id = ${org} and type = 'medication' order by id limit 2`,
  );
  products = { rapa: templates[0]!.id, other: templates[1]!.id };
  for (const who of ['care', 'physician', 'admin']) tokens[who] = await logIn(`${who}@evergreen.test`);
  tokens.otherCare = await logIn('care@bluecrest.test', '127.0.0.1');
  tokens.caPhysician = await licensedPhysician('ca.physician', ['Cal', 'Ifornia'], '1999999999', ['CA']);
});
afterAll(() => t.close());

describe('care review queue', () => {
  it('lists submitted, undecided, open visits not back with the patient, oldest first, with what a reviewer needs', async () => {
    const before = (await queue(tokens.care!)).total;
    const recent = await visit('CA', 2);
    const old = await visit('TX', 50);
    await visit('CA', 70, { patientComplete: false });
    await visit('CA', 71, { reviewed: true });
    await visit('CA', 72, { closed: true });
    await visit('CA', 73, { awaiting: true });
    const page = await queue(tokens.care!, '?limit=100');
    expect(page.total).toBe(before + 2);
    const ids = page.items.map((i) => i._id);
    expect(ids.indexOf(old.id)).toBeLessThan(ids.indexOf(recent.id));
    expect(ids.filter((id) => id === old.id || id === recent.id)).toHaveLength(2);
    const submittedTimes = page.items.map((i) => Date.parse(i.submitted_at));
    expect([...submittedTimes].sort((a, b) => a - b)).toEqual(submittedTimes);
    const item = page.items.find((i) => i._id === old.id)!;
    expect(item).toMatchObject({
      patient: {
        _id: old.patientId,
        first_name: 'Quinn',
        last_name: 'QueueTX',
        state: 'TX',
        verification_status: 'pending',
      },
      products: [{ product_template: products.rapa }],
      waiting: { hours: 50, status: 'over_target' },
      claimed_by: null,
    });
    expect(item.patient.age).toBe(46);
    expect(item.products[0]!.name).not.toBe('Unknown product');
    expect(page.items.find((i) => i._id === recent.id)!.waiting.status).toBe('on_track');
  });

  it('shows a physician only the patients of states they are licensed in', async () => {
    const ca = await visit('CA', 5);
    const tx = await visit('TX', 6);
    const caOnly = (await queue(tokens.caPhysician!, '?limit=100')).items.map((i) => i._id);
    expect(caOnly).toContain(ca.id);
    expect(caOnly).not.toContain(tx.id);
    expect(
      (await queue(tokens.caPhysician!, '?limit=100')).items.every((i) => i.patient.state === 'CA'),
    ).toBe(true);
    const everywhere = (await queue(tokens.physician!, '?limit=100')).items.map((i) => i._id);
    expect(everywhere).toEqual(expect.arrayContaining([ca.id, tx.id]));
  });

  it('shows a physician licensed in several states the patients of each of them, and of no other', async () => {
    const token = await licensedPhysician('west.physician', ['Wes', 'Coast'], '1999999998', ['ID', 'UT']);
    const idaho = await visit('ID', 10);
    const utah = await visit('UT', 11);
    const montana = await visit('MT', 12);
    const page = (await queue(token, '?limit=100')).items;
    expect(page.map((i) => i._id)).toEqual(expect.arrayContaining([idaho.id, utah.id]));
    expect(page.map((i) => i._id)).not.toContain(montana.id);
    expect(page.every((i) => ['ID', 'UT'].includes(i.patient.state ?? ''))).toBe(true);
  });

  it('filters by state, product and over target', async () => {
    const wa = await visit('WA', 60, { product: products.other });
    const waNew = await visit('WA', 1);
    const ids = async (q: string) => (await queue(tokens.care!, `${q}&limit=100`)).items.map((i) => i._id);
    expect(await ids('?state=wa')).toEqual([wa.id, waNew.id]);
    expect(await ids(`?state=WA&product=${products.other}`)).toEqual([wa.id]);
    expect(await ids('?state=WA&over_target=true')).toEqual([wa.id]);
    expect(
      (await queue(tokens.care!, '?over_target=true&limit=100')).items.every(
        (i) => i.waiting.status === 'over_target',
      ),
    ).toBe(true);
    const bad = await t.app.inject({
      url: `/care/${org}/queue?state=Washington`,
      headers: bearer(tokens.care!),
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ text: 'ValidationError' });
  });

  it('follows a patient who moves: their visit is found under their new state', async () => {
    const moving = await visit('OR', 5);
    const ids = async (q: string) => (await queue(tokens.care!, `${q}&limit=100`)).items.map((i) => i._id);
    expect(await ids('?state=OR')).toContain(moving.id);
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/users/${org}/${moving.patientId}`,
      headers: bearer(moving.patientToken),
      payload: { state: 'NV' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await ids('?state=OR')).not.toContain(moving.id);
    expect(await ids('?state=NV')).toContain(moving.id);
    // without a state on file, the shipping address's stands in
    await t.database.db.execute(
      sql`update users set state = null, shipping_info = '{"state": "AZ"}'::jsonb where id = ${moving.patientId}`,
    );
    expect(await ids('?state=AZ')).toContain(moving.id);
  });

  it('pages by cursor without gaps or repeats, and refuses a cursor it did not give', async () => {
    const all = (await queue(tokens.care!, '?limit=100')).items.map((i) => i._id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: CareQueuePage = await queue(tokens.care!, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((i) => i._id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all);
    const forged = await t.app.inject({
      url: `/care/${org}/queue?cursor=${Buffer.from('yesterday|x').toString('base64url')}`,
      headers: bearer(tokens.care!),
    });
    expect(forged.statusCode).toBe(400);
  });

  it('claims a visit for the staff member, shows it to the others, and audits it against the patient', async () => {
    const v = await visit('NV', 8);
    const res = await t.app.inject({
      method: 'POST',
      url: `/care/${org}/visits/${v.id}/claim`,
      headers: bearer(tokens.care!),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<CareClaim>(res)).toMatchObject({
      _id: v.id,
      claimed_by: { first_name: 'Jordan', last_name: 'Lee', at: t.app.ctx.now().toISOString() },
    });
    const seenByPhysician = (await queue(tokens.physician!, '?state=NV')).items[0];
    expect(seenByPhysician?.claimed_by).toMatchObject({ first_name: 'Jordan', last_name: 'Lee' });
    await t.app.ctx.audit.flush();
    const audit = await rows<{ action: string; outcome: string }>(
      t.database,
      sql`select action, outcome from audit_log where patient_id = ${v.patientId} and action like 'POST /care/%'`,
    );
    expect(audit).toEqual([{ action: 'POST /care/:org/visits/:id/claim', outcome: 'allowed' }]);
  });

  it('refuses a claim on a decided or unknown visit, and by a role that does not claim', async () => {
    const decided = await visit('CA', 9, { reviewed: true });
    const claim = (id: string, token: string) =>
      t.app.inject({ method: 'POST', url: `/care/${org}/visits/${id}/claim`, headers: bearer(token) });
    expect((await claim(decided.id, tokens.care!)).statusCode).toBe(404);
    expect((await claim(newId(), tokens.care!)).statusCode).toBe(404);
    const open = await visit('CA', 9);
    expect((await claim(open.id, tokens.admin!)).statusCode).toBe(403);
  });

  it('is the clinic staff’s alone: a patient is refused, another clinic’s staff find nothing', async () => {
    const v = await visit('CA', 4);
    const asPatient = await t.app.inject({ url: `/care/${org}/queue`, headers: bearer(v.patientToken) });
    expect(asPatient.statusCode).toBe(403);
    const anonymous = await t.app.inject({ url: `/care/${org}/queue` });
    expect(anonymous.statusCode).toBe(401);
    const otherClinic = await t.app.inject({ url: `/care/${org}/queue`, headers: bearer(tokens.otherCare!) });
    expect(otherClinic.statusCode).toBe(404);
    const ownQueue = await t.app.inject({
      url: `/care/${otherOrg}/queue?limit=100`,
      headers: bearer(tokens.otherCare!),
    });
    expect(json<CareQueuePage>(ownQueue).items.map((i) => i._id)).not.toContain(v.id);
    const claimElsewhere = await t.app.inject({
      method: 'POST',
      url: `/care/${otherOrg}/visits/${v.id}/claim`,
      headers: bearer(tokens.otherCare!),
    });
    expect(claimElsewhere.statusCode).toBe(404);
  });

  it('counts up to 1,000 visits and then says there are more, still paging through all of them', async () => {
    const one = await visit('NV', 100);
    const before = (await queue(tokens.care!, '?state=NV')).total;
    const many = 1_001;
    await t.database.db.execute(sql`
      insert into intakes (id, user_id, organization_id, template_id, total_steps, products, patient_complete,
        physician_review, closed, awaiting_patient_update, completed_at)
      select 'c0' || lpad(to_hex(n), 22, '0'), ${one.patientId}, ${org}, ${template}, 3,
        ${JSON.stringify([{ product_template: products.rapa }])}::jsonb, true, false, false,
        '{"is_awaiting": false}'::jsonb, now() - make_interval(hours => 100 + n)
      from generate_series(1, ${many}::int) n`);
    try {
      const first = await queue(tokens.care!, '?state=NV&limit=100');
      expect(first).toMatchObject({ total: 1_000, total_capped: true });
      expect(first.next_cursor).not.toBeNull();
      const few = await queue(
        tokens.care!,
        '?state=NV&over_target=true&limit=1&product=000000000000000000000000',
      );
      expect(few).toMatchObject({ total: 0, total_capped: false });
    } finally {
      await t.database.db.execute(
        sql`delete from intakes where id like 'c0%' and user_id = ${one.patientId}`,
      );
    }
    expect(await queue(tokens.care!, '?state=NV')).toMatchObject({ total: before, total_capped: false });
  });
});
