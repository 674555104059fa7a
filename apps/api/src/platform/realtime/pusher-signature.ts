import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Pusher's channel authorization (protocol 7): `key:hex(HMAC-SHA256(secret, "socket_id:channel[:channel_data]"))`.
 * The embedded server checks what the auth route signs, and hosted Pusher checks the same string.
 */
export function signChannel(
  credentials: { key: string; secret: string },
  socketId: string,
  channel: string,
  channelData?: string,
): string {
  const subject =
    channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  return `${credentials.key}:${createHmac('sha256', credentials.secret).update(subject).digest('hex')}`;
}

export function channelAuthValid(
  credentials: { key: string; secret: string },
  auth: unknown,
  socketId: string,
  channel: string,
  channelData?: string,
): boolean {
  if (typeof auth !== 'string') return false;
  const expected = Buffer.from(signChannel(credentials, socketId, channel, channelData));
  const given = Buffer.from(auth);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Pusher's socket ids: two numbers, which the auth route checks before signing. */
export const SOCKET_ID = /^\d{1,20}\.\d{1,20}$/;

/** Channel names Pusher accepts (at most 164 characters of these). */
export const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,164}$/;

/** Pusher refuses an event whose data is over 10 KB; so does the portal, whichever server carries it. */
export const MAX_EVENT_BYTES = 10_240;
