import { z } from 'zod';
import { ANALYTICS_EVENTS, CAMPAIGN_TRAIT } from '../analytics/events';
import { Id } from './common';

const Short = z.string().max(80);
const Item = z
  .object({
    item_id: Id,
    item_category: z.enum(['medication', 'lab', 'supplement', 'coaching_membership']),
    price: z.number().min(0).max(100_000),
    quantity: z.number().int().min(1).max(1000),
    currency: z.literal('USD'),
  })
  .strict();

/**
 * The only properties an analytics event may carry: an allowlist, checked again by the server, so a name, an
 * answer, a measurement or an address can never be recorded or sent on (issue 11 §2).
 */
export const AnalyticsProperties = z
  .object({
    /** The consultation stage (000 §2 stage numbers) and step (a route section, e.g. "pharmacy-questions"). */
    stage: z.number().int().min(0).max(10).optional(),
    step: z
      .string()
      .regex(/^[a-z0-9_-]{1,40}$/)
      .optional(),
    /** The page's path with record ids replaced (':id'). */
    path: z
      .string()
      .max(200)
      .regex(/^\/[\w:/-]*$/)
      .optional(),
    intake_id: Id.optional(),
    product_id: Id.optional(),
    product_type: Item.shape.item_category.optional(),
    items: z.array(Item).max(20).optional(),
    value: z.number().min(0).max(1_000_000).optional(),
    currency: z.literal('USD').optional(),
    /** The treatment preference chosen (000 §2 protocol preference): a choice's key, not its wording. */
    preference: z
      .string()
      .regex(/^[a-z0-9_-]{1,40}$/)
      .optional(),
    /** Campaign traits of the visit (utm_*, referral), as the user's analytics_traits hold them. */
    traits: z.record(z.string().regex(CAMPAIGN_TRAIT), Short).optional(),
  })
  .strict();
export type AnalyticsProperties = z.infer<typeof AnalyticsProperties>;

/** POST /v2/analytics/events (anonymous) and /v2/users/analytics/events (signed in). */
export const AnalyticsEventBody = z
  .object({
    event: z.enum(ANALYTICS_EVENTS),
    /** A random id of this browser tab, so one visit's events read together (kept in memory only). */
    anonymous_id: z.string().uuid(),
    properties: AnalyticsProperties.default({}),
  })
  .strict();
export type AnalyticsEventBody = z.infer<typeof AnalyticsEventBody>;
