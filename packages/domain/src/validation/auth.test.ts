import { describe, expect, it } from 'vitest';
import { isValidEmail, normalizeEmail, validateLoginForm, validateResetRequestForm } from './auth';
import { normalizeSignup, validateNewPasswordForm, validateSignupForm } from './signup';

const EMAIL_MSG = 'Please enter a valid email address';
const PW_REQUIRED = 'Please enter your password.';
const PW_SHORT = 'Password must be at least 6 characters long.';
const PW_LONG = 'Password must be less than 50 characters';
const PW_MATCH = 'Please make sure your passwords match.';

describe('isValidEmail', () => {
  it('accepts ordinary addresses', () => {
    expect(isValidEmail('jane@example.com')).toBe(true);
    expect(isValidEmail('jane.doe+tag@mail.example.co.uk')).toBe(true);
    expect(isValidEmail('  JANE@Example.COM  ')).toBe(true);
    expect(isValidEmail("o'neil_j-1@ex-ample.org")).toBe(true);
  });

  it('rejects empty and too-short values', () => {
    expect(isValidEmail('')).toBe(false);
    expect(isValidEmail('   ')).toBe(false);
    expect(isValidEmail('a@b')).toBe(false); // 3 characters
    expect(isValidEmail('a@bc')).toBe(false); // 4 characters but no domain dot
  });

  it('accepts the shortest sane address (6 characters)', () => {
    expect(isValidEmail('a@b.co')).toBe(true);
  });

  it('rejects malformed addresses', () => {
    for (const bad of [
      'plainaddress',
      '@example.com',
      'jane@',
      'jane@example',
      'jane@example.c',
      'jane@@example.com',
      'jane doe@example.com',
      'jane@exa mple.com',
      '.jane@example.com',
      'jane.@example.com',
      'ja..ne@example.com',
      'jane@-example.com',
      'jane@example-.com',
      'jane@example..com',
      'jane@example.com.',
      'jane@example.123',
    ]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });

  it('rejects a local part over 64 characters', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
  });
});

describe('normalizeEmail', () => {
  it('trims and lowercases', () => {
    expect(normalizeEmail('  Jane.Doe@Example.COM \t')).toBe('jane.doe@example.com');
  });
});

describe('validateLoginForm', () => {
  it('returns an empty object when valid', () => {
    expect(validateLoginForm({ email: 'jane@example.com', password: 'secret' })).toEqual({});
  });

  it('reports an invalid or missing email', () => {
    expect(validateLoginForm({ email: '', password: 'secret' })).toEqual({ email: EMAIL_MSG });
    expect(validateLoginForm({ email: 'a@b', password: 'secret' })).toEqual({ email: EMAIL_MSG });
    expect(validateLoginForm({ email: 'jane@example', password: 'secret' })).toEqual({ email: EMAIL_MSG });
  });

  it('trims the email before validating', () => {
    expect(validateLoginForm({ email: '  jane@example.com  ', password: 'secret' })).toEqual({});
  });

  it('requires a password', () => {
    expect(validateLoginForm({ email: 'jane@example.com', password: '' })).toEqual({ password: PW_REQUIRED });
  });

  it('requires at least 6 password characters (5 fails, 6 passes)', () => {
    expect(validateLoginForm({ email: 'jane@example.com', password: '12345' })).toEqual({
      password: PW_SHORT,
    });
    expect(validateLoginForm({ email: 'jane@example.com', password: '123456' })).toEqual({});
  });

  it('does not trim passwords', () => {
    expect(validateLoginForm({ email: 'jane@example.com', password: '      ' })).toEqual({});
    expect(validateLoginForm({ email: 'jane@example.com', password: ' abcd ' })).toEqual({});
    expect(validateLoginForm({ email: 'jane@example.com', password: ' abc ' })).toEqual({
      password: PW_SHORT,
    });
  });

  it('does not cap login passwords at 50', () => {
    expect(validateLoginForm({ email: 'jane@example.com', password: 'x'.repeat(51) })).toEqual({});
  });

  it('reports both fields together', () => {
    expect(validateLoginForm({ email: 'x', password: '' })).toEqual({
      email: EMAIL_MSG,
      password: PW_REQUIRED,
    });
  });
});

