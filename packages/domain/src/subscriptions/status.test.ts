import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../contracts/subscription';
import {
  CONTACT_TEAM_NOTE,
  emptyTabText,
  formatBillingDate,
  inSubscriptionTab,
  type ProtocolLike,
  protocolLabel,
  type SubscriptionLike,
  subscriptionActions,
  subscriptionNote,
  subscriptionStatusLabel,
} from './status';

const sub = (status: SubscriptionStatus, over: Partial<SubscriptionLike> = {}): SubscriptionLike => ({
  status,
  type: 'medication',
  subscription_id: 'sub_1',
  reschedule_date: null,
  ...over,
});
const billing = { pause_collection: null };
const pausedBilling = { pause_collection: { behavior: 'void' } };

describe('subscriptionStatusLabel (001 §4)', () => {
  it('renames four statuses and title-cases the rest', () => {
    expect(SUBSCRIPTION_STATUSES.map(subscriptionStatusLabel)).toEqual([
      'Awaiting Physician Review',
      'Created',
      'Incomplete',
      'Expired',
      'Trialing',
      'Active',
      'Failed Payment',
      'Canceled',
      'Unpaid',
      'Paused',
      'Rescheduled',
      'Prescription Requested',
      'Rescheduled',
    ]);
  });
});

describe('subscriptionNote', () => {
  const fmt = (s: number) => `<${s}>`;
  it('tells who to contact or what happens next', () => {
    expect(subscriptionNote(sub('awaiting_physician_review'), fmt)).toMatch(/in review by a physician/);
    for (const s of ['incomplete', 'incomplete_expired', 'past_due', 'unpaid'] as const)
      expect(subscriptionNote(sub(s), fmt)).toBe(CONTACT_TEAM_NOTE);
    expect(subscriptionNote(sub('paused'), fmt)).toMatch(/you can resume at anytime/);
    expect(subscriptionNote(sub('prescription_requested'), fmt)).toMatch(/1-2 business days/);
    expect(subscriptionNote(sub('rescheduled', { reschedule_date: 1_800_000_000 }), fmt)).toBe(
      'Your subscription is set to reschedule on <1800000000>.',
    );
    expect(subscriptionNote(sub('active'), fmt)).toBeNull();
    expect(subscriptionNote(sub('canceled'), fmt)).toBeNull();
  });
});

describe('protocolLabel (001 §4: the main protocol only)', () => {
  type Plan = ProtocolLike['product_plans'][number];
  const protocol: Plan = { product_template: { protocol: true } };
  const addOn: Plan = { product_template: { protocol: false } };
  const sub = (status: SubscriptionStatus, plans: Plan[] = [protocol], type = 'medication') => ({
    type,
    status,
    product_plans: plans,
  });
  it('is Current Protocol while active and Paused while paused', () => {
    expect(protocolLabel(sub('active'))).toBe('Current Protocol');
    expect(protocolLabel(sub('paused'))).toBe('Paused');
    expect(protocolLabel(sub('paused_by_reschedule'))).toBe('Paused');
  });
  it('is no label for a protocol in any other state, which its status badge names', () => {
    for (const status of SUBSCRIPTION_STATUSES.filter(
      (s) => !['active', 'paused', 'paused_by_reschedule'].includes(s),
    ))
      expect(protocolLabel(sub(status)), status).toBeNull();
  });
  it('is no label for an add-on treatment, a plan without a template or another kind of subscription', () => {
    expect(protocolLabel(sub('active', [addOn]))).toBeNull();
    expect(protocolLabel(sub('paused', [{ product_template: null }]))).toBeNull();
    expect(protocolLabel(sub('active', [{ product_template: {} }]))).toBeNull();
    expect(protocolLabel(sub('active', [protocol], 'coaching_membership'))).toBeNull();
  });
  it('is the protocol label when any plan of the subscription is a protocol', () => {
    expect(protocolLabel(sub('active', [addOn, protocol]))).toBe('Current Protocol');
  });
});

