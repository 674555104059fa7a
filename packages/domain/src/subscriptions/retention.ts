/** The retention (upsell) offer shown before a cancellation (001 §4 "Retention (upsell) modal", §9). */

export const RETENTION_DISCOUNT_PERCENT = 20;

export type CancellationInfoLike = {
  renews_at?: string | null;
  free_consultation_scheduled_date?: string | null;
  cancellation_attempt: number;
};

export type RetentionOffer = {
  /** 20% off the next renewal: only on the first attempt (cancellation_attempt 0). */
  discount: boolean;
  /** Continue (to book the free longevity consultation) is offered: the attempt may be counted. */
  canContinue: boolean;
  /** When Continue is not offered: what the patient already has and would lose by cancelling. */
  hasDiscount: boolean;
  hasBookedCall: boolean;
};

const after = (now: Date, iso: string | null | undefined) => !iso || now.getTime() > Date.parse(iso);

/**
 * Whether a cancellation attempt may be counted now. No attempt yet: always. After the first attempt:
 * once the discounted renewal date and the booked consultation are both past. Later attempts: once the
 * consultation is past.
 */
export function canCountCancellationAttempt(info: CancellationInfoLike, now: Date): boolean {
  if (info.cancellation_attempt <= 0) return true;
  const callPast = after(now, info.free_consultation_scheduled_date);
  if (info.cancellation_attempt === 1) return callPast && after(now, info.renews_at);
  return callPast;
}

export function retentionOffer(info: CancellationInfoLike, now: Date): RetentionOffer {
  const canContinue = canCountCancellationAttempt(info, now);
  return {
    discount: info.cancellation_attempt <= 0,
    canContinue,
    hasDiscount: !canContinue && info.cancellation_attempt >= 1 && !after(now, info.renews_at),
    hasBookedCall: !canContinue && !after(now, info.free_consultation_scheduled_date),
  };
}

/** The blocked message: the patient already has the discount and/or a booked call; cancelling voids them. */
export function retentionBlockedText(offer: RetentionOffer): string {
  const what =
    offer.hasDiscount && offer.hasBookedCall
      ? 'a 20% discount on your next renewal and a booked consultation'
      : offer.hasDiscount
        ? 'a 20% discount on your next renewal'
        : 'a booked consultation';
  const them = offer.hasDiscount && offer.hasBookedCall ? 'them' : 'it';
  return `You already have ${what}. Cancelling your treatment would void ${them}.`;
}
