import {
  type Conversation,
  conversationChannel,
  MESSAGE_EVENT,
  type Message,
  organizationPresenceChannel,
  READ_EVENT,
  TYPING_EVENT,
} from '@portal/domain/contracts/messaging';
import type Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, logInAs, signupPatient, type TestApp } from '../../test/harness';
import { connectPusher, nextEvent } from '../../test/pusher-client';

let t: TestApp;
let port: number;
let org: string;
let otherOrg: string;
const tokens: Record<string, string> = {};
const clients: Pusher[] = [];

function connect(token: string, endpoint?: string): Pusher {
  const client = connectPusher(port, token, endpoint);
  clients.push(client);
  return client;
}

const next = nextEvent;

async function joined(client: Pusher, name: string) {
  const channel = client.subscribe(name);
  await next(channel, 'pusher:subscription_succeeded');
  return channel;
}

const socketIdOf = (client: Pusher) => client.connection.socket_id;

async function patientWithConversation() {
  const p = await signupPatient(t.app, org);
  const [conversation] = json<Conversation[]>(
    await t.app.inject({ url: '/v2/conversations/patient', headers: bearer(p.token) }),
  );
  return { ...p, conversation: conversation!._id };
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as { port: number }).port;
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  otherOrg = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }))._id;
  tokens.care = await logInAs(t.app, 'care@evergreen.test', org);
  tokens.otherCare = await logInAs(t.app, 'care@bluecrest.test', otherOrg);
});

afterAll(async () => {
  for (const client of clients) client.disconnect();
  await t?.close();
});

