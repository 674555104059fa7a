import { describe, expect, it } from 'vitest';
import {
  cardUpdateFailureMessage,
  couponFailureMessage,
  FORM_ERROR_MESSAGES,
  labOrderFailureMessage,
  MESSAGES,
  mapServerMessage,
  NOTIFICATION_TITLES,
  uploadFailureMessage,
} from './messages';

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

describe('catalogue of 000 §5/§8, 001 §5/§8 and 002 §5/§8', () => {
  it('reproduces the funnel texts', () => {
    expect(MESSAGES.sexRequired).toBe('Please select your biological sex.');
    expect(MESSAGES.birthdayInvalid).toBe('Please provide a valid date of birth.');
    expect(MESSAGES.underage).toBe('You must be 18 or older to see a Healthspan physician.');
    expect(MESSAGES.weightInvalid).toBe('Please enter your weight in pounds (digits only).');
    expect(MESSAGES.heightInvalid).toBe('Please enter the correct height.');
    expect(MESSAGES.stateRequired).toBe('Please select the state that you are located.');
    expect(MESSAGES.answerAllQuestions).toBe('Please answer all questions before continuing.');
    expect(MESSAGES.intakeAlreadyPaid).toBe('This intake has already been paid.');
    expect(MESSAGES.labRestrictedState).toBe(
      'Due to regulatory restrictions prohibiting the online prescribing of lab testing, we cannot provide lab testing in NY, NJ and RI.',
    );
    expect(MESSAGES.noProductSelected).toBe('No product selected. Please select a product to proceed.');
    expect(MESSAGES.productUndefined).toBe(
      "We couldn't define a product for your plan, please contact our support.",
    );
    expect(MESSAGES.couponNotApplicable).toBe('Discount code not applicable for selected product(s)');
    expect(MESSAGES.couponApplied).toBe('Special discount applied');
    expect(MESSAGES.missingCardAndAccount).toBe('Error. Please, contact support.');
    expect(MESSAGES.errorTryAgain).toBe('Error. Try Again.');
    expect(MESSAGES.errorTryAgainNoStop).toBe('Error. Try Again');
    expect(MESSAGES.productUnavailableInRegion).toBe(
      'Product not available in your region. Message us for more details',
    );
    expect(MESSAGES.protocolSelectionLoad).toBe('Error preparing Protocol Selection');
  });

  it('reproduces the settings and messaging texts', () => {
    expect(MESSAGES.creditCardUpdated).toBe('Credit card updated successfully');
    expect(MESSAGES.emailUpdated).toBe('Email address updated successfully');
    expect(MESSAGES.homeStateUpdated).toBe('Home state updated successfully');
    expect(MESSAGES.passwordUpdated).toBe('Password updated successfully');
    expect(MESSAGES.personalInfoUpdated).toBe('Personal information updated successfully');
    expect(MESSAGES.mobileVerified).toBe('Successfully verified your mobile number');
    expect(MESSAGES.photoUpdated).toBe('Photo updated successfully');
    expect(MESSAGES.shippingUpdated).toBe('Shipping address updated successfully');
    expect(MESSAGES.verifyNumberWarning).toBe('Verify your number to receive real time updates');
    expect(MESSAGES.messageSendFailure).toBe(
      'Message failed to send or is too large, please try to send the message again.',
    );
    expect(MESSAGES.fileSendError).toBe('There was an error sending your file');
    expect(MESSAGES.customizeFailure).toBe('An error has occurred on submitting modification.');
  });

  it('reproduces the labs, mobile and version texts', () => {
    expect(MESSAGES.labOrderFailure).toBe('There was an error ordering your lab.');
    expect(MESSAGES.labOrderServerError).toBe('There was an error, please contact us.');
    expect(MESSAGES.labOrderSuccess).toBe('Lab Order Successful!');
    expect(MESSAGES.requisitionNotReady).toBe(
      'Your lab requisition form is currently not ready, please come to your labs page later to download form. If your lab form is not available in the next 2 hours, please contact us.',
    );
    expect(MESSAGES.addressInvalidAtCheckout).toBe(
      'Your address is invalid. Please correct the errors and try again.',
    );
    expect(MESSAGES.orderSubmitFailure).toBe('There was an error submitting your order.');
    expect(MESSAGES.phoneIncorrect).toBe('The number you entered is incorrect. Please try again.');
    expect(MESSAGES.verificationCodeRequired).toBe('Please enter verification code.');
    expect(MESSAGES.verificationCodeIncorrect).toBe('The code you entered is incorrect. Please try again.');
    expect(MESSAGES.versionAvailable).toBe('A new version is available! Please refresh the page to update.');
    expect(MESSAGES.subscriptionCancelFailure).toBe('Unable to cancel subscription. Please try again later.');
    expect(MESSAGES.subscriptionsLoadFailure).toBe('Unable to get subscriptions. Please try again later.');
    expect(MESSAGES.uploadFileFailed).toBe('There was an error uploading your file. Please try again.');
  });

  it('has no blank or duplicated-by-accident texts', () => {
    for (const [key, value] of Object.entries(MESSAGES)) {
      if (typeof value === 'string') expect(value.trim(), key).toBe(value);
      if (typeof value === 'string') expect(value.length, key).toBeGreaterThan(0);
    }
  });
});

