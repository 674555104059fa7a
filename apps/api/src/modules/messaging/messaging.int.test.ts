import type { Conversation, InboxPage, Message, QuickReply } from '@portal/domain/contracts/messaging';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  json,
  logInAs,
  readOutbox,
  rows,
  signupPatient,
  type TestApp,
} from '../../test/harness';

let t: TestApp;
let org: string;
let otherOrg: string;
const tokens: Record<string, string> = {};

type Patient = Awaited<ReturnType<typeof signupPatient>> & { conversation: string };

async function newPatient(orgId = org): Promise<Patient> {
  const p = await signupPatient(t.app, orgId);
  const res = await t.app.inject({ url: '/v2/conversations/patient', headers: bearer(p.token) });
  expect(res.statusCode, res.body).toBe(200);
  return { ...p, conversation: json<Conversation[]>(res)[0]!._id };
}

const threadUrl = (p: Patient, orgId = org) =>
  `/conversations/${orgId}/patient/${p.id}/conversation/${p.conversation}`;

async function send(token: string, p: Patient, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PUT', url: threadUrl(p), headers: bearer(token), payload });
}

function form(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]) {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const png = () =>
  sharp({ create: { width: 24, height: 12, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  otherOrg = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }))._id;
  tokens.care = await logInAs(t.app, 'care@evergreen.test', org);
  tokens.physician = await logInAs(t.app, 'physician@evergreen.test', org);
  tokens.otherCare = await logInAs(t.app, 'care@bluecrest.test', otherOrg);
});

afterAll(async () => {
  await t?.close();
});

describe('the patient’s conversation', () => {
  it('is made on first use, once, and answered with its newest messages', async () => {
    const p = await signupPatient(t.app, org);
    const [first, second] = await Promise.all([
      t.app.inject({ url: '/v2/conversations/patient', headers: bearer(p.token) }),
      t.app.inject({ url: '/v2/conversations/patient', headers: bearer(p.token) }),
    ]);
    const a = json<Conversation[]>(first);
    const b = json<Conversation[]>(second);
    expect(a).toHaveLength(1);
    expect(b[0]!._id).toBe(a[0]!._id);
    expect(a[0]).toMatchObject({
      patient: p.id,
      organization: org,
      patient_read: true,
      medical_team_read: true,
      messages: [],
      has_more: false,
      patient_sender: { first_name: 'Pat' },
    });
  });

  it('answers staff no conversation of their own', async () => {
    const res = await t.app.inject({ url: '/v2/conversations/patient', headers: bearer(tokens.care!) });
    expect(json(res)).toEqual([]);
  });

  it('shows the demo patient’s history, announcement first, unread by her', async () => {
    const dana = await logInAs(t.app, 'demo@evergreen.test', org);
    const [conversation] = json<Conversation[]>(
      await t.app.inject({ url: '/v2/conversations/patient', headers: bearer(dana) }),
    );
    expect(conversation!.patient_read).toBe(false);
    expect(conversation!.messages[0]!.message_style).toBe(2);
    expect(conversation!.messages.at(-1)!.author).toMatchObject({
      is_admin: true,
      display_name: 'Jordan Lee',
    });
  });
});

