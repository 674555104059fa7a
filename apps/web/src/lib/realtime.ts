import type { IntegrationSettings } from '@portal/domain/contracts/realtime';
import { useEffect, useRef, useState } from 'react';
import { apiRequest, requireOrganizationId, seg } from './api-client';
import { getToken, subscribeSession } from './session';

type PusherClient = import('pusher-js').default;
type PusherSettings = IntegrationSettings['pusher'];
type PageLocation = Pick<Location, 'hostname' | 'port' | 'protocol'>;

/**
 * pusher-js's options for the portal's settings: hosted Pusher by cluster, a Pusher-compatible server by
 * host and port, or (all null) the portal's embedded server on the page's own host, port and scheme.
 */
export function connectionOptions(settings: PusherSettings, page: PageLocation) {
  const tls = settings.use_tls ?? page.protocol === 'https:';
  if (settings.cluster && !settings.host) return { cluster: settings.cluster, forceTLS: tls };
  const port = settings.port ?? (page.port ? Number(page.port) : tls ? 443 : 80);
  return {
    cluster: settings.cluster ?? '',
    wsHost: settings.host ?? page.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: tls,
    enabledTransports: ['ws', 'wss'] as ('ws' | 'wss')[],
    disableStats: true,
  };
}

let client: Promise<PusherClient> | null = null;

/**
 * The page's one real-time connection, made on first use: pusher-js loads with it (only screens that listen
 * pay for it), and it closes when the session ends. Channels are authorized through /pusher/auth with the
 * session's token, so only what the server lets this user join is ever joined.
 */
function realtimeClient(): Promise<PusherClient> {
  if (client) return client;
  const made = (async () => {
    const [{ default: Pusher }, { pusher: settings }] = await Promise.all([
      import('pusher-js'),
      apiRequest<IntegrationSettings>(`/organization/${seg(requireOrganizationId())}/settings/integration`, {
        authenticated: false,
      }),
    ]);
    const instance = new Pusher(settings.key, {
      ...connectionOptions(settings, window.location),
      channelAuthorization: {
        customHandler: ({ socketId, channelName }, callback) => {
          apiRequest<{ auth: string; channel_data?: string }>(settings.auth_endpoint, {
            method: 'POST',
            body: { socket_id: socketId, channel_name: channelName },
          }).then(
            (auth) => callback(null, auth),
            (error: Error) => callback(error, null),
          );
        },
      },
    });
    const stop = subscribeSession(() => {
      if (getToken()) return;
      stop();
      instance.disconnect();
      if (client === made) client = null;
    });
    return instance;
  })();
  client = made;
  made.catch(() => {
    if (client === made) client = null;
  });
  return made;
}

/** Whether a screen hears changes as they happen: 'live' once its channel is joined. */
export type ChannelStatus = 'connecting' | 'live' | 'offline';

let currentSocketId: string | undefined;

/**
 * The page's socket id once connected: sent with a change the page makes (a message, a read receipt, a typing
 * notice), so the server's event skips the page that already shows it.
 */
export function realtimeSocketId(): string | undefined {
  return currentSocketId;
}

/**
 * How many screens listen on each channel: the channel is left when the last one stops, so a page that
 * closes does not cut off the shell listening on the same conversation.
 */
const listeners = new Map<string, number>();

/**
 * Runs `fn` after the browser's next paint (a frame, then a task): immediately after, without the frame, where
 * there is no rendering (tests). Returns a cancel.
 */
function afterNextPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(fn, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** Handlers of a channel's events, each given the event's data. */
export type ChannelHandlers = Record<string, (data: unknown) => void>;

/**
 * Listens to `handlers`' events on `channel` once it is joined, and calls `onJoin` when it is joined and
 * again each time the connection comes back after a break: the database is the source of truth, so the screen
 * reads again whatever it may have missed meanwhile. Nothing when `channel` is null. Says whether the channel
 * is live; a connection that cannot be made leaves the screen to its own refreshes ('offline'). `ready`, when
 * given, is awaited with the client before the channel is joined: what the handlers need and the screen's first
 * frame does not (the events' schemas) loads beside the real-time client, and no event can come before it.
 */
export function useChannelEvents(
  channel: string | null,
  handlers: ChannelHandlers,
  onJoin?: () => void,
  ready?: () => Promise<unknown>,
): ChannelStatus {
  const latest = useRef({ handlers, onJoin, ready });
  latest.current = { handlers, onJoin, ready };
  const events = Object.keys(handlers).sort().join(',');
  const [status, setStatus] = useState<ChannelStatus>('connecting');
  useEffect(() => {
    if (!channel) return;
    let cancelled = false;
    let cleanup = () => {};
    setStatus('connecting');
    const join = () =>
      Promise.all([realtimeClient(), latest.current.ready?.()]).then(
        ([pusher]) => {
          if (cancelled) return;
          listeners.set(channel, (listeners.get(channel) ?? 0) + 1);
          const subscription = pusher.subscribe(channel);
          const bound = events
            .split(',')
            .filter(Boolean)
            .map((event) => {
              const handler = (data: unknown) => latest.current.handlers[event]?.(data);
              subscription.bind(event, handler);
              return [event, handler] as const;
            });
          const joined = () => {
            currentSocketId = pusher.connection.socket_id;
            setStatus('live');
            latest.current.onJoin?.();
          };
          const refused = () => setStatus('offline');
          const onState = ({ current }: { current: string }) => {
            // back after a break: pusher-js joins the channel again, and `joined` reads what was missed
            if (current === 'unavailable' || current === 'failed' || current === 'disconnected')
              setStatus('offline');
            if (current === 'connected') currentSocketId = pusher.connection.socket_id;
          };
          subscription.bind('pusher:subscription_succeeded', joined);
          subscription.bind('pusher:subscription_error', refused);
          pusher.connection.bind('state_change', onState);
          // another screen already joined it: its success will not be announced again
          if (subscription.subscribed) joined();
          cleanup = () => {
            subscription.unbind('pusher:subscription_succeeded', joined);
            subscription.unbind('pusher:subscription_error', refused);
            for (const [event, handler] of bound) subscription.unbind(event, handler);
            pusher.connection.unbind('state_change', onState);
            const left = (listeners.get(channel) ?? 1) - 1;
            if (left > 0) listeners.set(channel, left);
            else {
              listeners.delete(channel);
              pusher.unsubscribe(channel);
            }
          };
        },
        () => {
          if (!cancelled) setStatus('offline');
        },
      );
    // The client and the schemas are fetched once the screen has painted: started by the first render's
    // effects they went out before its first paint and took the line's bandwidth from what it paints.
    const waiting = afterNextPaint(() => {
      if (!cancelled) void join();
    });
    return () => {
      cancelled = true;
      waiting();
      cleanup();
    };
  }, [channel, events]);
  return status;
}

/**
 * Calls `onChange` when `event` arrives on `channel`, once the channel is joined, and when the connection
 * comes back after a break (see useChannelEvents).
 */
export function useChannelEvent(channel: string | null, event: string, onChange: () => void): ChannelStatus {
  const latest = useRef(onChange);
  latest.current = onChange;
  return useChannelEvents(channel, { [event]: () => latest.current() }, () => latest.current());
}
