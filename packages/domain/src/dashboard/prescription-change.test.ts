import { describe, expect, it } from 'vitest';
import {
  canSubmitPrescriptionChange,
  DEFAULT_PRESCRIPTION_CHANGE,
  PRESCRIPTION_CHANGE_LABELS,
  PRESCRIPTION_CHANGE_TYPES,
  PrescriptionChangeBody,
  prescriptionChangeNotice,
  readPrescriptionChange,
} from './prescription-change';

const SUB = 'a1b2c3d4e5f6a7b8c9d0e1f2';
const read = (body: unknown) => readPrescriptionChange(PrescriptionChangeBody.parse(body));

describe('prescription change request (001 §3, §7)', () => {
  it('offers RaiseDosage, LowerDosage and Other, Other first chosen', () => {
    expect(PRESCRIPTION_CHANGE_TYPES).toEqual(['RaiseDosage', 'LowerDosage', 'Other']);
    expect(DEFAULT_PRESCRIPTION_CHANGE).toBe('Other');
    expect(PRESCRIPTION_CHANGE_LABELS.RaiseDosage).toBe('Raise my dosage');
  });

  it('reads requestType and comment', () => {
    expect(read({ requestType: 'RaiseDosage', comment: '  feeling fine  ' })).toEqual({
      requestType: 'RaiseDosage',
      comment: 'feeling fine',
    });
  });

  it('reads the other body: subscriptionId, reqType, modDetails', () => {
    expect(read({ subscriptionId: SUB, reqType: 'LowerDosage', modDetails: 'nausea' })).toEqual({
      requestType: 'LowerDosage',
      comment: 'nausea',
    });
  });

  it('treats empty details as none', () => {
    expect(read({ requestType: 'Other', comment: '   ' })).toEqual({ requestType: 'Other', comment: null });
    expect(read({ requestType: 'Other' })).toEqual({ requestType: 'Other', comment: null });
  });

  it('needs a known action, consistent in both readings', () => {
    expect(PrescriptionChangeBody.safeParse({ comment: 'x' }).success).toBe(false);
    expect(PrescriptionChangeBody.safeParse({ requestType: 'Double' }).success).toBe(false);
    expect(PrescriptionChangeBody.safeParse({ requestType: 'Other', reqType: 'RaiseDosage' }).success).toBe(
      false,
    );
    expect(PrescriptionChangeBody.safeParse({ requestType: 'Other', extra: 1 }).success).toBe(false);
    expect(
      PrescriptionChangeBody.safeParse({ requestType: 'Other', comment: 'x'.repeat(2001) }).success,
    ).toBe(false);
  });

  it('words the patient notification with the subscription name', () => {
    expect(prescriptionChangeNotice('Generic Rapamycin')).toBe(
      'We received your request to change your Generic Rapamycin protocol. Your physician will review your chart, typically within 1-2 business days.',
    );
  });
});

describe('canSubmitPrescriptionChange (001 §5 Customize protocol)', () => {
  it('needs a subscription and an action', () => {
    expect(canSubmitPrescriptionChange(SUB, 'Other')).toBe(true);
    expect(canSubmitPrescriptionChange(SUB, null)).toBe(false);
    expect(canSubmitPrescriptionChange(null, 'RaiseDosage')).toBe(false);
  });
});
