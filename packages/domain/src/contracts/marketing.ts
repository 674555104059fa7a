import { z } from 'zod';
import { Id } from './common';

/** A marketing tag name, e.g. 'status:intake:incomplete' (000 §4 "Marketing tags toggle"). */
export const MarketingTagName = z
  .string()
  .trim()
  .min(1, 'Enter a tag.')
  .max(100, 'Tags are at most 100 characters long.')
  .regex(/^[A-Za-z0-9 :_.-]+$/, 'Tags use letters, digits, spaces and : _ . - only.');

/** POST /users/{org}/patient/{id}/subscriber: adds the patient to the clinic's marketing list. */
export const SubscriberBody = z
  .object({
    patient: Id.optional(),
    tags: z.array(MarketingTagName).max(20).optional(),
  })
  .strict()
  .nullish();
export type SubscriberBody = z.input<typeof SubscriberBody>;

/** POST /users/{org}/patient/{id}/subscriber/tag: tag name and status for the patient. */
export const SubscriberTagBody = z
  .object({
    tag: MarketingTagName,
    status: z.enum(['active', 'inactive']),
    patient: Id.optional(),
  })
  .strict();
export type SubscriberTagBody = z.input<typeof SubscriberTagBody>;

export const SubscriberResult = z.object({
  patient: Id,
  subscribed: z.boolean(),
  tags: z.array(z.object({ tag: z.string(), status: z.enum(['active', 'inactive']) })),
});
export type SubscriberResult = z.infer<typeof SubscriberResult>;

/** GET /integrations/{org}/check?type=…: whether an outside integration (e.g. the marketing list) is on. */
export const IntegrationCheckQuery = z
  .object({
    type: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/, 'Unknown integration type.'),
  })
  .strict();
export const IntegrationCheck = z.object({ enabled: z.boolean() });
export type IntegrationCheck = z.infer<typeof IntegrationCheck>;

/** GET /marketing/{org}/events: the clinic's marketing and conversion events, newest first (staff). */
export const MarketingEventsQuery = z
  .object({
    name: z
      .string()
      .regex(/^[a-z_]{1,64}$/, 'An event name.')
      .optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export type MarketingEventsQuery = z.infer<typeof MarketingEventsQuery>;

export const MarketingEventsPage = z.object({
  docs: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      user: z.string().nullable(),
      properties: z.record(z.string(), z.unknown()),
      created_at: z.string(),
    }),
  ),
  page: z.number().int(),
  hasNextPage: z.boolean(),
  hasPrevPage: z.boolean(),
});
export type MarketingEventsPage = z.infer<typeof MarketingEventsPage>;

/** A campaign's id, or its slug (lowercase letters, digits and dashes). */
export const CampaignKey = z.union([Id, z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'Unknown campaign.')]);
