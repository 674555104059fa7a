import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  json,
  readOutbox,
  rows,
  signupPatient,
  type TestApp,
  waitForMail,
} from '../../test/harness';
import { createNotifier } from './notifier';

type Page = {
  docs: { _id: string; read: boolean; message: string; category: string; created_at: string; data: object }[];
  page: number;
  totalPages: number;
  totalDocs: number;
  hasNextPage: boolean;
  hasPrevPage: boolean;
  unread: number;
  next_cursor: string | null;
};

let t: TestApp;
let org: string;
let alice: Awaited<ReturnType<typeof signupPatient>>;
let bob: Awaited<ReturnType<typeof signupPatient>>;

/** Inserts n notifications for a patient, the i-th created i minutes before a fixed instant; every third read. */
async function seedNotifications(userId: string, n: number) {
  await t.database.db.execute(sql`
    insert into notifications (id, user_id, organization_id, category, message, data, read, created_at)
    select substr(md5(${userId} || g::text), 1, 24), ${userId}, ${org}, 'order', 'Notice ' || g, '{}'::jsonb,
           g % 3 = 0, timestamptz '2026-05-20 12:00:00+00' - g * interval '1 minute'
    from generate_series(1, ${n}) as g`);
}

const list = async (token: string, query = '') =>
  t.app.inject({ url: `/v2/notifications${query}`, headers: bearer(token) });

beforeAll(async () => {
  t = await createTestApp();
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  alice = await signupPatient(t.app, org);
  bob = await signupPatient(t.app, org);
  await seedNotifications(alice.id, 25);
  await seedNotifications(bob.id, 3);
});
afterAll(() => t.close());

describe('GET /v2/notifications', () => {
  it('answers the first page of 10, newest first, with the paging flags and the unread count', async () => {
    const res = await list(alice.token);
    expect(res.statusCode).toBe(200);
    const page = json<Page>(res);
    // 25 notifications, read when g % 3 = 0: g = 3, 6, ..., 24 -> 8 read, 17 unread
    expect(page).toMatchObject({
      page: 1,
      totalPages: 3,
      totalDocs: 25,
      hasNextPage: true,
      hasPrevPage: false,
      unread: 17,
    });
    expect(page.docs.map((d) => d.message)).toEqual(Array.from({ length: 10 }, (_, i) => `Notice ${i + 1}`));
    expect(page.docs[0]).toMatchObject({
      read: false,
      category: 'order',
      created_at: '2026-05-20T11:59:00.000Z',
    });
  });

  it('answers the last, partial page with hasNextPage false', async () => {
    const page = json<Page>(await list(alice.token, '?page=3'));
    expect(page.docs.map((d) => d.message)).toEqual([21, 22, 23, 24, 25].map((g) => `Notice ${g}`));
    expect(page).toMatchObject({ page: 3, totalPages: 3, hasNextPage: false, hasPrevPage: true });
  });

  it('lists only the unread ones with read=false, counting them in totalDocs', async () => {
    const page = json<Page>(await list(alice.token, '?read=false&limit=5&page=4'));
    // 17 unread in pages of 5: 5, 5, 5, 2
    expect(page).toMatchObject({ totalDocs: 17, totalPages: 4, hasNextPage: false, unread: 17 });
    expect(page.docs.map((d) => d.message)).toEqual(['Notice 23', 'Notice 25']);
    expect(page.docs.every((d) => !d.read)).toBe(true);
  });

  it('answers an empty page past the end, and one page for a patient with none', async () => {
    expect(json<Page>(await list(alice.token, '?page=9')).docs).toEqual([]);
    const fresh = await signupPatient(t.app, org);
    expect(json<Page>(await list(fresh.token))).toMatchObject({
      docs: [],
      totalDocs: 0,
      totalPages: 1,
      hasNextPage: false,
      hasPrevPage: false,
      unread: 0,
    });
  });

  it('rejects a limit over 50, a page of 0 and unknown parameters with 400', async () => {
    for (const q of ['?limit=51', '?page=0', '?read=maybe', '?user=x']) {
      const res = await list(alice.token, q);
      expect(res.statusCode, q).toBe(400);
      expect(json(res)).toHaveProperty('message');
    }
    expect((await t.app.inject({ url: '/v2/notifications' })).statusCode).toBe(401);
  });
});

