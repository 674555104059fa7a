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

/** A carrier's or tracking number's longest accepted form. */
export const TRACKING_NUMBER_MAX = 64;
export const CARRIER_MAX = 40;

/**
 * What the patient is told at each step (issue 12 §4: "each step notifying the patient"). Short and kind;
 * the tracking number is what a patient needs to follow the parcel, so it is in the shipped notice.
 */
export function fulfilmentNotice(
  step: Exclude<FulfilmentStep, 'awaiting_fulfilment'>,
  product: string,
  parcel: { trackingNumber?: string | null; carrier?: string | null } = {},
): string {
  switch (step) {
    case 'processing':
      return `Your order is being prepared: the pharmacy is filling your ${product}.`;
    case 'shipped': {
      const via = parcel.carrier?.trim() ? ` with ${parcel.carrier.trim()}` : '';
      return `Your ${product} has shipped${via}. Tracking number: ${parcel.trackingNumber?.trim() ?? ''}.`;
    }
    case 'delivered':
      return `Your ${product} was delivered. We hope it serves you well: message us with any question.`;
  }
}
