import { describe, expect, it } from 'vitest';
import { advance, type RenewableSubscription } from './sandbox-renewal';
import { addMonths } from './subscription-billing';

const d = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
const base: RenewableSubscription = {
  status: 'active',
  durationMonths: 3,
  amount: 30_000,
  currentPeriodStart: d('2027-01-15'),
  currentPeriodEnd: d('2027-04-15'),
  pauseCollection: null,
  rescheduleDate: null,
  nextRenewalPercentOff: 0,
};

describe('addMonths', () => {
  it('keeps the day, or the last day of a shorter month', () => {
    expect(addMonths(d('2027-01-15'), 3).toISOString()).toBe('2027-04-15T00:00:00.000Z');
    expect(addMonths(d('2027-01-31'), 1).toISOString()).toBe('2027-02-28T00:00:00.000Z');
    expect(addMonths(d('2027-11-30'), 3).toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });
});

describe('advance (sandbox renewals)', () => {
  it('does nothing inside the period', () => {
    const r = advance(base, d('2027-04-14'), true);
    expect(r.invoices).toEqual([]);
    expect(r.currentPeriodEnd).toEqual(d('2027-04-15'));
    expect(r.status).toBe('active');
  });

  it('renews each ended period with a paid invoice', () => {
    // Apr 15 and Jul 15 have passed on Aug 1: two renewals, the period is now Jul 15 to Oct 15.
    const r = advance(base, d('2027-08-01'), true);
    expect(r.invoices.map((i) => [i.periodStart.toISOString().slice(0, 10), i.status, i.amountPaid])).toEqual(
      [
        ['2027-04-15', 'paid', 30_000],
        ['2027-07-15', 'paid', 30_000],
      ],
    );
    expect(r.currentPeriodStart).toEqual(d('2027-07-15'));
    expect(r.currentPeriodEnd).toEqual(d('2027-10-15'));
  });

  it('leaves the invoice open and the subscription past due without a card; the next renewal with a card settles it', () => {
    const r = advance(base, d('2027-04-15'), false);
    expect(r.status).toBe('past_due');
    expect(r.invoices).toEqual([
      {
        periodStart: d('2027-04-15'),
        periodEnd: d('2027-07-15'),
        amountDue: 30_000,
        amountPaid: 0,
        status: 'open',
      },
    ]);
    const pastDue = {
      ...base,
      status: 'past_due' as const,
      currentPeriodStart: d('2027-04-15'),
      currentPeriodEnd: d('2027-07-15'),
    };
    // A card alone changes nothing before the next renewal date.
    expect(advance(pastDue, d('2027-05-01'), true)).toMatchObject({
      status: 'past_due',
      settleOpenInvoices: false,
      invoices: [],
    });
    const renewed = advance(pastDue, d('2027-07-15'), true);
    expect(renewed).toMatchObject({ status: 'active', settleOpenInvoices: true });
    expect(renewed.invoices.map((i) => i.status)).toEqual(['paid']);
  });

  it('rolls a paused subscription’s periods without billing', () => {
    const paused = { ...base, status: 'paused' as const, pauseCollection: { behavior: 'void' as const } };
    const r = advance(paused, d('2027-08-01'), true);
    expect(r.invoices).toEqual([]);
    expect(r.status).toBe('paused');
    expect(r.currentPeriodEnd).toEqual(d('2027-10-15'));
  });

  it('bills a rescheduled subscription on its new date and makes it active', () => {
    const rescheduled = {
      ...base,
      status: 'paused_by_reschedule' as const,
      currentPeriodEnd: d('2027-05-20'),
      rescheduleDate: d('2027-05-20'),
    };
    expect(advance(rescheduled, d('2027-05-19'), true).status).toBe('paused_by_reschedule');
    const r = advance(rescheduled, d('2027-05-20'), true);
    expect(r).toMatchObject({ status: 'active', rescheduleDate: null });
    expect(r.invoices[0]).toMatchObject({ periodStart: d('2027-05-20'), periodEnd: d('2027-08-20') });
  });

  it('takes the retention discount off the next renewal only: 20% of $300.00 is $60.00', () => {
    const r = advance({ ...base, nextRenewalPercentOff: 20 }, d('2027-08-01'), true);
    expect(r.invoices.map((i) => i.amountDue)).toEqual([24_000, 30_000]);
    expect(r.discountUsed).toBe(true);
  });

  it('leaves ended and unstarted subscriptions alone', () => {
    for (const status of ['canceled', 'awaiting_physician_review', 'incomplete_expired'] as const)
      expect(advance({ ...base, status }, d('2028-01-01'), true).invoices).toEqual([]);
    expect(advance({ ...base, currentPeriodEnd: null }, d('2028-01-01'), true).invoices).toEqual([]);
  });
});