describe('POST /v2/notifications/{id}/read and read-all', () => {
  it('marks the caller’s own notification read, once', async () => {
    const [first] = json<Page>(await list(bob.token)).docs;
    const url = `/v2/notifications/${first!._id}/read`;
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(bob.token) });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ _id: first!._id, read: true });
    const again = await t.app.inject({ method: 'POST', url, headers: bearer(bob.token) });
    expect(json(again)).toMatchObject({ read: true });
    // bob: g = 1, 2 unread, g = 3 read; now g = 1 is read too
    expect(json<Page>(await list(bob.token)).unread).toBe(1);
  });

  it('answers 404 for another patient’s notification and leaves it unread', async () => {
    const [mine] = json<Page>(await list(alice.token)).docs;
    const res = await t.app.inject({
      method: 'POST',
      url: `/v2/notifications/${mine!._id}/read`,
      headers: bearer(bob.token),
    });
    expect(res.statusCode).toBe(404);
    const [row] = await rows<{ read: boolean }>(
      t.database,
      sql`select read from notifications where id = ${mine!._id}`,
    );
    expect(row!.read).toBe(false);
  });

  it('marks all of the caller’s notifications read and no one else’s', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/notifications/read-all',
      headers: bearer(bob.token),
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ updated: 1, unread: 0 });
    expect(json<Page>(await list(bob.token)).unread).toBe(0);
    expect(json<Page>(await list(alice.token)).unread).toBe(17);
  });
});

