import { describe, expect, it } from 'vitest';
import { canCountCancellationAttempt, retentionBlockedText, retentionOffer } from './retention';

const now = new Date('2027-03-01T12:00:00Z');
const past = '2027-02-01T00:00:00Z';
const future = '2027-04-01T00:00:00Z';

describe('retention offer (001 §4, §9)', () => {
  it('attempt 0: the 20% discount plus the consultation, Continue offered', () => {
    expect(retentionOffer({ cancellation_attempt: 0, renews_at: future }, now)).toEqual({
      discount: true,
      canContinue: true,
      hasDiscount: false,
      hasBookedCall: false,
    });
  });

  it('first attempt: counted only after the renewal date and after the appointment date', () => {
    const at = (renews_at: string | null, call: string | null) =>
      canCountCancellationAttempt(
        { cancellation_attempt: 1, renews_at, free_consultation_scheduled_date: call },
        now,
      );
    expect(at(past, past)).toBe(true);
    expect(at(null, null)).toBe(true);
    expect(at(future, past)).toBe(false);
    expect(at(past, future)).toBe(false);
  });

  it('later attempts: counted after the appointment date, whatever the renewal date', () => {
    expect(
      canCountCancellationAttempt(
        { cancellation_attempt: 2, renews_at: future, free_consultation_scheduled_date: past },
        now,
      ),
    ).toBe(true);
    expect(
      canCountCancellationAttempt({ cancellation_attempt: 3, free_consultation_scheduled_date: future }, now),
    ).toBe(false);
  });

  it('says what the patient would lose', () => {
    const both = retentionOffer(
      { cancellation_attempt: 1, renews_at: future, free_consultation_scheduled_date: future },
      now,
    );
    expect(both).toMatchObject({
      discount: false,
      canContinue: false,
      hasDiscount: true,
      hasBookedCall: true,
    });
    expect(retentionBlockedText(both)).toBe(
      'You already have a 20% discount on your next renewal and a booked consultation. Cancelling your treatment would void them.',
    );
    const discountOnly = retentionOffer({ cancellation_attempt: 1, renews_at: future }, now);
    expect(retentionBlockedText(discountOnly)).toBe(
      'You already have a 20% discount on your next renewal. Cancelling your treatment would void it.',
    );
    const callOnly = retentionOffer(
      { cancellation_attempt: 2, free_consultation_scheduled_date: future },
      now,
    );
    expect(retentionBlockedText(callOnly)).toBe(
      'You already have a booked consultation. Cancelling your treatment would void it.',
    );
  });
});
