import { createHmac } from 'node:crypto';
import type { Server } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { createEmbeddedPusher } from './embedded-pusher';
import { MAX_EVENT_BYTES } from './pusher-signature';

/** What the web app needs to connect pusher-js: nulls mean "the page's own host, port and scheme". */
export type RealtimeClientSettings = {
  key: string;
  cluster: string | null;
  host: string | null;
  port: number | null;
  use_tls: boolean | null;
};

export type Realtime = {
  /** The key and secret that sign channel authorizations for whichever server carries the events. */
  credentials: { key: string; secret: string };
  client: RealtimeClientSettings;
  /**
   * Sends an event to a channel's subscribers on every instance. Fire and forget: a lost event costs a
   * screen one refresh, never a request, because the database stays the source of truth.
   */
  trigger(channel: string, event: string, payload: unknown, excludeSocketId?: string): void;
  /** Serves the embedded server's WebSockets on the API's own HTTP server (nothing with hosted Pusher). */
  attach(server: Server): void;
  close(): Promise<void>;
};

const EMBEDDED_KEY = 'portal';

/**
 * Real-time events over the Pusher protocol (decision 032): hosted Pusher Channels or a compatible server
 * when configured, else the embedded server, fanned out through Redis across instances when REDIS_URL is set.
 */
export async function createRealtime(
  config: Config,
  tokenSecret: string,
  log: FastifyBaseLogger,
): Promise<Realtime> {
  const text = (event: string, payload: unknown) => {
    const data = JSON.stringify(payload);
    if (Buffer.byteLength(data) > MAX_EVENT_BYTES) {
      log.warn({ event }, 'realtime event over 10 KB not sent');
      return null;
    }
    return data;
  };

  if (config.PUSHER_APP_ID && config.PUSHER_KEY && config.PUSHER_SECRET) {
    const { default: Pusher } = await import('pusher');
    const base = {
      appId: config.PUSHER_APP_ID,
      key: config.PUSHER_KEY,
      secret: config.PUSHER_SECRET,
      useTLS: config.PUSHER_USE_TLS ?? true,
    };
    // a Pusher-compatible server by host and port, else hosted Pusher Channels by cluster (mt1 by default)
    const pusher = new Pusher(
      config.PUSHER_HOST
        ? {
            ...base,
            host: config.PUSHER_HOST,
            ...(config.PUSHER_PORT ? { port: String(config.PUSHER_PORT) } : {}),
          }
        : { ...base, cluster: config.PUSHER_CLUSTER ?? 'mt1' },
    );
    return {
      credentials: { key: config.PUSHER_KEY, secret: config.PUSHER_SECRET },
      client: {
        key: config.PUSHER_KEY,
        cluster: config.PUSHER_CLUSTER ?? null,
        host: config.PUSHER_HOST ?? null,
        port: config.PUSHER_PORT ?? null,
        use_tls: config.PUSHER_USE_TLS ?? true,
      },
      trigger(channel, event, payload, excludeSocketId) {
        const data = text(event, payload);
        if (data === null) return;
        pusher
          .trigger(
            channel,
            event,
            JSON.parse(data),
            excludeSocketId ? { socket_id: excludeSocketId } : undefined,
          )
          .catch((error: Error) =>
            log.warn({ err: { message: error.message }, event }, 'pusher trigger failed'),
          );
      },
      attach: () => undefined,
      close: async () => undefined,
    };
  }

  // the embedded server's secret comes from the token secret: nothing more to configure, and it differs per portal
  const secret = createHmac('sha256', tokenSecret).update('realtime channel authorization').digest('hex');
  const server = createEmbeddedPusher({ key: EMBEDDED_KEY, secret, log });
  const fanout = config.REDIS_URL
    ? await createRedisFanout(
        config.REDIS_URL,
        `${config.REDIS_KEY_PREFIX}portal:realtime`,
        server.deliver,
        log,
      )
    : null;
  return {
    credentials: { key: EMBEDDED_KEY, secret },
    client: { key: EMBEDDED_KEY, cluster: null, host: null, port: null, use_tls: null },
    trigger(channel, event, payload, excludeSocketId) {
      const data = text(event, payload);
      if (data === null) return;
      const message = { channel, event, data, ...(excludeSocketId ? { excludeSocketId } : {}) };
      if (fanout) fanout.publish(message);
      else server.deliver(message);
    },
    attach: (http) => server.attach(http),
    async close() {
      await fanout?.close();
      await server.close();
    },
  };
}

/** Every instance's subscribers get every event: published to one Redis channel, delivered by each subscriber. */
async function createRedisFanout(
  redisUrl: string,
  channel: string,
  deliver: (message: { channel: string; event: string; data: string; excludeSocketId?: string }) => void,
  log: FastifyBaseLogger,
) {
  const { Redis } = await import('ioredis');
  const onError = (error: Error) => log.warn({ err: { message: error.message } }, 'redis error (realtime)');
  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(redisUrl);
  publisher.on('error', onError);
  subscriber.on('error', onError);
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    try {
      deliver(JSON.parse(text));
    } catch {
      log.warn('unreadable realtime message on redis');
    }
  });
  await subscriber.subscribe(channel);
  return {
    publish(message: object) {
      publisher.publish(channel, JSON.stringify(message)).catch(onError);
    },
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
