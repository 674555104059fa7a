import Pusher from 'pusher-js';
import { bearer } from './harness';

type Channel = ReturnType<Pusher['subscribe']>;

/**
 * The unmodified pusher-js client on a listening test server's embedded Pusher-protocol server, authorizing
 * its channels through `endpoint` (POST /pusher/auth by default) with `token`, as the web app does.
 */
export function connectPusher(port: number, token: string, endpoint = '/pusher/auth'): Pusher {
  return new Pusher('portal', {
    cluster: '',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => {
        fetch(`http://127.0.0.1:${port}${endpoint}`, {
          method: 'POST',
          headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ socket_id: socketId, channel_name: channelName }).toString(),
        })
          .then(async (res) =>
            res.ok
              ? callback(null, (await res.json()) as { auth: string; channel_data?: string })
              : callback(new Error(`status ${res.status}`), null),
          )
          .catch((error: Error) => callback(error, null));
      },
    },
  });
}

/** Resolves with the next of the channel's events named (or of its subscription's outcome). */
export function nextEvent<T = unknown>(channel: Channel, event: string): Promise<T> {
  return new Promise<T>((resolve) => {
    const handler = (data: T) => {
      channel.unbind(event, handler);
      resolve(data);
    };
    channel.bind(event, handler);
  });
}
