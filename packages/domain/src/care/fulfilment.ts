/**
 * A fulfilment order's steps at the pharmacy (issue 12 §4): staff move it forward one step at a time, each
 * step tells the patient, and it ships only with a tracking number.
 */
export const FULFILMENT_STEPS = ['awaiting_fulfilment', 'processing', 'shipped', 'delivered'] as const;
export type FulfilmentStep = (typeof FULFILMENT_STEPS)[number];

export const FULFILMENT_LABELS: Readonly<Record<FulfilmentStep, string>> = {
  awaiting_fulfilment: 'Awaiting Fulfilment',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
};

/** The step after this one, or null once delivered. */
export function nextFulfilmentStep(step: FulfilmentStep): FulfilmentStep | null {
  return FULFILMENT_STEPS[FULFILMENT_STEPS.indexOf(step) + 1] ?? null;
}

/** Why the order cannot move from `from` to `to` (with this tracking number), or null. */
export function fulfilmentRefusal(
  from: FulfilmentStep,
  to: FulfilmentStep,
  trackingNumber?: string | null,
): 'StepOutOfOrder' | 'TrackingNumberRequired' | null {
  if (nextFulfilmentStep(from) !== to) return 'StepOutOfOrder';
  if (to === 'shipped' && !trackingNumber?.trim()) return 'TrackingNumberRequired';
  return null;
}
