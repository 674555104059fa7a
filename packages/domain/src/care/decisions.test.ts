import { describe, expect, it } from 'vitest';
import { decisionEffects, decisionRefusal, defaultPrescriptionExpiry, prescriptionSchema } from './decisions';
import type { QueueVisit } from './review-queue';

const submitted: QueueVisit = {
  id: 'v',
  submitted_at: '2026-06-10T00:00:00Z',
  patient_state: 'CA',
  product_templates: [],
  patient_complete: true,
  physician_review: false,
  closed: false,
  awaiting_patient_update: false,
};

describe('visit decisions', () => {
  it('approval reviews the visit, activates and charges the subscription, and orders the medication', () => {
    expect(decisionEffects('approve')).toEqual({
      intake: { physician_review: true, closed: false, awaiting_patient_update: false },
      subscription: 'active',
      charge: true,
      fulfilmentOrder: true,
      imageRequiresAttention: false,
    });
  });

  it('a denial closes the visit and cancels the subscription without charging', () => {
    expect(decisionEffects('deny')).toMatchObject({
      intake: { physician_review: true, closed: true },
      subscription: 'canceled',
      charge: false,
      fulfilmentOrder: false,
    });
  });

  it('asking for more keeps the subscription waiting and flags the photos only for a photo problem', () => {
    expect(decisionEffects('request_update', 'photo')).toMatchObject({
      intake: { physician_review: false, closed: false, awaiting_patient_update: true },
      subscription: null,
      charge: false,
      imageRequiresAttention: true,
    });
    expect(decisionEffects('request_update', 'information').imageRequiresAttention).toBe(false);
  });

  it('refuses a second decision, and one on a visit not submitted or back with the patient', () => {
    expect(decisionRefusal(submitted)).toBeNull();
    expect(decisionRefusal({ ...submitted, physician_review: true })).toBe('VisitAlreadyDecided');
    expect(decisionRefusal({ ...submitted, closed: true })).toBe('VisitAlreadyDecided');
    expect(decisionRefusal({ ...submitted, patient_complete: false })).toBe('VisitNotSubmitted');
    expect(decisionRefusal({ ...submitted, awaiting_patient_update: true })).toBe('VisitAwaitingPatient');
  });
});

describe('prescription', () => {
  const schema = prescriptionSchema('2026-06-10');
  const good = {
    medication: 'Rapamycin',
    strength: '5 mg',
    instructions: 'One tablet weekly with food.',
    expires_on: '2027-06-10',
  };
  const messageOf = (input: unknown) => {
    const r = schema.safeParse(input);
    return r.success ? null : r.error.issues.map((i) => i.message);
  };

  it('takes a complete prescription that expires within a year', () => {
    expect(messageOf(good)).toBeNull();
    expect(defaultPrescriptionExpiry('2026-06-10')).toBe('2027-06-10');
  });

  it('names each missing part', () => {
    expect(messageOf({ ...good, medication: ' ' })).toEqual(['Enter the medication.']);
    expect(messageOf({ ...good, strength: '' })).toEqual(['Enter the strength.']);
    expect(messageOf({ ...good, instructions: '' })).toEqual(['Enter the instructions for the patient.']);
    expect(messageOf({ ...good, expires_on: '' })).toEqual(['Enter the expiry date.']);
    expect(messageOf({ ...good, extra: 1 })).not.toBeNull();
  });

  it('refuses an expiry that is not a real date, not in the future, or over a year away', () => {
    expect(messageOf({ ...good, expires_on: '2026-02-30' })).toEqual(['Enter the expiry date.']);
    expect(messageOf({ ...good, expires_on: '2026-06-10' })).toEqual([
      'The expiry date must be in the future.',
    ]);
    expect(messageOf({ ...good, expires_on: '2026-06-11' })).toBeNull();
    expect(messageOf({ ...good, expires_on: '2027-06-11' })).toEqual([
      'A prescription can run for at most one year.',
    ]);
  });
});
