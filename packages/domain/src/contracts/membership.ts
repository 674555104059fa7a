import { z } from 'zod';
import { Id } from './common';

/** A price of a coaching membership, charged every `recurring.interval_count` months (cents). */
export const MembershipPrice = z.object({
  _id: Id,
  membership: Id,
  type: z.literal('recurring'),
  unit_amount: z.number().int(),
  currency: z.string(),
  default: z.boolean(),
  interval_count: z.number().int(),
  stripe_price_id: z.string().nullable(),
  recurring: z.object({
    is_recurring: z.literal(true),
    interval: z.literal('month'),
    interval_count: z.number().int(),
  }),
});
export type MembershipPrice = z.infer<typeof MembershipPrice>;

/** A coaching membership (000 §3 under product template, 002 §7.4); prices sorted by interval. */
export const Membership = z.object({
  _id: Id,
  organization: Id,
  name: z.string(),
  description: z.string(),
  features: z.array(z.object({ title: z.string(), description: z.string() })),
  included_products: z.array(
    z.object({ name: z.string(), image: z.string().optional(), features: z.array(z.string()) }),
  ),
  event_link: z.string().nullable(),
  prices: z.array(MembershipPrice),
});
export type Membership = z.infer<typeof Membership>;