describe('chat in real time through pusher-js (embedded Pusher-protocol server)', () => {
  it('delivers a message, a typing notice and a read receipt to the other side, never back to the sender’s socket', async () => {
    const p = await patientWithConversation();
    const url = `/conversations/${org}/patient/${p.id}/conversation/${p.conversation}`;
    const patient = connect(p.token);
    const staff = connect(tokens.care!);
    const patientChannel = await joined(patient, conversationChannel(p.conversation));
    const staffChannel = await joined(staff, conversationChannel(p.conversation));

    const heardByPatient = next<Message>(patientChannel, MESSAGE_EVENT);
    const reply = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(tokens.care!),
      payload: { text: 'Hello from the team', socket_id: socketIdOf(staff) },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await heardByPatient).toEqual(json<Message>(reply));

    // the sender's own socket is skipped: the patient's next message reaches the team only
    let echoed = false;
    patientChannel.bind(MESSAGE_EVENT, () => {
      echoed = true;
    });
    const heardByStaff = next<Message>(staffChannel, MESSAGE_EVENT);
    await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(p.token),
      payload: { text: 'Thanks!', socket_id: socketIdOf(patient) },
    });
    expect((await heardByStaff).blocks).toEqual([{ type: 'paragraph', text: 'Thanks!' }]);

    const typing = next(patientChannel, TYPING_EVENT);
    await t.app.inject({
      method: 'POST',
      url: `${url}/typing`,
      headers: bearer(tokens.care!),
      payload: { patient_id: p.id, conversation_id: p.conversation, socketId: socketIdOf(staff) },
    });
    expect(await typing).toEqual({
      conversation_id: p.conversation,
      sender_id: expect.any(String),
      display_name: 'Jordan Lee',
      is_admin: true,
    });

    const receipt = next(staffChannel, READ_EVENT);
    await t.app.inject({
      method: 'PUT',
      url: `${url}/patient/read`,
      headers: bearer(tokens.care!),
      payload: {},
    });
    const patientRead = next(staffChannel, READ_EVENT);
    await t.app.inject({
      method: 'PUT',
      url: `${url}/patient/read`,
      headers: bearer(p.token),
      payload: { socket_id: socketIdOf(patient) },
    });
    expect(await receipt).toMatchObject({ medical_team_read: true });
    expect(await patientRead).toEqual({ _id: p.conversation, patient_read: true, medical_team_read: true });
    expect(echoed).toBe(false);
  });

  it('sends only the ids of a message over Pusher’s 10 KB, which the client reads again', async () => {
    const p = await patientWithConversation();
    const patient = connect(p.token);
    const channel = await joined(patient, conversationChannel(p.conversation));
    const heard = next(channel, MESSAGE_EVENT);
    const long = await t.app.inject({
      method: 'PUT',
      url: `/conversations/${org}/patient/${p.id}/conversation/${p.conversation}`,
      headers: bearer(tokens.care!),
      payload: { text: 'long '.repeat(2000), blocks: [{ type: 'paragraph', text: 'more '.repeat(1000) }] },
    });
    expect(long.statusCode, long.body).toBe(200);
    expect(await heard).toEqual({
      _id: json<Message>(long)._id,
      conversation_id: p.conversation,
      partial: true,
    });
  });

  it('refuses another patient’s conversation, another clinic’s staff and a forged channel', async () => {
    const p = await patientWithConversation();
    const stranger = await signupPatient(t.app, org);
    const refusedPatient = connect(stranger.token).subscribe(conversationChannel(p.conversation));
    expect(await next(refusedPatient, 'pusher:subscription_error')).toMatchObject({ type: 'AuthError' });
    const refusedStaff = connect(tokens.otherCare!).subscribe(conversationChannel(p.conversation));
    expect(await next(refusedStaff, 'pusher:subscription_error')).toMatchObject({ type: 'AuthError' });
    const auth = (token: string, channel: string) =>
      t.app.inject({
        method: 'POST',
        url: '/pusher/auth',
        headers: bearer(token),
        payload: { socket_id: '1234.1234', channel_name: channel },
      });
    expect((await auth(p.token, `private-conversation-${'f'.repeat(24)}`)).statusCode).toBe(403);
    expect((await auth(p.token, `private-conversation-${p.conversation}-x`)).statusCode).toBe(403);
    expect((await auth(p.token, organizationPresenceChannel(otherOrg))).statusCode).toBe(403);
    expect((await auth(p.token, `private-care-inbox-${org}`)).statusCode).toBe(403);
    expect((await auth(tokens.care!, `private-care-inbox-${org}`)).statusCode).toBe(200);
  });

  it('keeps the clinic’s presence channel: members added and removed, who they are as the server says', async () => {
    const p = await patientWithConversation();
    const staff = connect(tokens.care!);
    const staffPresence = await joined(staff, organizationPresenceChannel(org));
    const added = next<{ id: string; info: { first_name: string; is_admin: boolean } }>(
      staffPresence,
      'pusher:member_added',
    );
    const patient = connect(p.token, `/pusher/auth/presence/${p.id}/Pat/patient`);
    const patientPresence = await joined(patient, organizationPresenceChannel(org));
    expect(await added).toEqual({ id: p.id, info: { first_name: 'Pat', is_admin: false } });
    const members = (patientPresence as unknown as { members: { count: number; me: { id: string } } })
      .members;
    expect(members.me.id).toBe(p.id);
    expect(members.count).toBeGreaterThanOrEqual(2);
    const removed = next<{ id: string }>(staffPresence, 'pusher:member_removed');
    patient.disconnect();
    expect((await removed).id).toBe(p.id);

    const someoneElse = await t.app.inject({
      method: 'POST',
      url: `/pusher/auth/presence/${'a'.repeat(24)}/Pat/patient`,
      headers: bearer(p.token),
      payload: { socket_id: '1234.1234', channel_name: organizationPresenceChannel(org) },
    });
    expect(someoneElse.statusCode).toBe(403);
  });

  it('loses nothing across a dropped connection: the thread read on rejoining holds every message', async () => {
    const p = await patientWithConversation();
    const url = `/conversations/${org}/patient/${p.id}/conversation/${p.conversation}`;
    const patient = connect(p.token);
    await joined(patient, conversationChannel(p.conversation));
    patient.disconnect();
    for (const text of ['one', 'two', 'three']) {
      await t.app.inject({ method: 'PUT', url, headers: bearer(tokens.care!), payload: { text } });
    }
    const back = connect(p.token);
    await joined(back, conversationChannel(p.conversation));
    const page = json<Conversation>(await t.app.inject({ url, headers: bearer(p.token) }));
    expect(page.messages.map((m) => (m.blocks[0] as { text: string }).text)).toEqual(['one', 'two', 'three']);
  });
});
