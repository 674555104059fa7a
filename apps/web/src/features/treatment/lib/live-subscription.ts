import type { Subscription } from '@portal/domain/contracts/subscription';

/** Ended subscriptions, after which the product may be ordered again (001 §4). */
const ENDED = new Set(['canceled', 'incomplete_expired']);

/** The patient's live subscription (not canceled or incomplete_expired) to the product template, if any. */
export function liveSubscriptionFor(
  subscriptions: readonly Subscription[],
  productTemplateId: string,
): Subscription | undefined {
  return subscriptions.find(
    (s) => !ENDED.has(s.status) && s.product_plans.some((p) => p.product_template?._id === productTemplateId),
  );
}
