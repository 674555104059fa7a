import { describe, expect, it } from 'vitest';
import {
  accountAlerts,
  coachingAction,
  coachingSubscription,
  customizableSubscriptions,
  externalUrl,
  isCustomizable,
  labOrderToStart,
  showRapamycinIntake,
  spansBothColumns,
  splitIncompleteVisits,
  upcomingCoachingAppointment,
  visibleWidgets,
  type WidgetAppointment,
  type WidgetFacts,
  type WidgetOrder,
  type WidgetSubscription,
} from './widgets';

const NOW = new Date('2026-03-10T18:00:00.000Z');

const sub = (over: Partial<WidgetSubscription> = {}): WidgetSubscription => ({
  _id: 'sub1',
  status: 'active',
  type: 'medication',
  name: 'Generic Rapamycin',
  product_plans: [{ product_template: { _id: 'rapaT', name: 'Generic Rapamycin' } }],
  coaching_info: null,
  ...over,
});

const appointment = (over: {
  kind?: string;
  start?: string;
  end?: string;
  canceled?: boolean;
  location?: string | null;
}): WidgetAppointment => ({
  event: {
    start_time: over.start ?? '2026-03-10T17:30:00.000Z',
    end_time: over.end ?? '2026-03-10T18:30:00.000Z',
    canceled: over.canceled ?? false,
    location: over.location === undefined ? 'https://meet.example.com/room' : over.location,
  },
  event_type: { kind: over.kind ?? 'coaching' },
});

describe('coaching widget (001 §2, §4 Coaching)', () => {
  it('shows for a current coaching membership, not an ended one or a medication', () => {
    const coach = sub({ _id: 'c', type: 'coaching_membership' });
    expect(coachingSubscription([sub(), coach])).toBe(coach);
    expect(coachingSubscription([sub({ type: 'coaching_membership', status: 'canceled' })])).toBeNull();
    expect(coachingSubscription([sub()])).toBeNull();
    // awaiting review is still the patient's membership
    const pending = sub({ type: 'coaching_membership', status: 'awaiting_physician_review' });
    expect(coachingSubscription([pending])).toBe(pending);
  });

  it('is scheduled while a coaching session ends in the future (18:30 > 18:00 now)', () => {
    expect(upcomingCoachingAppointment([appointment({})], NOW)).not.toBeNull();
    // ended at 18:00 exactly: not in the future
    expect(upcomingCoachingAppointment([appointment({ end: '2026-03-10T18:00:00.000Z' })], NOW)).toBeNull();
    expect(upcomingCoachingAppointment([appointment({ canceled: true })], NOW)).toBeNull();
    expect(upcomingCoachingAppointment([appointment({ kind: 'user-verification' })], NOW)).toBeNull();
  });

  it('picks the earliest upcoming session', () => {
    const later = appointment({ start: '2026-03-12T17:00:00.000Z', end: '2026-03-12T17:30:00.000Z' });
    const sooner = appointment({ start: '2026-03-11T17:00:00.000Z', end: '2026-03-11T17:30:00.000Z' });
    expect(upcomingCoachingAppointment([later, sooner], NOW)).toBe(sooner);
  });

  it('says Join Room with the meeting link, else Schedule Now to /schedule-coaching/{id}', () => {
    const coach = sub({
      _id: 'c1',
      type: 'coaching_membership',
      coaching_info: { appointment_link: 'https://zoom.example.com/j/1' },
    });
    expect(coachingAction(coach, [appointment({})], NOW)).toEqual({
      kind: 'join',
      link: 'https://meet.example.com/room',
      startTime: '2026-03-10T17:30:00.000Z',
    });
    expect(coachingAction(coach, [appointment({ location: 'Room 4' })], NOW)).toMatchObject({
      kind: 'join',
      link: 'https://zoom.example.com/j/1',
    });
    expect(coachingAction(coach, [], NOW)).toEqual({ kind: 'schedule', path: '/schedule-coaching/c1' });
  });

  it('opens only web addresses', () => {
    expect(externalUrl('javascript:alert(1)')).toBeNull();
    expect(externalUrl('not a url')).toBeNull();
    expect(externalUrl(null)).toBeNull();
    expect(externalUrl('https:///nohost')).toBeNull();
    expect(externalUrl(' https://community.example.com ')).toBe('https://community.example.com');
    expect(externalUrl('http://meet.example.com/j/1?pwd=x')).toBe('http://meet.example.com/j/1?pwd=x');
  });
});

describe('alerts widget (001 §2)', () => {
  it('alerts an unverified mobile and an identity not started, outdated or rejected', () => {
    expect(accountAlerts({ mobile_verified: false, verificationStatus: 'not_started' })).toEqual([
      'mobile',
      'identity',
    ]);
    expect(accountAlerts({ mobile_verified: true, verificationStatus: 'outdated' })).toEqual(['identity']);
    expect(accountAlerts({ mobile_verified: true, verificationStatus: 'rejected' })).toEqual(['identity']);
    expect(accountAlerts({ mobile_verified: false, verificationStatus: 'completed' })).toEqual(['mobile']);
    expect(accountAlerts({ mobile_verified: true, verificationStatus: 'pending' })).toEqual([]);
  });
});

