import { careQueueChannel, QUEUE_CHANGED_EVENT } from '@portal/domain/contracts/realtime';
import type Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { bearer, createTestApp, json, logInAs, signupPatient, type TestApp } from '../../test/harness';
import { connectPusher, nextEvent } from '../../test/pusher-client';
import { queueChangingRoutes } from './queue-events';

let t: TestApp;
let port: number;
let org: string;
let otherOrg: string;
const tokens: Record<string, string> = {};
const clients: Pusher[] = [];

function connect(token: string): Pusher {
  const client = connectPusher(port, token);
  clients.push(client);
  return client;
}

const next = nextEvent;

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

describe('real-time events over the Pusher protocol (embedded server)', () => {
  it('gives the web app its connection settings: the page’s own host and the /pusher/auth endpoint', async () => {
    const res = await t.app.inject({ url: `/organization/${org}/settings/integration` });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      pusher: {
        key: 'portal',
        cluster: null,
        host: null,
        port: null,
        use_tls: null,
        auth_endpoint: '/pusher/auth',
      },
    });
    const unknown = await t.app.inject({
      url: '/organization/6b0000000000000000000000/settings/integration',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('tells a clinic’s open queue, through pusher-js, when a visit changes in it', async () => {
    const client = connect(tokens.care!);
    const channel = client.subscribe(careQueueChannel(org));
    await next(channel, 'pusher:subscription_succeeded');
    const heard = next(channel, QUEUE_CHANGED_EVENT);
    // the care team verifies a patient's identity: one of the calls after which the queue reads differently
    const patient = await signupPatient(t.app, org);
    const verified = await t.app.inject({
      method: 'POST',
      url: `/care/${org}/patients/${patient.id}/identity`,
      headers: bearer(tokens.care!),
      payload: { status: 'completed' },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await heard).toEqual({});
  });

  it('signs the queue channel for its clinic’s staff only', async () => {
    const auth = (token: string, channel: string) =>
      t.app.inject({
        method: 'POST',
        url: '/pusher/auth',
        headers: bearer(token),
        payload: { socket_id: '1234.1234', channel_name: channel },
      });
    const patient = await signupPatient(t.app, org);
    expect((await auth(tokens.care!, careQueueChannel(org))).statusCode).toBe(200);
    expect((await auth(patient.token, careQueueChannel(org))).statusCode).toBe(403);
    expect((await auth(tokens.otherCare!, careQueueChannel(org))).statusCode).toBe(403);
    expect((await auth(tokens.care!, 'private-something-else')).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/pusher/auth',
      payload: { socket_id: '1234.1234', channel_name: careQueueChannel(org) },
    });
    expect(anonymous.statusCode).toBe(401);
    const badSocket = await auth(tokens.care!, careQueueChannel(org).replace('private-', 'private-\n'));
    expect(badSocket.statusCode).toBe(400);
  });

  it('refuses a subscription the portal did not sign, and a client that asks for another clinic’s queue', async () => {
    const other = connect(tokens.otherCare!);
    const refused = other.subscribe(careQueueChannel(org));
    const failure = (await next(refused, 'pusher:subscription_error')) as { type: string; error: string };
    expect(failure).toMatchObject({ type: 'AuthError' });
    expect(String(failure.error)).toMatch(/status 403/);

    // a forged signature straight on the socket: the server answers with pusher:error and subscribes nothing
    const socket = new WebSocket(`ws://127.0.0.1:${port}/app/portal?protocol=7&client=js&version=8.6.0`);
    const messages: { event: string; data: unknown }[] = [];
    const arrived = (event: string) =>
      new Promise<{ event: string; data: unknown }>((resolve) =>
        socket.on('message', (raw) => {
          const message = JSON.parse(raw.toString());
          messages.push(message);
          if (message.event === event) resolve(message);
        }),
      );
    const established = await arrived('pusher:connection_established');
    const { socket_id } = JSON.parse(established.data as string) as { socket_id: string };
    expect(socket_id).toMatch(/^\d+\.\d+$/);
    const error = arrived('pusher:error');
    socket.send(
      JSON.stringify({
        event: 'pusher:subscribe',
        data: { channel: careQueueChannel(org), auth: `portal:${'0'.repeat(64)}` },
      }),
    );
    expect(((await error).data as { code: number }).code).toBe(4009);
    const pong = arrived('pusher:pong');
    socket.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
    await pong;
    const publicRefused = arrived('pusher:error');
    socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'public-news' } }));
    expect(((await publicRefused).data as { message: string }).message).toMatch(/only private and presence/);
    socket.close();
    expect(messages.some((m) => m.event === 'pusher_internal:subscription_succeeded')).toBe(false);
  });

  it('never sends an event over Pusher’s 10 KB: the client gets the next one and not the big one', async () => {
    const client = connect(tokens.care!);
    const channel = client.subscribe(careQueueChannel(org));
    await next(channel, 'pusher:subscription_succeeded');
    const heard: string[] = [];
    channel.bind('probe', (data: { size: string }) => heard.push(data.size));
    const small = next(channel, 'probe');
    t.app.ctx.realtime.trigger(careQueueChannel(org), 'probe', { size: 'big', pad: 'x'.repeat(10_300) });
    t.app.ctx.realtime.trigger(careQueueChannel(org), 'probe', { size: 'small' });
    await small;
    expect(heard).toEqual(['small']);
  });

  it('names only routes that exist among the queue-changing calls', () => {
    const registered = new Set(t.app.apiRoutes.map((route) => `${route.method} ${route.url}`));
    for (const route of queueChangingRoutes()) expect(registered, route).toContain(route);
  });
});