describe('FORM_ERROR_MESSAGES', () => {
  it('maps the 001 §5 keys', () => {
    expect(FORM_ERROR_MESSAGES.FIRST_NAME_SHORT).toBe('First name should be at least 2 characters long.');
    expect(FORM_ERROR_MESSAGES.BIRTHDAY_AGE).toBe('You must be at least 18 years of age or older.');
    expect(FORM_ERROR_MESSAGES.ZIP_INVALID).toBe('Invalid zip code.');
    expect(FORM_ERROR_MESSAGES.PHONE_EMPTY).toBe('Please enter your phone number.');
    expect(Object.keys(FORM_ERROR_MESSAGES)).toHaveLength(19);
  });
});

describe('message helpers', () => {
  it('maps known server messages', () => {
    expect(mapServerMessage('Invalid state for walk-in phlebotomy')).toBe(MESSAGES.labRestrictedState);
    expect(mapServerMessage('Phone number is not correct')).toBe('Please enter a valid phone number.');
    expect(mapServerMessage('Something else')).toBe('Something else');
    expect(mapServerMessage('')).toBe('An error occurred. Please try again later.');
    expect(mapServerMessage(undefined, 'fallback')).toBe('fallback');
  });

  it('picks the coupon, card, lab and upload failure texts', () => {
    expect(couponFailureMessage(404)).toBe('Discount code not applicable for selected product(s)');
    expect(couponFailureMessage(400)).toBe('Invalid discount code');
    expect(couponFailureMessage(undefined)).toBe('Invalid discount code');
    expect(cardUpdateFailureMessage(400, 'ignored')).toBe('Invalid Credit Card');
    expect(cardUpdateFailureMessage(402, 'Your card was declined.')).toBe('Your card was declined.');
    expect(cardUpdateFailureMessage(500)).toBe('An error occurred. Please try again.');
    expect(labOrderFailureMessage(500)).toBe('There was an error, please contact us.');
    expect(labOrderFailureMessage(400)).toBe('There was an error ordering your lab.');
    expect(uploadFailureMessage('FileSizeLimitError')).toBe(
      'File size too big. Please make sure image is under 10mb.',
    );
    expect(uploadFailureMessage('Other')).toBe('There was an error. Please try again.');
    expect(uploadFailureMessage('Other', 'file')).toBe(
      'There was an error uploading your file. Please try again.',
    );
    expect(uploadFailureMessage('FileSizeLimitError', 'file')).toBe(
      uploadFailureMessage('FileSizeLimitError'),
    );
  });

  it('lists the notification titles', () => {
    expect(Object.values(NOTIFICATION_TITLES)).toEqual(['Error', 'Info', 'Success', 'Warning']);
  });
});

describe('002 §5 catalogued form messages', () => {
  it('reproduces the list as written', () => {
    expect([
      MESSAGES.formAddressRequired,
      MESSAGES.formAddressInvalid,
      MESSAGES.formAptSuiteRequired,
      MESSAGES.formCityRequired,
      MESSAGES.formCountryRequired,
      MESSAGES.formEmailRequired,
      MESSAGES.formFirstNameInvalid,
      MESSAGES.formLastNameInvalid,
      MESSAGES.formMobileRequired,
      MESSAGES.formMobileIncomplete,
      MESSAGES.formRemoveCountryCode,
      MESSAGES.formPasswordRequired,
      MESSAGES.formPaymentRequired,
      MESSAGES.formPhoneIncomplete,
      MESSAGES.formStateRequired,
      MESSAGES.formZipRequired,
      MESSAGES.passwordTooLong,
      MESSAGES.passwordsMustMatch,
    ]).toEqual([
      'Address is required',
      'Address is invalid',
      'Apt suite is required',
      'City is required',
      'Country is required',
      'Email is required',
      'First name is required or invalid',
      'Last name is required or invalid',
      'Mobile number is required',
      'The mobile phone must be filled out completely',
      'Please remove country code',
      'Password is required',
      'Payment info is required',
      'The phone must be filled out completely',
      'State is required',
      'Zip code is required',
      'Password must be less than 50 characters',
      'Please make sure your passwords match.',
    ]);
  });
});
