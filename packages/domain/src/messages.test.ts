import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';

describe('MESSAGES', () => {
  it('reproduces the account-access texts to the letter', () => {
    expect(MESSAGES.emailInvalid).toBe('Please enter a valid email address');
    expect(MESSAGES.passwordRequired).toBe('Please enter your password.');
    expect(MESSAGES.passwordTooShort).toBe('Password must be at least 6 characters long.');
    expect(MESSAGES.passwordTooLong).toBe('Password must be less than 50 characters');
    expect(MESSAGES.passwordsMustMatch).toBe('Please make sure your passwords match.');
    expect(MESSAGES.firstNameRequired).toBe('Enter your first name.');
    expect(MESSAGES.lastNameRequired).toBe('Enter your last name.');
    expect(MESSAGES.invalidCredentials).toBe(
      "It looks like the email and password you entered don't match our records.",
    );
    expect(MESSAGES.invalidCredentialsHelp).toBe(
      "The password or email you've entered was wrong. If you are having trouble logging in, please select Forgot Password below.",
    );
    expect(MESSAGES.emailAlreadyExists).toBe('An account with this email already exists.');
    expect(MESSAGES.patientEmailAlreadyExists).toBe('Patient with this email already exists.');
    expect(MESSAGES.sessionExpired).toBe(
      'Your session has expired, you will now be redirected to log in again.',
    );
    expect(MESSAGES.generic).toBe('An error occurred. Please try again later.');
    expect(MESSAGES.networkError).toBe('Network error, please try again later.');
    expect(MESSAGES.resetRequestSuccess).toBe(
      'Please check your email for instructions on how to reset your password.',
    );
    expect(MESSAGES.resetRequestFailure).toBe('Invalid Email. Try Again.');
    expect(MESSAGES.resetResubmit).toBe('Resubmit your password reset request.');
    expect(MESSAGES.newPasswordButtonFailure).toBe('Invalid Attempt. Try again.');
    expect(MESSAGES.crash).toBe('Unexpected error has occured! Refresh the page, please.');
    expect(MESSAGES.policyLoad).toBe(
      "We're experiencing difficulty retrieving policy at the moment. Please try again later.",
    );
  });

  it('fills the support e-mail into the reset-not-possible message', () => {
    expect(MESSAGES.resetNotPossible('support@clinic.com')).toBe(
      'We were unable to perform a password reset at this time. Please email us at support@clinic.com.',
    );
  });
});