describe('subscriptionActions (001 §4 "Actions by status")', () => {
  const on = (a: ReturnType<typeof subscriptionActions>) =>
    Object.entries(a)
      .filter(([, v]) => v)
      .map(([k]) => k);

  it('active medication: reschedule, pause, cancel, protocol change', () => {
    expect(on(subscriptionActions(sub('active'), billing))).toEqual([
      'reschedule',
      'pause',
      'cancel',
      'protocolChange',
    ]);
  });
  it('paused: resume only with a pause collection; cancel', () => {
    expect(on(subscriptionActions(sub('paused'), pausedBilling))).toEqual(['resume', 'cancel']);
    expect(on(subscriptionActions(sub('paused'), billing))).toEqual(['cancel']);
  });
  it('rescheduled and paused_by_reschedule', () => {
    expect(on(subscriptionActions(sub('rescheduled'), billing))).toEqual(['reschedule', 'pause', 'cancel']);
    expect(on(subscriptionActions(sub('paused_by_reschedule'), billing))).toEqual(['reschedule', 'cancel']);
  });
  it('no reschedule without a billing record or for a coaching membership', () => {
    expect(subscriptionActions(sub('active'), null).reschedule).toBe(false);
    expect(subscriptionActions(sub('active', { type: 'coaching_membership' }), billing)).toMatchObject({
      reschedule: false,
      protocolChange: false,
      pause: true,
    });
  });
  it('trialing, past_due, unpaid, prescription_requested, canceled', () => {
    expect(on(subscriptionActions(sub('trialing'), billing))).toEqual(['pause', 'messageUs', 'cancel']);
    expect(on(subscriptionActions(sub('past_due'), billing))).toEqual(['messageUs']);
    expect(on(subscriptionActions(sub('unpaid'), billing))).toEqual(['messageUs', 'cancel']);
    expect(on(subscriptionActions(sub('prescription_requested'), billing))).toEqual(['messageUs']);
    expect(on(subscriptionActions(sub('canceled'), billing))).toEqual([]);
    expect(on(subscriptionActions(sub('awaiting_physician_review'), null))).toEqual(['cancel']);
  });
  it('protocol change only for an active medication', () => {
    expect(subscriptionActions(sub('active', { type: 'supplement' }), billing).protocolChange).toBe(false);
  });
});

describe('tabs', () => {
  it('Active holds active, rescheduled, prescription_requested, past_due, paused_by_reschedule', () => {
    expect(SUBSCRIPTION_STATUSES.filter((s) => inSubscriptionTab(s, 'active'))).toEqual([
      'active',
      'past_due',
      'rescheduled',
      'prescription_requested',
      'paused_by_reschedule',
    ]);
    expect(SUBSCRIPTION_STATUSES.filter((s) => inSubscriptionTab(s, 'paused'))).toEqual(['paused']);
    expect(SUBSCRIPTION_STATUSES.filter((s) => inSubscriptionTab(s, 'canceled'))).toEqual(['canceled']);
    expect(SUBSCRIPTION_STATUSES.every((s) => inSubscriptionTab(s, 'all'))).toBe(true);
  });
  it('words an empty filter', () => {
    expect(emptyTabText('paused')).toBe("There's no paused subscriptions.");
  });
});

describe('formatBillingDate', () => {
  it("writes 'MMM Do, YYYY' on the UTC day", () => {
    expect(formatBillingDate(new Date('2027-03-29T12:00:00Z'))).toBe('Mar 29th, 2027');
    expect(formatBillingDate(new Date('2027-01-01T00:00:00Z'))).toBe('Jan 1st, 2027');
    expect(formatBillingDate(new Date('2027-02-22T00:00:00Z'))).toBe('Feb 22nd, 2027');
    expect(formatBillingDate(new Date('2027-05-13T00:00:00Z'))).toBe('May 13th, 2027');
    expect(formatBillingDate(new Date('2027-08-23T00:00:00Z'))).toBe('Aug 23rd, 2027');
  });
});
