import { describe, expect, it } from 'vitest';
import { isCoachingVisit, isVisitInReview, type ReviewableIntake, visitsInReview } from './visits-in-review';

const TYPES = { rapa: 'medication', coach: 'coaching_membership', lab: 'lab' };
const intake = (over: Partial<ReviewableIntake & { id: string; date: string }> = {}) => ({
  id: 'i',
  date: '2026-01-01T00:00:00.000Z',
  patient_complete: true,
  physician_review: false,
  closed: false,
  products: [{ product_template: 'rapa' }],
  ...over,
});

describe('isVisitInReview (001 §2)', () => {
  it('is a submitted, unreviewed, open, non-coaching visit', () => {
    expect(isVisitInReview(intake(), TYPES)).toBe(true);
    expect(isVisitInReview(intake({ products: [] }), TYPES)).toBe(true);
  });

  it('leaves out incomplete, reviewed, closed and coaching visits', () => {
    expect(isVisitInReview(intake({ patient_complete: false }), TYPES)).toBe(false);
    expect(isVisitInReview(intake({ physician_review: true }), TYPES)).toBe(false);
    expect(isVisitInReview(intake({ closed: true }), TYPES)).toBe(false);
    expect(isVisitInReview(intake({ products: [{ product_template: 'coach' }] }), TYPES)).toBe(false);
  });

  it('reads coaching from the first product only', () => {
    const addOnCoach = { products: [{ product_template: 'rapa' }, { product_template: 'coach' }] };
    expect(isCoachingVisit(addOnCoach, TYPES)).toBe(false);
    expect(isCoachingVisit({ products: [{ product_template: 'unknown' }] }, TYPES)).toBe(false);
  });
});

describe('visitsInReview', () => {
  it('filters and sorts newest first', () => {
    const list = [
      intake({ id: 'old', date: '2026-01-01T00:00:00.000Z' }),
      intake({ id: 'closed', closed: true }),
      intake({ id: 'new', date: '2026-03-01T00:00:00.000Z' }),
    ];
    expect(visitsInReview(list, TYPES, (i) => i.date).map((i) => i.id)).toEqual(['new', 'old']);
  });
});