describe('walking on with next_cursor', () => {
  it('gives every notification once, in order, and null after the last page', async () => {
    const seen: string[] = [];
    let page = json<Page>(await list(alice.token));
    let pages = 1;
    seen.push(...page.docs.map((d) => d.message));
    while (page.next_cursor) {
      pages += 1;
      page = json<Page>(await list(alice.token, `?page=${pages}&cursor=${page.next_cursor}`));
      expect(page).toMatchObject({ page: pages, totalPages: 3, hasPrevPage: true });
      seen.push(...page.docs.map((d) => d.message));
    }
    expect(pages).toBe(3);
    expect(page.hasNextPage).toBe(false);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `Notice ${i + 1}`));
  });

  it('answers every page by number as the cursor walk does, from either end of the list', async () => {
    for (const filter of ['', '&read=false', '&read=true']) {
      const walked: string[][] = [];
      let page = json<Page>(await list(alice.token, `?limit=3${filter}`));
      walked.push(page.docs.map((d) => d.message));
      while (page.next_cursor) {
        page = json<Page>(
          await list(alice.token, `?limit=3${filter}&page=${walked.length + 1}&cursor=${page.next_cursor}`),
        );
        walked.push(page.docs.map((d) => d.message));
      }
      // all 25, 17 unread, 8 read -> 9, 6 and 3 pages of 3
      expect(walked.length, filter).toBe(page.totalPages);
      for (let n = 1; n <= walked.length; n++) {
        const byNumber = json<Page>(await list(alice.token, `?limit=3${filter}&page=${n}`));
        expect(
          byNumber.docs.map((d) => d.message),
          `${filter} page ${n}`,
        ).toEqual(walked[n - 1]);
        expect(byNumber.hasNextPage, `${filter} page ${n}`).toBe(n < walked.length);
      }
    }
  });

  it('keeps the next unread page in place when one on screen is read meanwhile', async () => {
    const patient = await signupPatient(t.app, org);
    await seedNotifications(patient.id, 12);
    // unread: g = 1, 2, 4, 5, 7, 8, 10, 11 -> pages of 4: [1 2 4 5] [7 8 10 11]
    const first = json<Page>(await list(patient.token, '?read=false&limit=4'));
    expect(first.docs.map((d) => d.message)).toEqual(['Notice 1', 'Notice 2', 'Notice 4', 'Notice 5']);
    await t.app.inject({
      method: 'POST',
      url: `/v2/notifications/${first.docs[0]!._id}/read`,
      headers: bearer(patient.token),
    });
    const next = json<Page>(
      await list(patient.token, `?read=false&limit=4&page=2&cursor=${first.next_cursor}`),
    );
    expect(next.docs.map((d) => d.message)).toEqual(['Notice 7', 'Notice 8', 'Notice 10', 'Notice 11']);
    expect(next).toMatchObject({ hasNextPage: false, next_cursor: null, unread: 7, totalDocs: 7 });
  });

  it('orders notifications of the same instant by id and loses none of them at a page boundary', async () => {
    const patient = await signupPatient(t.app, org);
    await t.database.db.execute(sql`
      insert into notifications (id, user_id, organization_id, category, message, created_at)
      select lpad(to_hex(g), 24, '0'), ${patient.id}, ${org}, 'order', 'Same ' || g,
             timestamptz '2026-05-20 12:00:00.123456+00'
      from generate_series(1, 7) as g`);
    const first = json<Page>(await list(patient.token, '?limit=3'));
    const second = json<Page>(await list(patient.token, `?limit=3&page=2&cursor=${first.next_cursor}`));
    const third = json<Page>(await list(patient.token, `?limit=3&page=3&cursor=${second.next_cursor}`));
    expect([...first.docs, ...second.docs, ...third.docs].map((d) => d.message)).toEqual(
      [7, 6, 5, 4, 3, 2, 1].map((g) => `Same ${g}`),
    );
    expect(third.next_cursor).toBeNull();
  });

  it('rejects a cursor it did not hand out with a 400 in the error shape', async () => {
    const forged = Buffer.from('2026-02-30T00:00:00.000000Z|64a1b2c3d4e5f6a7b8c9d0e1').toString('base64url');
    for (const cursor of ['not*base64', 'aGVsbG8', forged, 'A'.repeat(201)]) {
      const res = await list(alice.token, `?cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(json(res)).toMatchObject({ text: expect.any(String), message: expect.any(String) });
    }
  });
});

describe('the counts', () => {
  const stored = async (userId: string) =>
    (
      await rows<{ total: number; unread: number }>(
        t.database,
        sql`select total, unread from notification_counters where user_id = ${userId}`,
      )
    )[0];
  const counted = async (userId: string) =>
    (
      await rows<{ total: number; unread: number }>(
        t.database,
        sql`select count(*)::int as total, (count(*) filter (where not read))::int as unread
            from notifications where user_id = ${userId}`,
      )
    )[0];

  it('follow every insert, read, read-all and delete', async () => {
    const patient = await signupPatient(t.app, org);
    await seedNotifications(patient.id, 30);
    const notifier = createNotifier({ db: t.database.db, mail: t.app.ctx.mailer, log: t.app.log });
    await notifier.notify(patient.id, org, { category: 'order', message: 'Your order has shipped.' });
    await notifier.settled();
    expect(await stored(patient.id)).toEqual({ total: 31, unread: 21 });
    expect(await stored(patient.id)).toEqual(await counted(patient.id));

    const [first] = json<Page>(await list(patient.token, '?read=false')).docs;
    for (let i = 0; i < 2; i++) {
      await t.app.inject({
        method: 'POST',
        url: `/v2/notifications/${first!._id}/read`,
        headers: bearer(patient.token),
      });
    }
    expect(await stored(patient.id)).toEqual({ total: 31, unread: 20 });

    await t.database.db.execute(
      sql`delete from notifications where user_id = ${patient.id} and message in ('Notice 1', 'Notice 3')`,
    );
    // Notice 1 was unread, Notice 3 read
    expect(await stored(patient.id)).toEqual({ total: 29, unread: 19 });
    expect(await stored(patient.id)).toEqual(await counted(patient.id));

    await t.app.inject({
      method: 'POST',
      url: '/v2/notifications/read-all',
      headers: bearer(patient.token),
    });
    expect(await stored(patient.id)).toEqual({ total: 29, unread: 0 });
    expect(json<Page>(await list(patient.token))).toMatchObject({ totalDocs: 29, unread: 0 });
  });
});

describe('a patient with 10,000 notifications', () => {
  it('answers the last page by number and by cursor correctly, through the patient index', async () => {
    const heavy = await signupPatient(t.app, org);
    await seedNotifications(heavy.id, 10_000);
    const page = json<Page>(await list(heavy.token, '?page=1000'));
    // 10,000 / 10 = 1,000 pages; the last holds g = 9991..10000, the oldest
    expect(page).toMatchObject({
      page: 1000,
      totalPages: 1000,
      totalDocs: 10_000,
      hasNextPage: false,
      hasPrevPage: true,
      next_cursor: null,
    });
    expect(page.docs.map((d) => d.message)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Notice ${9991 + i}`),
    );
    // read when g % 3 = 0: floor(10000 / 3) = 3333 read -> 6667 unread
    expect(page.unread).toBe(6667);
    const unreadLast = json<Page>(await list(heavy.token, '?read=false&limit=50&page=134'));
    // 6667 unread / 50 = 133.34 -> 134 pages, the last holding 17
    expect(unreadLast).toMatchObject({ totalPages: 134, hasNextPage: false });
    expect(unreadLast.docs).toHaveLength(17);

    // the page before the last, by number, hands the cursor of the last
    const before = json<Page>(await list(heavy.token, '?page=999'));
    const last = json<Page>(await list(heavy.token, `?page=1000&cursor=${before.next_cursor}`));
    expect(last.docs).toEqual(page.docs);

    // what the statistics job does on the embedded database (db/statistics.ts), and autovacuum on a server
    await t.database.db.execute(sql`analyze notifications`);
    const explain = async (query: ReturnType<typeof sql>) =>
      (await rows<{ 'QUERY PLAN': string }>(t.database, sql`explain ${query}`))
        .map((p) => Object.values(p)[0])
        .join('\n');
    const cursorPlan = await explain(
      sql`select id from notifications where user_id = ${heavy.id}
          and (created_at, id) < (${'2026-05-17T00:00:00.000000Z'}::timestamptz, ${'f'.repeat(24)})
          order by created_at desc, id desc limit 11`,
    );
    expect(cursorPlan).toMatch(/Index (Only )?Scan using notifications_user_id_created_at_id_idx/);
    expect(cursorPlan).toMatch(/Index Cond: .*ROW\(created_at, id\) < ROW/);
    expect(cursorPlan).not.toMatch(/Sort/);
    const unreadPlan = await explain(
      sql`select id from notifications where user_id = ${heavy.id} and not read
          order by created_at desc, id desc limit 11`,
    );
    expect(unreadPlan).toMatch(/notifications_user_id_unread_idx/);
    expect(unreadPlan).not.toMatch(/Sort/);
  });
});