describe('sending and reading', () => {
  it('a patient’s text: theirs on the right, unread by the team, waiting in the inbox', async () => {
    const p = await newPatient();
    const res = await send(p.token, p, { text: '  Hello team, a question about my dose.  ' });
    expect(res.statusCode, res.body).toBe(200);
    const message = json<Message>(res);
    expect(message).toMatchObject({
      conversation_id: p.conversation,
      message_style: 1,
      author: { _id: p.id, is_admin: false, first_name: 'Pat' },
      blocks: [{ type: 'paragraph', text: 'Hello team, a question about my dose.' }],
      attachments: [],
      has_file: false,
      internal_message: false,
    });
    const inbox = json<InboxPage>(
      await t.app.inject({ url: `/care/${org}/conversations?filter=unread`, headers: bearer(tokens.care!) }),
    );
    const row = inbox.docs.find((d) => d._id === p.conversation)!;
    expect(row).toMatchObject({
      medical_team_read: false,
      preview: 'Hello team, a question about my dose.',
      patient: { _id: p.id },
    });
    expect(row.waiting_since).toBe(message.created_at);
    expect(inbox.unread).toBeGreaterThanOrEqual(1);
  });

  it('the care team answers with blocks and an announcement; the patient is notified, the wait ends', async () => {
    const p = await newPatient();
    await send(p.token, p, { text: 'When will my order ship?' });
    const reply = await send(tokens.care!, p, {
      text: 'It ships this week.',
      blocks: [
        {
          type: 'list',
          items_type: 'unordered',
          list_items: [{ bold_text: 'Tracking:', text: 'by e-mail' }],
        },
        { type: 'action', text: 'Your orders', linkUrl: `/dashboard/${p.id}/orders` },
      ],
      message_style: 2,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(json<Message>(reply)).toMatchObject({
      message_style: 2,
      author: { is_admin: true, display_name: 'Jordan Lee' },
      blocks: [{ type: 'paragraph' }, { type: 'list' }, { type: 'action' }],
    });
    const [conversation] = json<Conversation[]>(
      await t.app.inject({ url: '/v2/conversations/patient', headers: bearer(p.token) }),
    );
    expect(conversation).toMatchObject({ patient_read: false, medical_team_read: true });
    const notes = json<{ docs: { category: string; message: string }[] }>(
      await t.app.inject({ url: '/v2/notifications', headers: bearer(p.token) }),
    );
    expect(notes.docs[0]).toMatchObject({
      category: 'message',
      message: 'You have a new message from your care team.',
    });
    const inbox = json<InboxPage>(
      await t.app.inject({ url: `/care/${org}/conversations`, headers: bearer(tokens.care!) }),
    );
    expect(inbox.docs.find((d) => d._id === p.conversation)?.waiting_since).toBeNull();
  });

  it('refuses an empty message, a patient’s blocks or announcement, unsafe links and unknown fields', async () => {
    const p = await newPatient();
    for (const payload of [
      {},
      { text: '   ' },
      { blocks: [{ type: 'paragraph', text: 'x' }] },
      { text: 'x', message_style: 2 },
      { text: 'x', internal_message: true },
      { text: 'x', colour: 'red' },
      { text: 'x'.repeat(10_001) },
    ]) {
      const res = await send(p.token, p, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(res)).toHaveProperty('text');
      expect(json(res)).toHaveProperty('message');
    }
    const unsafe = await send(tokens.care!, p, {
      blocks: [{ type: 'action', text: 'Click', linkUrl: 'javascript:alert(1)' }],
    });
    expect(unsafe.statusCode).toBe(400);
    const malformed = await t.app.inject({
      method: 'PUT',
      url: threadUrl(p),
      headers: { ...bearer(p.token), 'content-type': 'application/json' },
      payload: '{"text": ',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('keeps the care team’s internal notes from the patient', async () => {
    const p = await newPatient();
    await send(p.token, p, { text: 'Hi' });
    const note = await send(tokens.physician!, p, { text: 'Check her labs first.', internal_message: true });
    expect(json<Message>(note)).toMatchObject({
      internal_message: true,
      author: { display_name: 'Dr. Samuel Osei' },
    });
    const asPatient = json<Conversation>(
      await t.app.inject({ url: `${threadUrl(p)}?internal_message=true`, headers: bearer(p.token) }),
    );
    expect(asPatient.messages.map((m) => m.internal_message)).toEqual([false]);
    const asStaff = json<Conversation>(
      await t.app.inject({ url: `${threadUrl(p)}?internal_message=true`, headers: bearer(tokens.care!) }),
    );
    expect(asStaff.messages.map((m) => m.internal_message)).toEqual([false, true]);
    // a note changes nothing for the patient: still waiting, nothing unread for them
    const [conversation] = json<Conversation[]>(
      await t.app.inject({ url: '/v2/conversations/patient', headers: bearer(p.token) }),
    );
    expect(conversation).toMatchObject({ patient_read: true, medical_team_read: false });
  });

  it('marks read for the caller’s side, under both paths the documents leave open', async () => {
    const p = await newPatient();
    await send(tokens.care!, p, { text: 'Welcome!' });
    const byConversation = await t.app.inject({
      method: 'PUT',
      url: `${threadUrl(p)}/patient/read`,
      headers: bearer(p.token),
      payload: { patient_id: p.id, conversation_id: p.conversation, socket_id: '123.456', sender_id: p.id },
    });
    expect(byConversation.statusCode, byConversation.body).toBe(200);
    expect(json(byConversation)).toEqual({
      _id: p.conversation,
      patient_read: true,
      medical_team_read: true,
    });
    await send(p.token, p, { text: 'Thanks' });
    const byPatient = await t.app.inject({
      method: 'PUT',
      url: `/conversations/${org}/patient/${p.id}/patient/read`,
      headers: bearer(tokens.care!),
      payload: { patient_id: p.id, conversation_id: p.conversation },
    });
    expect(json(byPatient)).toEqual({ _id: p.conversation, patient_read: true, medical_team_read: true });
    const missing = await t.app.inject({
      method: 'PUT',
      url: `/conversations/${org}/patient/${p.id}/patient/read`,
      headers: bearer(p.token),
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
  });

  it('pages back by the oldest loaded message, read as its id or its created_at', async () => {
    const p = await newPatient();
    for (let i = 1; i <= 7; i += 1) {
      t.app.ctx.now = () => new Date(Date.UTC(2026, 5, 10, 12, i));
      await send(p.token, p, { text: `message ${i}` });
    }
    t.app.ctx.now = () => new Date(Date.UTC(2026, 5, 10, 12, 0));
    const texts = (c: Conversation) => c.messages.map((m) => (m.blocks[0] as { text: string }).text);
    const newest = json<Conversation>(
      await t.app.inject({ url: `${threadUrl(p)}?limit=3`, headers: bearer(p.token) }),
    );
    expect(texts(newest)).toEqual(['message 5', 'message 6', 'message 7']);
    expect(newest.has_more).toBe(true);
    const byId = json<Conversation>(
      await t.app.inject({
        url: `${threadUrl(p)}?limit=3&lastId=${newest.messages[0]!._id}`,
        headers: bearer(p.token),
      }),
    );
    expect(texts(byId)).toEqual(['message 2', 'message 3', 'message 4']);
    const byDate = json<Conversation>(
      await t.app.inject({
        url: `${threadUrl(p)}?limit=3&lastId=${encodeURIComponent(byId.messages[0]!.created_at)}`,
        headers: bearer(p.token),
      }),
    );
    expect(texts(byDate)).toEqual(['message 1']);
    expect(byDate.has_more).toBe(false);
    const byMillis = json<Conversation>(
      await t.app.inject({
        url: `${threadUrl(p)}?limit=10&lastId=${Date.parse(byId.messages[0]!.created_at)}`,
        headers: bearer(p.token),
      }),
    );
    expect(texts(byMillis)).toEqual(['message 1']);
    for (const bad of ['ffffffffffffffffffffffff', 'yesterday']) {
      const res = await t.app.inject({ url: `${threadUrl(p)}?lastId=${bad}`, headers: bearer(p.token) });
      expect(res.statusCode, bad).toBe(400);
    }
  });
});

describe('files', () => {
  it('a patient sends a photo as a form: checked, re-encoded, private to them and their clinic', async () => {
    const p = await newPatient();
    const other = await newPatient();
    const body = form([
      { name: 'text', value: 'My rash' },
      { name: 'client_id', value: p.id },
      { name: 'mediaType', value: 'private-image' },
      { name: 'file', value: await png(), filename: 'C:\\fakepath\\rash <photo>.png', type: 'image/png' },
    ]);
    const res = await t.app.inject({
      method: 'PUT',
      url: threadUrl(p),
      headers: { ...bearer(p.token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const message = json<Message>(res);
    expect(message.has_file).toBe(true);
    expect(message.files[0]).toMatchObject({
      kind: 'private-image',
      mime_type: 'image/png',
      name: 'rash photo.png',
    });
    expect(message.attachments).toEqual([message.files[0]!.url]);
    const asPatient = await t.app.inject({ url: message.files[0]!.url, headers: bearer(p.token) });
    expect(asPatient.statusCode).toBe(200);
    expect(asPatient.headers['cache-control']).toContain('no-store');
    expect(
      (await t.app.inject({ url: message.files[0]!.url, headers: bearer(tokens.care!) })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: message.files[0]!.url, headers: bearer(other.token) })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: message.files[0]!.url, headers: bearer(tokens.otherCare!) })).statusCode,
    ).not.toBe(200);
  });

  it('refuses a file by its content, and one over 10,000,000 bytes, with the send failure', async () => {
    const p = await newPatient();
    const fake = form([
      { name: 'file', value: Buffer.from('<script>alert(1)</script>'), filename: 'photo.png' },
    ]);
    const refused = await t.app.inject({
      method: 'PUT',
      url: threadUrl(p),
      headers: { ...bearer(p.token), ...fake.headers },
      payload: fake.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({ text: 'UnsupportedFileType' });
    const big = form([
      { name: 'file', value: Buffer.concat([pdf, Buffer.alloc(10_000_001)]), filename: 'big.pdf' },
    ]);
    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/v2/media',
      headers: { ...bearer(p.token), ...big.headers },
      payload: big.payload,
    });
    expect(tooBig.statusCode).toBe(400);
    expect(json(tooBig)).toEqual({
      text: 'FileSizeLimitError',
      message: 'Message failed to send or is too large, please try to send the message again.',
    });
  });

  it('the care team uploads a PDF first, then sends it: the patient may read it, nobody else may reuse it', async () => {
    const p = await newPatient();
    const body = form([{ name: 'file', value: pdf, filename: 'Care plan.pdf' }]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/v2/media',
      headers: { ...bearer(tokens.care!), ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const file = json<{ _id: string; kind: string; name: string }>(upload);
    expect(file).toMatchObject({ kind: 'document', name: 'Care plan.pdf' });
    expect((await t.app.inject({ url: `/v2/media/${file._id}`, headers: bearer(p.token) })).statusCode).toBe(
      403,
    );
    const sent = await send(tokens.care!, p, { text: 'Your plan', media: [file._id] });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(json<Message>(sent).files[0]).toMatchObject({ _id: file._id, kind: 'document' });
    expect((await t.app.inject({ url: `/v2/media/${file._id}`, headers: bearer(p.token) })).statusCode).toBe(
      200,
    );
    const other = await newPatient();
    const reuse = await send(tokens.care!, other, { text: 'Again', media: [file._id] });
    expect(reuse.statusCode).toBe(400);
    const stolen = await send(other.token, other, { media: [file._id] });
    expect(stolen.statusCode).toBe(400);
  });
});

describe('access', () => {
  it('lets only the patient and their clinic’s staff reach a conversation', async () => {
    const p = await newPatient();
    const stranger = await newPatient();
    expect((await t.app.inject({ url: threadUrl(p), headers: bearer(stranger.token) })).statusCode).toBe(403);
    // another patient's conversation id under one's own path
    const mixed = await t.app.inject({
      url: `/conversations/${org}/patient/${stranger.id}/conversation/${p.conversation}`,
      headers: bearer(stranger.token),
    });
    expect(mixed.statusCode).toBe(404);
    expect((await t.app.inject({ url: threadUrl(p), headers: bearer(tokens.otherCare!) })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ url: threadUrl(p, otherOrg), headers: bearer(tokens.otherCare!) })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: threadUrl(p) })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: `/care/${org}/conversations`, headers: bearer(p.token) })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: `/care/${org}/conversations`, headers: bearer(tokens.otherCare!) }))
        .statusCode,
    ).toBe(404);
  });

  it('audits every read of a conversation against its patient', async () => {
    const p = await newPatient();
    await t.app.inject({ url: threadUrl(p), headers: bearer(tokens.care!) });
    await t.app.ctx.audit.flush();
    const audit = await rows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from audit_log where patient_id = ${p.id} and action like '%/conversations/%'`,
    );
    expect(audit[0]!.n).toBeGreaterThanOrEqual(1);
  });
});

describe('the clinic’s inbox', () => {
  it('puts unread first, then the longest waiting; filters by mine and unassigned; assigns', async () => {
    const older = await newPatient();
    const newer = await newPatient();
    t.app.ctx.now = () => new Date(Date.UTC(2026, 5, 10, 8));
    await send(older.token, older, { text: 'First' });
    t.app.ctx.now = () => new Date(Date.UTC(2026, 5, 10, 9));
    await send(newer.token, newer, { text: 'Second' });
    t.app.ctx.now = () => new Date(Date.UTC(2026, 5, 10, 12));
    const all = json<InboxPage>(
      await t.app.inject({
        url: `/care/${org}/conversations?filter=unread&limit=100`,
        headers: bearer(tokens.care!),
      }),
    );
    const ids = all.docs.map((d) => d._id);
    expect(ids.indexOf(older.conversation)).toBeLessThan(ids.indexOf(newer.conversation));
    expect(all.docs.every((d) => !d.medical_team_read)).toBe(true);

    const staffId = json<{ user: { _id: string } }>(
      await t.app.inject({
        method: 'POST',
        url: `/login/${org}`,
        payload: { email: 'care@evergreen.test', password: 'Demo1234!' },
      }),
    ).user._id;
    const assigned = await t.app.inject({
      method: 'POST',
      url: `/care/${org}/conversations/${newer.conversation}/assign`,
      headers: bearer(tokens.physician!),
      payload: { staff_id: staffId },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(json(assigned)).toMatchObject({ assigned_to: { _id: staffId, display_name: 'Jordan Lee' } });
    const mine = json<InboxPage>(
      await t.app.inject({ url: `/care/${org}/conversations?filter=mine`, headers: bearer(tokens.care!) }),
    );
    expect(mine.docs.map((d) => d._id)).toEqual([newer.conversation]);
    const unassigned = json<InboxPage>(
      await t.app.inject({
        url: `/care/${org}/conversations?filter=unassigned&limit=100`,
        headers: bearer(tokens.care!),
      }),
    );
    expect(unassigned.docs.map((d) => d._id)).not.toContain(newer.conversation);
    const patientAsStaff = await t.app.inject({
      method: 'POST',
      url: `/care/${org}/conversations/${newer.conversation}/assign`,
      headers: bearer(tokens.care!),
      payload: { staff_id: newer.id },
    });
    expect(patientAsStaff.statusCode).toBe(400);
  });

  it('walks on by cursor without repeating a conversation', async () => {
    for (let i = 0; i < 3; i += 1) {
      const p = await newPatient();
      await send(p.token, p, { text: `hello ${i}` });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: InboxPage = json<InboxPage>(
        await t.app.inject({
          url: `/care/${org}/conversations?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          headers: bearer(tokens.care!),
        }),
      );
      seen.push(...page.docs.map((d) => d._id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    const bad = await t.app.inject({
      url: `/care/${org}/conversations?cursor=bad`,
      headers: bearer(tokens.care!),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps quick replies per clinic', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: `/care/${org}/quick-replies`,
      headers: bearer(tokens.care!),
      payload: { title: 'Shipping', text: 'Orders ship within 2 business days.' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const reply = json<QuickReply>(made);
    const list = json<QuickReply[]>(
      await t.app.inject({ url: `/care/${org}/quick-replies`, headers: bearer(tokens.physician!) }),
    );
    expect(list.map((r) => r._id)).toContain(reply._id);
    const elsewhere = json<QuickReply[]>(
      await t.app.inject({ url: `/care/${otherOrg}/quick-replies`, headers: bearer(tokens.otherCare!) }),
    );
    expect(elsewhere.map((r) => r._id)).not.toContain(reply._id);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/care/${otherOrg}/quick-replies/${reply._id}`,
          headers: bearer(tokens.otherCare!),
        })
      ).statusCode,
    ).toBe(404);
    const empty = await t.app.inject({
      method: 'POST',
      url: `/care/${org}/quick-replies`,
      headers: bearer(tokens.care!),
      payload: { title: ' ', text: 'x' },
    });
    expect(empty.statusCode).toBe(400);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/care/${org}/quick-replies/${reply._id}`,
      headers: bearer(tokens.care!),
    });
    expect(json(removed)).toEqual({ deleted: true });
  });
});

describe('the reminder of an unread message', () => {
  it('reaches the patient once per unread stretch after the delay, with no message text; none once read', async () => {
    const p = await newPatient();
    await send(tokens.care!, p, { text: 'Your lab results show a high ApoB.' });
    await send(tokens.care!, p, { text: 'Second message of the same stretch.' });
    const jobs = await rows<{ id: string; start_in: number }>(
      t.database,
      sql`select id, extract(epoch from start_after - now())::float8 as start_in from pgboss.job
        where name = 'message-reminder' and data->>'conversationId' = ${p.conversation}`,
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.start_in).toBeGreaterThan(29 * 60);
    await t.app.ctx.jobs.runDue({ queues: ['message-reminder'] });
    expect(readOutbox(t.outboxDir).filter((m) => m.to === p.email)).toHaveLength(0);
    await t.database.db.execute(
      sql`update pgboss.job set start_after = now() - interval '1 second' where id = ${jobs[0]!.id}::uuid`,
    );
    await t.app.ctx.jobs.runDue({ queues: ['message-reminder'] });
    const mails = readOutbox(t.outboxDir).filter((m) => m.to === p.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).not.toContain('ApoB');

    // read in time: the next stretch's reminder sends nothing
    const q = await newPatient();
    await send(tokens.care!, q, { text: 'Hello' });
    await t.app.inject({
      method: 'PUT',
      url: `${threadUrl(q)}/patient/read`,
      headers: bearer(q.token),
      payload: {},
    });
    await t.database.db.execute(
      sql`update pgboss.job set start_after = now() - interval '1 second' where name = 'message-reminder'
        and data->>'conversationId' = ${q.conversation}`,
    );
    await t.app.ctx.jobs.runDue({ queues: ['message-reminder'] });
    expect(readOutbox(t.outboxDir).filter((m) => m.to === q.email)).toHaveLength(0);
  });
});
