import { randomInt } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { CHANNEL_NAME, channelAuthValid, MAX_EVENT_BYTES } from './pusher-signature';

/** An event for the subscribers of one channel; `data` is already the JSON text Pusher carries. */
export type ChannelEvent = { channel: string; event: string; data: string; excludeSocketId?: string };

type Member = { user_id: string; user_info?: unknown };
type Connection = {
  socket: WebSocket;
  socketId: string;
  channels: Map<string, Member | null>;
  alive: boolean;
};

/** Seconds of silence after which pusher-js pings (the server answers, and drops a connection that stopped answering). */
const ACTIVITY_TIMEOUT_SECONDS = 120;

/**
 * A Pusher-protocol (version 7) WebSocket server inside the API process (issue 13 §2): pusher-js connects
 * to `/app/{key}` on the portal's own host. Private and presence channels only: a subscription carries the
 * signature the portal's `/pusher/auth` gave for this socket, which is checked here; public and encrypted
 * channels and client events are refused, because every channel of the portal carries a patient's or a
 * clinic's business. Events come from the server side only (`deliver`), at most 10 KB each.
 */
export function createEmbeddedPusher(opts: { key: string; secret: string; log: FastifyBaseLogger }) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const byChannel = new Map<string, Set<Connection>>();
  const credentials = { key: opts.key, secret: opts.secret };

  const send = (
    conn: Connection,
    message: { event: string; channel?: string; data: unknown; user_id?: string },
  ) => {
    if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(JSON.stringify(message));
  };
  const error = (conn: Connection, code: number | null, message: string) =>
    send(conn, { event: 'pusher:error', data: { code, message } });

  const membersOf = (channel: string) => {
    const members = new Map<string, unknown>();
    for (const other of byChannel.get(channel) ?? []) {
      const member = other.channels.get(channel);
      if (member) members.set(member.user_id, member.user_info ?? null);
    }
    return members;
  };

  const leave = (conn: Connection, channel: string) => {
    const member = conn.channels.get(channel);
    conn.channels.delete(channel);
    const subscribers = byChannel.get(channel);
    subscribers?.delete(conn);
    if (subscribers?.size === 0) byChannel.delete(channel);
    // a member leaves a presence channel with their last connection to it
    if (member && !membersOf(channel).has(member.user_id)) {
      for (const other of subscribers ?? [])
        send(other, {
          event: 'pusher_internal:member_removed',
          channel,
          data: JSON.stringify({ user_id: member.user_id }),
        });
    }
  };

  const subscribe = (conn: Connection, data: Record<string, unknown>) => {
    const channel = typeof data.channel === 'string' ? data.channel : '';
    if (!CHANNEL_NAME.test(channel)) return error(conn, 4009, 'Invalid channel name');
    const presence = channel.startsWith('presence-');
    if ((!presence && !channel.startsWith('private-')) || channel.startsWith('private-encrypted-'))
      return error(
        conn,
        4009,
        `Subscription to ${channel} refused: only private and presence channels are served`,
      );
    const channelData = presence && typeof data.channel_data === 'string' ? data.channel_data : undefined;
    if (presence && channelData === undefined)
      return error(conn, 4009, 'Presence channels need channel_data');
    if (!channelAuthValid(credentials, data.auth, conn.socketId, channel, channelData))
      return error(conn, 4009, `Invalid signature for ${channel}`);
    let member: Member | null = null;
    if (channelData !== undefined) {
      try {
        const parsed = JSON.parse(channelData) as Member;
        if (typeof parsed.user_id !== 'string' && typeof parsed.user_id !== 'number')
          throw new Error('no user');
        member = { user_id: String(parsed.user_id), user_info: parsed.user_info };
      } catch {
        return error(conn, 4009, 'Invalid channel_data');
      }
    }
    const known = member ? membersOf(channel).has(member.user_id) : true;
    conn.channels.set(channel, member);
    const subscribers = byChannel.get(channel) ?? new Set<Connection>();
    byChannel.set(channel, subscribers);
    subscribers.add(conn);
    if (member) {
      const members = membersOf(channel);
      send(conn, {
        event: 'pusher_internal:subscription_succeeded',
        channel,
        data: JSON.stringify({
          presence: { ids: [...members.keys()], hash: Object.fromEntries(members), count: members.size },
        }),
      });
      if (!known)
        for (const other of subscribers)
          if (other !== conn)
            send(other, {
              event: 'pusher_internal:member_added',
              channel,
              data: JSON.stringify({ user_id: member.user_id, user_info: member.user_info }),
            });
    } else send(conn, { event: 'pusher_internal:subscription_succeeded', channel, data: '{}' });
  };

  const onMessage = (conn: Connection, raw: RawData) => {
    let message: { event?: unknown; data?: unknown; channel?: unknown };
    try {
      message = JSON.parse(raw.toString());
    } catch {
      return error(conn, 4200, 'Invalid JSON');
    }
    const data = typeof message.data === 'string' ? safeParse(message.data) : message.data;
    switch (message.event) {
      case 'pusher:ping':
        return send(conn, { event: 'pusher:pong', data: '{}' });
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        return subscribe(conn, (data ?? {}) as Record<string, unknown>);
      case 'pusher:unsubscribe': {
        const channel = (data as { channel?: unknown } | undefined)?.channel;
        if (typeof channel === 'string' && conn.channels.has(channel)) leave(conn, channel);
        return;
      }
      default:
        if (typeof message.event === 'string' && message.event.startsWith('client-'))
          return error(conn, null, 'Client events are not enabled: events come from the portal');
        return error(conn, null, 'Unknown event');
    }
  };

  const heartbeat = setInterval(() => {
    for (const socket of wss.clients) {
      const conn = connections.get(socket);
      if (!conn) continue;
      if (!conn.alive) {
        socket.terminate();
        continue;
      }
      conn.alive = false;
      socket.ping();
    }
  }, ACTIVITY_TIMEOUT_SECONDS * 1000);
  heartbeat.unref();
  const connections = new WeakMap<WebSocket, Connection>();

  wss.on('connection', (socket) => {
    const conn: Connection = {
      socket,
      socketId: `${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`,
      channels: new Map(),
      alive: true,
    };
    connections.set(socket, conn);
    socket.on('pong', () => {
      conn.alive = true;
    });
    socket.on('message', (raw) => {
      conn.alive = true;
      onMessage(conn, raw);
    });
    socket.on('close', () => {
      for (const channel of [...conn.channels.keys()]) leave(conn, channel);
    });
    socket.on('error', () => socket.terminate());
    send(conn, {
      event: 'pusher:connection_established',
      data: JSON.stringify({ socket_id: conn.socketId, activity_timeout: ACTIVITY_TIMEOUT_SECONDS }),
    });
  });

  return {
    /** Takes the HTTP upgrades for `/app/{key}`; any other upgrade is refused. */
    attach(server: Server) {
      server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        const path = (request.url ?? '').split('?')[0];
        if (path !== `/app/${opts.key}`) {
          socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
          return;
        }
        wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
      });
    },
    /** Sends an event to this process's subscribers of its channel. */
    deliver(event: ChannelEvent) {
      if (Buffer.byteLength(event.data) > MAX_EVENT_BYTES) {
        opts.log.warn({ event: event.event }, 'realtime event over 10 KB not sent');
        return;
      }
      for (const conn of byChannel.get(event.channel) ?? [])
        if (conn.socketId !== event.excludeSocketId)
          send(conn, { event: event.event, channel: event.channel, data: event.data });
    },
    /** Open connections and subscribed channels, for the bench and the health page. */
    stats: () => ({ connections: wss.clients.size, channels: byChannel.size }),
    async close() {
      clearInterval(heartbeat);
      for (const socket of wss.clients) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

export type EmbeddedPusher = ReturnType<typeof createEmbeddedPusher>;

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
