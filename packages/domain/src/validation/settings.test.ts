import { describe, expect, it } from 'vitest';
import {
  canSubmitMobileNumber,
  isStrongPassword,
  parsePastedVerificationCode,
  validateEmailForm,
  validateHomeStateForm,
  validateMobileNumber,
  validateMobileNumberForm,
  validatePasswordChangeForm,
  validateSettingsMobileNumber,
  validateVerificationCode,
} from './settings';

describe('validateEmailForm', () => {
  it('uses the settings message with a full stop', () => {
    expect(validateEmailForm({ email: 'jane@example.com' })).toEqual({});
    expect(validateEmailForm({ email: 'a@b' })).toEqual({ email: 'Please enter a valid email address.' });
  });

  it('says an emptied address is required (002 §5 catalogued form message)', () => {
    expect(validateEmailForm({ email: '' })).toEqual({ email: 'Email is required' });
    expect(validateEmailForm({ email: '   ' })).toEqual({ email: 'Email is required' });
  });
});

describe('isStrongPassword', () => {
  it('needs 8+ characters with upper, lower and digit', () => {
    expect(isStrongPassword('Abcdefg1')).toBe(true);
    expect(isStrongPassword('Abcdef1')).toBe(false); // 7
    expect(isStrongPassword('abcdefg1')).toBe(false);
    expect(isStrongPassword('ABCDEFG1')).toBe(false);
    expect(isStrongPassword('Abcdefgh')).toBe(false);
  });
});

describe('validatePasswordChangeForm', () => {
  const valid = { current_password: 'oldPass1', new_password: 'NewPass12', confirm_password: 'NewPass12' };

  it('returns an empty object when valid', () => {
    expect(validatePasswordChangeForm(valid)).toEqual({});
  });

  it('requires the current password', () => {
    expect(validatePasswordChangeForm({ ...valid, current_password: '' })).toEqual({
      current_password: 'Please enter your current password.',
    });
  });

  it('requires the new password', () => {
    expect(validatePasswordChangeForm({ ...valid, new_password: '', confirm_password: '' })).toEqual({
      new_password: 'Password is required.',
    });
  });

  it('requires a strong new password', () => {
    expect(
      validatePasswordChangeForm({ ...valid, new_password: 'Short1', confirm_password: 'Short1' }),
    ).toEqual({
      new_password:
        'Password must be at least 8 characters long and contain an uppercase letter, a lowercase letter and a number.',
    });
  });

  it('caps the new password at 50 characters', () => {
    const long = `Aa1${'x'.repeat(48)}`;
    expect(validatePasswordChangeForm({ ...valid, new_password: long, confirm_password: long })).toEqual({
      new_password: 'Password must be less than 50 characters',
    });
    const fifty = `Aa1${'x'.repeat(47)}`;
    expect(validatePasswordChangeForm({ ...valid, new_password: fifty, confirm_password: fifty })).toEqual(
      {},
    );
  });

  it('refuses the current password as the new one', () => {
    expect(
      validatePasswordChangeForm({
        current_password: 'SamePass1',
        new_password: 'SamePass1',
        confirm_password: 'SamePass1',
      }),
    ).toEqual({ new_password: 'Your new password cannot be the same as your current password.' });
  });

  it('requires a matching confirmation', () => {
    expect(validatePasswordChangeForm({ ...valid, confirm_password: 'NewPass13' })).toEqual({
      confirm_password: 'New passwords must match each other.',
    });
    expect(validatePasswordChangeForm({ ...valid, confirm_password: '' })).toEqual({
      confirm_password: 'New passwords must match each other.',
    });
  });
});

describe('validateHomeStateForm', () => {
  it('requires a state', () => {
    expect(validateHomeStateForm({ state: 'TX' })).toEqual({});
    expect(validateHomeStateForm({ state: '' })).toEqual({ state: 'Please select a state.' });
    expect(validateHomeStateForm({ state: null })).toEqual({ state: 'Please select a state.' });
  });
});

describe('validateMobileNumber', () => {
  it('accepts a valid US number', () => {
    expect(validateMobileNumber('(312) 555-0188')).toBeUndefined();
    expect(validateMobileNumberForm({ mobile_number: '(312) 555-0188' })).toEqual({});
  });

  it('needs more than 2 characters', () => {
    expect(validateMobileNumber('')).toBe('Please enter a valid phone number.');
    expect(validateMobileNumber('(3')).toBe('Please enter a valid phone number.');
  });

  it('rejects numbers that are not valid US numbers', () => {
    expect(validateMobileNumber('(312')).toBe('The number you entered is incorrect. Please try again.');
    expect(validateMobileNumber('(312) 555-018')).toBe(
      'The number you entered is incorrect. Please try again.',
    );
    expect(validateMobileNumber('(112) 555-0188')).toBe(
      'The number you entered is incorrect. Please try again.',
    );
  });
});

describe('validateSettingsMobileNumber (001 §5: required, masked, 14 characters, a valid US number)', () => {
  it('says required, then incomplete, then incorrect', () => {
    expect(validateSettingsMobileNumber('')).toBe('Mobile number is required');
    expect(validateSettingsMobileNumber('(')).toBe('Mobile number is required');
    expect(validateSettingsMobileNumber('(3')).toBe('The mobile phone must be filled out completely');
    expect(validateSettingsMobileNumber('(312) 555-018')).toBe(
      'The mobile phone must be filled out completely',
    );
    expect(validateSettingsMobileNumber('(112) 555-0188')).toBe(
      'The number you entered is incorrect. Please try again.',
    );
    expect(validateSettingsMobileNumber('(312) 555-0188')).toBeUndefined();
    expect(validateSettingsMobileNumber('3125550188')).toBeUndefined();
  });

  it('is the rule of the settings mobile form', () => {
    expect(validateMobileNumberForm({ mobile_number: '' })).toEqual({
      mobile_number: 'Mobile number is required',
    });
    expect(validateMobileNumberForm({ mobile_number: '(312) 555-0188' })).toEqual({});
  });
});

describe('canSubmitMobileNumber', () => {
  it('is disabled when invalid', () => {
    expect(canSubmitMobileNumber({ mobile_number: '(312) 555', current: '', verified: false })).toBe(false);
  });

  it('is disabled when unchanged and verified', () => {
    expect(
      canSubmitMobileNumber({ mobile_number: '(312) 555-0188', current: '3125550188', verified: true }),
    ).toBe(false);
  });

  it('is enabled when changed, or unchanged but not verified', () => {
    expect(
      canSubmitMobileNumber({ mobile_number: '(312) 555-0199', current: '3125550188', verified: true }),
    ).toBe(true);
    expect(
      canSubmitMobileNumber({ mobile_number: '(312) 555-0188', current: '3125550188', verified: false }),
    ).toBe(true);
  });
});

describe('verification code', () => {
  it('needs exactly 5 digits', () => {
    expect(validateVerificationCode('12345')).toBeUndefined();
    expect(validateVerificationCode('1234')).toBe('Please enter verification code.');
    expect(validateVerificationCode('123456')).toBe('Please enter verification code.');
    expect(validateVerificationCode('1234a')).toBe('Please enter verification code.');
  });

  it('accepts only 5-digit pastes', () => {
    expect(parsePastedVerificationCode(' 12345 ')).toBe('12345');
    expect(parsePastedVerificationCode('123456')).toBeNull();
    expect(parsePastedVerificationCode('12 345')).toBeNull();
  });
});
