import { describe, expect, it } from 'vitest';
import { firstPharmacyStep, nextAfterPharmacyStep, pharmacyStepCount } from './pharmacy-steps';

describe('pharmacyStepCount', () => {
  it('is 3 for male and 4 for female', () => {
    expect(pharmacyStepCount('male')).toBe(3);
    expect(pharmacyStepCount('female')).toBe(4);
  });

  it('counts the pregnancy step for a user without a sex', () => {
    expect(pharmacyStepCount(null)).toBe(4);
  });
});

describe('firstPharmacyStep', () => {
  it('starts at 0 if female, otherwise 1', () => {
    expect(firstPharmacyStep('female')).toBe(0);
    expect(firstPharmacyStep('male')).toBe(1);
    expect(firstPharmacyStep(undefined)).toBe(1);
  });
});

describe('nextAfterPharmacyStep', () => {
  it('moves through steps 0 to 3', () => {
    expect(nextAfterPharmacyStep(0, 'q1')).toEqual({ section: 'pharmacy-questions', step: 1 });
    expect(nextAfterPharmacyStep(2, 'q1')).toEqual({ section: 'pharmacy-questions', step: 3 });
  });

  it('goes to the first intake question with step 0 after step 3', () => {
    expect(nextAfterPharmacyStep(3, 'q1')).toEqual({ section: 'intake', questionId: 'q1', step: 0 });
  });
});