describe('notification preferences', () => {
  const url = () => `/v2/users/${alice.id}/notification-preferences`;

  it('answers the defaults, SMS unavailable without a verified mobile', async () => {
    const res = await t.app.inject({ url: url(), headers: bearer(alice.token) });
    expect(res.statusCode).toBe(200);
    const body = json<{
      preferences: Record<string, { email: boolean; sms: boolean }>;
      sms_available: boolean;
    }>(res);
    expect(body.sms_available).toBe(false);
    expect(body.preferences.lab).toEqual({ email: true, sms: false });
    expect(body.preferences.order).toEqual({ email: false, sms: false });
    expect(body.preferences.appointments).toEqual({ email: true, sms: true });
  });

  it('saves every category and answers what was stored', async () => {
    const got = json<{ preferences: Record<string, { email: boolean; sms: boolean }> }>(
      await t.app.inject({ url: url(), headers: bearer(alice.token) }),
    ).preferences;
    const next = { ...got, order: { email: true, sms: false }, lab: { email: false, sms: false } };
    const res = await t.app.inject({
      method: 'PUT',
      url: url(),
      headers: bearer(alice.token),
      payload: next,
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ preferences: next });
    const again = json(await t.app.inject({ url: url(), headers: bearer(alice.token) }));
    expect(again).toMatchObject({ preferences: next });
  });

  it('rejects a missing category or channel with 400 and another patient with 403 or 404', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: url(),
      headers: bearer(alice.token),
      payload: { lab: { email: true } },
    });
    expect(res.statusCode).toBe(400);
    const other = await t.app.inject({ url: url(), headers: bearer(bob.token) });
    expect([403, 404]).toContain(other.statusCode);
  });
});