describe('validateSignupForm', () => {
  const valid = {
    first_name: 'Jane',
    last_name: 'Doe',
    email: 'jane@example.com',
    password: 'secret',
    terms: true,
  };

  it('returns an empty object when valid', () => {
    expect(validateSignupForm(valid)).toEqual({});
  });

  it('requires the first name, 2 to 35 characters', () => {
    expect(validateSignupForm({ ...valid, first_name: '' })).toEqual({
      first_name: 'Enter your first name.',
    });
    expect(validateSignupForm({ ...valid, first_name: '   ' })).toEqual({
      first_name: 'Enter your first name.',
    });
    expect(validateSignupForm({ ...valid, first_name: 'J' })).toEqual({
      first_name: 'Enter your first name.',
    });
    expect(validateSignupForm({ ...valid, first_name: 'Jo' })).toEqual({});
    expect(validateSignupForm({ ...valid, first_name: 'a'.repeat(35) })).toEqual({});
    expect(validateSignupForm({ ...valid, first_name: 'a'.repeat(36) })).toEqual({
      first_name: 'Enter your first name.',
    });
  });

  it('requires the last name, 2 to 35 characters', () => {
    expect(validateSignupForm({ ...valid, last_name: '' })).toEqual({ last_name: 'Enter your last name.' });
    expect(validateSignupForm({ ...valid, last_name: 'D' })).toEqual({ last_name: 'Enter your last name.' });
    expect(validateSignupForm({ ...valid, last_name: 'Do' })).toEqual({});
    expect(validateSignupForm({ ...valid, last_name: 'b'.repeat(35) })).toEqual({});
    expect(validateSignupForm({ ...valid, last_name: 'b'.repeat(36) })).toEqual({
      last_name: 'Enter your last name.',
    });
  });

  it('measures names after trimming', () => {
    expect(validateSignupForm({ ...valid, first_name: ' J ' })).toEqual({
      first_name: 'Enter your first name.',
    });
    expect(validateSignupForm({ ...valid, first_name: `  ${'a'.repeat(35)}  ` })).toEqual({});
  });

  it('validates the email as for login', () => {
    expect(validateSignupForm({ ...valid, email: 'a@b' })).toEqual({ email: EMAIL_MSG });
    expect(validateSignupForm({ ...valid, email: ' Jane@Example.com ' })).toEqual({});
  });

  it('applies the password rules with boundaries 5/6/50/51', () => {
    expect(validateSignupForm({ ...valid, password: '' })).toEqual({ password: PW_REQUIRED });
    expect(validateSignupForm({ ...valid, password: '12345' })).toEqual({ password: PW_SHORT });
    expect(validateSignupForm({ ...valid, password: '123456' })).toEqual({});
    expect(validateSignupForm({ ...valid, password: 'p'.repeat(50) })).toEqual({});
    expect(validateSignupForm({ ...valid, password: 'p'.repeat(51) })).toEqual({ password: PW_LONG });
  });

  it('requires the terms checkbox', () => {
    expect(validateSignupForm({ ...valid, terms: false })).toEqual({
      terms: 'Please agree to the Terms of Use, Privacy Policy and Telehealth Consent to continue.',
    });
  });

  it('reports every invalid field at once', () => {
    expect(
      validateSignupForm({ first_name: '', last_name: '', email: '', password: '', terms: false }),
    ).toEqual({
      first_name: 'Enter your first name.',
      last_name: 'Enter your last name.',
      email: EMAIL_MSG,
      password: PW_REQUIRED,
      terms: 'Please agree to the Terms of Use, Privacy Policy and Telehealth Consent to continue.',
    });
  });
});

describe('normalizeSignup', () => {
  it('title-cases and trims names, trims and lowercases the email, keeps other fields', () => {
    const input = {
      first_name: '  mary-jane ',
      last_name: "o'neil",
      email: '  Mary.Jane@Example.COM ',
      password: ' Keep Me ',
      terms: true,
    };
    expect(normalizeSignup(input)).toEqual({
      first_name: 'Mary-Jane',
      last_name: "O'Neil",
      email: 'mary.jane@example.com',
      password: ' Keep Me ',
      terms: true,
    });
  });

  it('handles the combined example and does not mutate the input', () => {
    const input = { first_name: "mary-jane o'neil", last_name: 'SMITH', email: 'A@B.CO' };
    const out = normalizeSignup(input);
    expect(out.first_name).toBe("Mary-Jane O'Neil");
    expect(out.last_name).toBe('Smith');
    expect(out.email).toBe('a@b.co');
    expect(input.first_name).toBe("mary-jane o'neil");
  });
});

describe('validateResetRequestForm', () => {
  it('accepts a valid email', () => {
    expect(validateResetRequestForm({ email: 'jane@example.com' })).toEqual({});
  });

  it('rejects empty, short and malformed emails', () => {
    expect(validateResetRequestForm({ email: '' })).toEqual({ email: EMAIL_MSG });
    expect(validateResetRequestForm({ email: 'a@b' })).toEqual({ email: EMAIL_MSG });
    expect(validateResetRequestForm({ email: 'jane.example.com' })).toEqual({ email: EMAIL_MSG });
  });
});

describe('validateNewPasswordForm', () => {
  it('returns an empty object when valid and matching', () => {
    expect(validateNewPasswordForm({ password: 'secret', confirm: 'secret' })).toEqual({});
    const fifty = 'p'.repeat(50);
    expect(validateNewPasswordForm({ password: fifty, confirm: fifty })).toEqual({});
  });

  it('reports an empty password', () => {
    expect(validateNewPasswordForm({ password: '', confirm: '' })).toEqual({
      password: PW_REQUIRED,
      confirm: PW_MATCH,
    });
  });

  it('reports a password under 6 characters', () => {
    expect(validateNewPasswordForm({ password: '12345', confirm: '12345' })).toEqual({
      password: PW_SHORT,
      confirm: PW_MATCH,
    });
  });

  it('reports a password over 50 characters', () => {
    const long = 'p'.repeat(51);
    expect(validateNewPasswordForm({ password: long, confirm: long })).toEqual({ password: PW_LONG });
  });

  it('requires a matching confirmation', () => {
    expect(validateNewPasswordForm({ password: 'secret', confirm: '' })).toEqual({ confirm: PW_MATCH });
    expect(validateNewPasswordForm({ password: 'secret', confirm: 'secreT' })).toEqual({ confirm: PW_MATCH });
    expect(validateNewPasswordForm({ password: 'secret', confirm: 'secret ' })).toEqual({
      confirm: PW_MATCH,
    });
  });
});
