import { describe, expect, it } from 'vitest';
import { productTypeLabel, purchaseStatusLabel } from './purchase-status';

describe('purchaseStatusLabel', () => {
  it('names order statuses for people', () => {
    expect(purchaseStatusLabel('order', 'created')).toBe('Awaiting Payment');
    expect(purchaseStatusLabel('order', 'paid')).toBe('Paid');
    expect(purchaseStatusLabel('order', 'fulfilled')).toBe('Fulfilled');
    expect(purchaseStatusLabel('order', 'failed')).toBe('Failed Payment');
  });

  it('uses the subscription labels of 001 §4 for subscriptions', () => {
    expect(purchaseStatusLabel('subscription', 'past_due')).toBe('Failed Payment');
    expect(purchaseStatusLabel('subscription', 'incomplete_expired')).toBe('Expired');
    expect(purchaseStatusLabel('subscription', 'paused_by_reschedule')).toBe('Rescheduled');
    expect(purchaseStatusLabel('subscription', 'awaiting_physician_review')).toBe(
      'Awaiting Physician Review',
    );
    expect(purchaseStatusLabel('subscription', 'active')).toBe('Active');
  });
});

describe('productTypeLabel', () => {
  it('labels the four product types', () => {
    expect(productTypeLabel('coaching_membership')).toBe('Coaching Membership');
    expect(productTypeLabel('lab')).toBe('Lab');
  });
});