describe('the notifier', () => {
  it('stores the notification and e-mails a neutral notice when the category is chosen', async () => {
    const carol = await signupPatient(t.app, org);
    const notifier = createNotifier({ db: t.database.db, mail: t.app.ctx.mailer, log: t.app.log });
    const id = await notifier.notify(carol.id, org, {
      category: 'lab',
      message: 'Your HbA1c result is 7.2%',
      data: { type: 'other' },
    });
    await notifier.settled();
    const page = json<Page>(await list(carol.token));
    expect(page.docs[0]).toMatchObject({
      _id: id,
      message: 'Your HbA1c result is 7.2%',
      category: 'lab',
      read: false,
    });
    const mail = await waitForMail(t.outboxDir, carol.email);
    expect(mail.subject).toMatch(/^You have a new notification from /);
    expect(mail.text).toContain('/notifications');
    expect(mail.text).not.toContain('HbA1c');
  });

  it('keeps to the portal when e-mail is off for the category', async () => {
    const dan = await signupPatient(t.app, org);
    const notifier = createNotifier({ db: t.database.db, mail: t.app.ctx.mailer, log: t.app.log });
    await notifier.notify(dan.id, org, { category: 'order', message: 'Your order has shipped.' });
    await notifier.settled();
    expect(json<Page>(await list(dan.token)).totalDocs).toBe(1);
    expect(readOutbox(t.outboxDir).filter((m) => m.to === dan.email)).toEqual([]);
  });

  it('texts a verified mobile number when SMS is chosen, and not an unverified one', async () => {
    const sent: { to: string; body: string }[] = [];
    const sms = { send: async (m: { to: string; body: string }) => void sent.push(m) };
    const erin = await signupPatient(t.app, org);
    const notifier = createNotifier({ db: t.database.db, mail: t.app.ctx.mailer, sms, log: t.app.log });
    await t.database.db.execute(
      sql`update users set mobile_number = '2025550143', mobile_verified = false where id = ${erin.id}`,
    );
    await notifier.notify(erin.id, org, { category: 'appointments', message: 'Booked' });
    await notifier.settled();
    expect(sent).toEqual([]);
    await t.database.db.execute(sql`update users set mobile_verified = true where id = ${erin.id}`);
    await notifier.notify(erin.id, org, { category: 'appointments', message: 'Booked for Tuesday' });
    await notifier.settled();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('+12025550143');
    expect(sent[0]!.body).not.toContain('Tuesday');
  });
});

describe('events that notify', () => {
  let address = 0;
  const tokenOf = async (number: string) =>
    json<{ id: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/sandbox/payments/tokens',
        remoteAddress: `10.40.0.${++address}`,
        payload: { number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' },
      }),
    ).id;
  const saveCard = async (p: typeof alice, number: string) =>
    t.app.inject({
      method: 'POST',
      url: `/billing/${org}/patient/${p.id}/billing/profile/create`,
      headers: bearer(p.token),
      payload: { token: await tokenOf(number), organization: org, user_id: p.id },
    });
  const notices = async (p: typeof alice) => json<Page>(await list(p.token)).docs;

  it('a saved card and a declined one notify in the payment category, both by e-mail', async () => {
    const p = await signupPatient(t.app, org);
    expect((await saveCard(p, '4000000000009995')).statusCode).toBe(402);
    expect((await saveCard(p, '4242424242424242')).statusCode).toBe(200);
    const docs = await notices(p);
    expect(docs.map((d) => [d.category, d.message])).toEqual([
      ['payment', 'Your card ending in 4242 was saved to your account.'],
      ['payment', 'Your card could not be saved. Please add another card in your billing settings.'],
    ]);
    // payment e-mails are on by default: one neutral e-mail per notice
    const mail = await waitForMail(t.outboxDir, p.email, 2);
    expect(mail.text).not.toContain('4242');
  });

  it('a paid order notifies in the order category', async () => {
    const p = await signupPatient(t.app, org);
    await saveCard(p, '4242424242424242');
    const [product] = await rows<{ id: string; template: string; name: string }>(
      t.database,
      sql`select p.id, p.product_template_id as template, pt.name from products p
          join product_templates pt on pt.id = p.product_template_id
          where pt.organization_id = ${org} and p.pricing_type = 'one_time' and p.active
            and pt.type = 'supplement' limit 1`,
    );
    const order = json<{ _id: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/v2/orders/patient',
        headers: bearer(p.token),
        payload: { product_template: product!.template, product: product!.id },
      }),
    );
    const paid = await t.app.inject({
      method: 'POST',
      url: `/v2/orders/${order._id}/submit`,
      headers: bearer(p.token),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await notices(p))[0]).toMatchObject({
      category: 'order',
      message: `We received your payment for ${product!.name}. Your order is being prepared.`,
      data: { type: 'other', orderId: order._id },
    });
  });
});
