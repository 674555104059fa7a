import { describe, expect, it } from 'vitest';
import {
  formatWaiting,
  hoursWaiting,
  QUEUE_COUNT_CAP,
  type QueueVisit,
  queueCountLabel,
  REVIEW_TARGET_HOURS,
  reviewDueAt,
  reviewQueue,
  waitStatus,
} from './review-queue';

const NOW = new Date('2026-06-10T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString();

const visit = (id: string, over: Partial<QueueVisit> = {}): QueueVisit => ({
  id,
  submitted_at: hoursAgo(1),
  patient_state: 'CA',
  product_templates: ['rapa'],
  patient_complete: true,
  physician_review: false,
  closed: false,
  awaiting_patient_update: false,
  ...over,
});

const physician = { role: 'physician' as const, licensedStates: ['CA', 'NY'] };
const coordinator = { role: 'care_team' as const, licensedStates: [] };

describe('review queue', () => {
  it('holds submitted, undecided, open visits not waiting for the patient, oldest first', () => {
    const visits = [
      visit('a', { submitted_at: hoursAgo(2) }),
      visit('b', { submitted_at: hoursAgo(30) }),
      visit('c', { patient_complete: false }),
      visit('d', { physician_review: true }),
      visit('e', { closed: true }),
      visit('f', { awaiting_patient_update: true }),
      visit('g', { submitted_at: hoursAgo(50) }),
    ];
    expect(reviewQueue(visits, coordinator, {}, NOW).map((v) => v.id)).toEqual(['g', 'b', 'a']);
  });

  it('breaks ties of the same minute by id, so the order never changes between loads', () => {
    const at = hoursAgo(3);
    const visits = [visit('z', { submitted_at: at }), visit('m', { submitted_at: at })];
    expect(reviewQueue(visits, coordinator, {}, NOW).map((v) => v.id)).toEqual(['m', 'z']);
  });

  it('shows a physician only patients of states they are licensed in; a coordinator sees all', () => {
    const visits = [
      visit('ca'),
      visit('tx', { patient_state: 'TX' }),
      visit('none', { patient_state: null }),
      visit('ny', { patient_state: 'NY' }),
    ];
    expect(reviewQueue(visits, physician, {}, NOW).map((v) => v.id)).toEqual(['ca', 'ny']);
    expect(reviewQueue(visits, coordinator, {}, NOW)).toHaveLength(4);
  });

  it('filters by state, product and waiting over target, together', () => {
    const visits = [
      visit('old-ca-rapa', { submitted_at: hoursAgo(49) }),
      visit('old-ny-rapa', { submitted_at: hoursAgo(60), patient_state: 'NY' }),
      visit('new-ca-rapa', { submitted_at: hoursAgo(47) }),
      visit('old-ca-met', { submitted_at: hoursAgo(72), product_templates: ['met'] }),
    ];
    const ids = (f: Parameters<typeof reviewQueue>[2]) =>
      reviewQueue(visits, coordinator, f, NOW).map((v) => v.id);
    expect(ids({ state: 'CA' })).toEqual(['old-ca-met', 'old-ca-rapa', 'new-ca-rapa']);
    expect(ids({ product: 'rapa' })).toEqual(['old-ny-rapa', 'old-ca-rapa', 'new-ca-rapa']);
    expect(ids({ overTarget: true })).toEqual(['old-ca-met', 'old-ny-rapa', 'old-ca-rapa']);
    expect(ids({ state: 'CA', product: 'rapa', overTarget: true })).toEqual(['old-ca-rapa']);
  });

  it('measures the wait against the 12 and 48 hour target, at its edges', () => {
    expect(REVIEW_TARGET_HOURS).toEqual({ typical: 12, limit: 48 });
    const edge = (h: number, ms = 0) => new Date(NOW.getTime() - h * 3_600_000 - ms).toISOString();
    expect(waitStatus(edge(12, -1), NOW)).toBe('on_track');
    expect(waitStatus(edge(12), NOW)).toBe('due_soon');
    expect(waitStatus(edge(48, -1), NOW)).toBe('due_soon');
    expect(waitStatus(edge(48), NOW)).toBe('over_target');
    expect(reviewDueAt('2026-06-10T12:00:00Z').toISOString()).toBe('2026-06-12T12:00:00.000Z');
    expect(hoursWaiting(edge(5, 59 * 60_000), NOW)).toBe(5);
    // a submission stamped ahead of this clock has not waited at all
    expect(hoursWaiting(new Date(NOW.getTime() + 60_000).toISOString(), NOW)).toBe(0);
  });

  it('writes the wait short enough for a queue row', () => {
    const at = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();
    expect(formatWaiting(at(0), NOW)).toBe('0 min');
    expect(formatWaiting(at(59), NOW)).toBe('59 min');
    expect(formatWaiting(at(60), NOW)).toBe('1 h');
    expect(formatWaiting(at(23 * 60 + 59), NOW)).toBe('23 h');
    expect(formatWaiting(at(24 * 60), NOW)).toBe('1 d');
    expect(formatWaiting(at(51 * 60), NOW)).toBe('2 d 3 h');
  });
});

describe('the queue count', () => {
  it('counts visits up to the cap, then says so', () => {
    expect(queueCountLabel(0, false)).toBe('0 visits waiting');
    expect(queueCountLabel(1, false)).toBe('1 visit waiting');
    expect(queueCountLabel(999, false)).toBe('999 visits waiting');
    expect(queueCountLabel(QUEUE_COUNT_CAP, true)).toBe('1,000+ visits waiting');
  });
});
