import { describe, expect, it } from 'vitest';
import {
  clearedOnDismiss,
  MOBILE_CODE_MAX_ATTEMPTS,
  MOBILE_CODE_TTL_MINUTES,
  offersMobileVerification,
  verificationErrorKind,
  verificationErrorMessage,
} from './mobile-verification';

describe('verification limits', () => {
  it('keeps a code 10 minutes and allows 5 wrong tries', () => {
    expect(MOBILE_CODE_TTL_MINUTES).toBe(10);
    expect(MOBILE_CODE_MAX_ATTEMPTS).toBe(5);
  });
});

describe('verificationErrorKind', () => {
  it('sorts server texts into the four kinds of 002 §4.8', () => {
    expect(verificationErrorKind('PhoneNumberInvalid')).toBe('PhoneNum');
    expect(verificationErrorKind('VerificationCodeIncorrect')).toBe('VerifCode');
    expect(verificationErrorKind('VerificationCodeExpired')).toBe('VerifCode');
    expect(verificationErrorKind('VerificationCodeAttempts')).toBe('VerifCode');
    expect(verificationErrorKind('TooManyRequests')).toBe('GeneralErr');
    expect(verificationErrorKind(undefined)).toBe('GeneralErr');
  });
});

describe('verificationErrorMessage', () => {
  it('uses the catalogue for a number, the server message otherwise', () => {
    expect(verificationErrorMessage('PhoneNum', 'Phone number is not correct')).toBe(
      'Please enter a valid phone number.',
    );
    expect(verificationErrorMessage('VerifCode', null)).toBe(
      'The code you entered is incorrect. Please try again.',
    );
    expect(verificationErrorMessage('VerifCode', 'This code has expired. Please request a new code.')).toBe(
      'This code has expired. Please request a new code.',
    );
    expect(verificationErrorMessage('GeneralErr', 'Too many attempts.')).toBe('Too many attempts.');
    expect(verificationErrorMessage('GeneralErr', '')).toBe('An error occurred. Please try again later.');
    expect(verificationErrorMessage('None')).toBe('');
  });
});

describe('clearedOnDismiss', () => {
  it('clears the digits for a code error and the number for a number error', () => {
    expect(clearedOnDismiss('VerifCode')).toBe('code');
    expect(clearedOnDismiss('PhoneNum')).toBe('number');
    expect(clearedOnDismiss('GeneralErr')).toBeNull();
    expect(clearedOnDismiss('None')).toBeNull();
  });
});

describe('offersMobileVerification', () => {
  const on = { verification: { has_mobile_verification: true } };
  it('needs the organization switch and an unverified patient', () => {
    expect(offersMobileVerification(on, { mobile_verified: false })).toBe(true);
    expect(offersMobileVerification(on, { mobile_verified: true })).toBe(false);
    expect(offersMobileVerification({ verification: { has_mobile_verification: false } }, {})).toBe(false);
    expect(offersMobileVerification(null, { mobile_verified: false })).toBe(false);
  });
});