describe('incomplete visits widget (001 §2, §9)', () => {
  it('shows at most 2 cards, the rest in the panel', () => {
    expect(splitIncompleteVisits(['a', 'b', 'c', 'd'])).toEqual({ cards: ['a', 'b'], more: ['c', 'd'] });
    expect(splitIncompleteVisits(['a'])).toEqual({ cards: ['a'], more: [] });
  });
});

describe('labs widget (001 §2)', () => {
  const order = (over: Partial<WidgetOrder>): WidgetOrder => ({
    _id: 'o1',
    product_type: 'lab',
    status: 'created',
    created_at: '2026-03-01T00:00:00.000Z',
    ...over,
  });
  const approved = [{ physician_review: true }];

  it('starts the newest created lab order once a visit is approved', () => {
    const older = order({ _id: 'old' });
    const newer = order({ _id: 'new', created_at: '2026-03-05T00:00:00.000Z' });
    expect(labOrderToStart([older, newer], approved)).toBe(newer);
  });

  it('hides without an approved intake, without a created lab order, or with a lab already ordered', () => {
    expect(labOrderToStart([order({})], [{ physician_review: false }])).toBeNull();
    expect(labOrderToStart([order({ product_type: 'supplement' })], approved)).toBeNull();
    expect(labOrderToStart([order({}), order({ _id: 'o2', status: 'paid' })], approved)).toBeNull();
    expect(labOrderToStart([order({}), order({ _id: 'o2', status: 'submitted' })], approved)).toBeNull();
  });

  it('does not count a fulfilled (finished) lab as ordered', () => {
    const created = order({ _id: 'c' });
    expect(labOrderToStart([order({ _id: 'f', status: 'fulfilled' }), created], approved)).toBe(created);
  });
});

describe('rapamycin intake widget (001 §2)', () => {
  const ids = new Set(['rapaT', 'compT']);
  const base = { canStart: true, subscriptions: [], rapamycinTemplateIds: ids, visitsInReview: 0 };

  it('shows when a visit can start and the patient has no rapamycin and nothing in review', () => {
    expect(showRapamycinIntake(base)).toBe(true);
    expect(showRapamycinIntake({ ...base, canStart: false })).toBe(false);
    expect(showRapamycinIntake({ ...base, visitsInReview: 1 })).toBe(false);
  });

  it('hides for a current rapamycin subscription (by template id or name), not an ended one', () => {
    expect(showRapamycinIntake({ ...base, subscriptions: [sub()] })).toBe(false);
    const byName = sub({ product_plans: [{ product_template: { _id: 'x', name: 'Compounded Rapamycin' } }] });
    expect(showRapamycinIntake({ ...base, subscriptions: [byName] })).toBe(false);
    expect(showRapamycinIntake({ ...base, subscriptions: [sub({ status: 'canceled' })] })).toBe(true);
    const metformin = sub({ product_plans: [{ product_template: { _id: 'm', name: 'Metformin ER' } }] });
    expect(showRapamycinIntake({ ...base, subscriptions: [metformin] })).toBe(true);
  });
});

describe('customize protocol widget (001 §2, §4)', () => {
  it('lists only active medication subscriptions', () => {
    const paused = sub({ _id: 'p', status: 'paused' });
    const supplement = sub({ _id: 's', type: 'supplement' });
    const active = sub({ _id: 'a' });
    expect(customizableSubscriptions([paused, supplement, active])).toEqual([active]);
    expect(isCustomizable({ type: 'medication', status: 'prescription_requested' })).toBe(false);
  });
});

describe('widgets grid', () => {
  const none: WidgetFacts = {
    coaching: false,
    alerts: 0,
    incompleteVisits: 0,
    labs: false,
    rapamycinIntake: false,
    customizable: 0,
    communityUrl: null,
  };

  it('always shows welcome video, labs shop and message us', () => {
    expect(visibleWidgets(none)).toEqual(['welcome-video', 'labs-shop', 'message-us']);
  });

  it('applies every rule, in grid order', () => {
    expect(
      visibleWidgets({
        coaching: true,
        alerts: 2,
        incompleteVisits: 3,
        labs: true,
        rapamycinIntake: true,
        customizable: 1,
        communityUrl: 'https://community.example.com',
      }),
    ).toEqual([
      'coaching',
      'welcome-video',
      'alerts',
      'incomplete-visits',
      'labs',
      'labs-shop',
      'rapamycin-intake',
      'customize-protocol',
      'community',
      'message-us',
    ]);
    expect(visibleWidgets({ ...none, communityUrl: 'ftp://x' })).not.toContain('community');
  });

  it('lets the last of an odd number span both columns', () => {
    // 3 widgets: indexes 0, 1 side by side, index 2 alone on its row
    expect([0, 1, 2].map((i) => spansBothColumns(i, 3))).toEqual([false, false, true]);
    expect([0, 1, 2, 3].map((i) => spansBothColumns(i, 4))).toEqual([false, false, false, false]);
    expect(spansBothColumns(0, 1)).toBe(true);
  });
});
