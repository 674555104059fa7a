import { z } from 'zod';

/**
 * GET /organization/{org}/settings/integration (002 §7.7; the documents do not show its answer): how the web
 * app connects pusher-js. Nulls mean the page's own host, port and scheme (the portal's embedded server).
 */
export const IntegrationSettings = z.object({
  pusher: z.object({
    key: z.string(),
    cluster: z.string().nullable(),
    host: z.string().nullable(),
    port: z.number().int().nullable(),
    use_tls: z.boolean().nullable(),
    auth_endpoint: z.string(),
  }),
});
export type IntegrationSettings = z.infer<typeof IntegrationSettings>;

/** POST /pusher/auth (001 §7): pusher-js sends the socket and the channel, as a form or as JSON. */
export const ChannelAuthBody = z.object({
  socket_id: z.string().regex(/^\d{1,20}\.\d{1,20}$/, 'socket_id must be a Pusher socket id'),
  channel_name: z
    .string()
    .regex(/^[A-Za-z0-9_\-=@,.;]{1,164}$/, 'channel_name must be a Pusher channel name'),
});
export const ChannelAuth = z.object({ auth: z.string(), channel_data: z.string().optional() });
export type ChannelAuth = z.infer<typeof ChannelAuth>;

/** The care team's review queue of one clinic: staff of that clinic only. */
export const careQueueChannel = (organizationId: string) => `private-care-queue-${organizationId}`;

/** Sent on the queue's channel when a visit enters, leaves or changes in it; the screen reads the queue again. */
export const QUEUE_CHANGED_EVENT = 'queue-changed';
