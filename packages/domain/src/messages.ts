import { ENTRY_MESSAGES } from './entry-messages';

/**
 * Every user-facing message of the specification's error catalogues and validation rules, to the letter.
 * Messages that take a value are functions. Texts marked "designed" are not quoted by the specification.
 * The entry screens' texts come first, from ENTRY_MESSAGES.
 */
export const MESSAGES = {
  ...ENTRY_MESSAGES,

  // ── 000 §5: signup and the new password (their screens load this catalogue anyway) ─────
  passwordTooLong: 'Password must be less than 50 characters',
  passwordsMustMatch: 'Please make sure your passwords match.',
  firstNameRequired: 'Enter your first name.',
  lastNameRequired: 'Enter your last name.',
  /** designed: the spec only says the terms checkbox must be checked */
  termsRequired: 'Please agree to the Terms of Use, Privacy Policy and Telehealth Consent to continue.',

  // ── 000 §5: profile step ───────────────────────────────────────────────────────────────
  sexRequired: 'Please select your biological sex.',
  birthdayInvalid: 'Please provide a valid date of birth.',
  underage: 'You must be 18 or older to see a Healthspan physician.',
  weightInvalid: 'Please enter your weight in pounds (digits only).',
  heightInvalid: 'Please enter the correct height.',
  stateRequired: 'Please select the state that you are located.',

  // ── 000 §5: questions ──────────────────────────────────────────────────────────────────
  answerAllQuestions: 'Please answer all questions before continuing.',

  // ── 000 §5 / 001 §5: shipping form ─────────────────────────────────────────────────────
  streetAddressRequired: 'Please enter your street address.',
  streetAddressTooLong: 'Street address must be less than 35 characters long.',
  aptSuiteTooLong: 'Apt/Suite must be less than 35 characters long.',
  cityRequired: 'Please enter your city.',
  cityTooLong: 'City must be less than 35 characters long.',
  shippingStateRequired: 'Please enter your state.',
  zipInvalid: 'Please enter a valid zip code.',
  zipInvalidShort: 'Invalid zip code.',
  countryRequired: 'Please enter your country.',
  phoneInvalid: 'Please enter a valid phone number.',
  phoneRequired: 'Please enter your phone number.',
  mobileInvalid: 'Please enter a valid mobile number.',
  /** designed: first and last names are limited to 35 characters, the source gives no text */
  firstNameTooLong: 'First name must be less than 35 characters long.',
  /** designed: first and last names are limited to 35 characters, the source gives no text */
  lastNameTooLong: 'Last name must be less than 35 characters long.',

  // ── 000 §5 / 000 §8: discount code and coupon ──────────────────────────────────────────
  discountCodeTooLong: 'Max amount of characters reached',
  discountCodeInvalid: 'Invalid discount code',
  couponNotApplicable: 'Discount code not applicable for selected product(s)',
  couponApplied: 'Special discount applied',

  // ── 000 §5 / 000 §8 / 001 §8: photo uploads ────────────────────────────────────────────
  fileTooBig: 'File size too big. Please make sure image is under 10mb.',
  uploadFailed: 'There was an error. Please try again.',
  uploadFileFailed: 'There was an error uploading your file. Please try again.',
  /** designed: accepted types are PNG, JPG, TIFF or HEIC, the source gives no text */
  photoTypeInvalid: 'Please upload a PNG, JPG, TIFF or HEIC image.',

  // ── 000 §8: account access ─────────────────────────────────────────────────────────────
  emailAlreadyExists: 'An account with this email already exists.',
  patientEmailAlreadyExists: 'Patient with this email already exists.',
  resetRequestSuccess: 'Please check your email for instructions on how to reset your password.',
  resetRequestFailure: 'Invalid Email. Try Again.',
  resetNotPossible: (email: string) =>
    `We were unable to perform a password reset at this time. Please email us at ${email}.`,
  resetResubmit: 'Resubmit your password reset request.',
  newPasswordButtonFailure: 'Invalid Attempt. Try again.',
  policyLoad: "We're experiencing difficulty retrieving policy at the moment. Please try again later.",

  // ── 000 §8 / 002 §8: funnel, checkout, payment ─────────────────────────────────────────
  intakeAlreadyPaid: 'This intake has already been paid.',
  labRestrictedState:
    'Due to regulatory restrictions prohibiting the online prescribing of lab testing, we cannot provide lab testing in NY, NJ and RI.',
  noProductSelected: 'No product selected. Please select a product to proceed.',
  productUndefined: "We couldn't define a product for your plan, please contact our support.",
  paymentGeneric: 'An error occurred. Please try again.',
  invalidCreditCard: 'Invalid Credit Card',
  missingCardAndAccount: 'Error. Please, contact support.',
  /** designed: card field and payment provider messages (worded as the provider's own) */
  cardNumberInvalid: 'Your card number is invalid.',
  /** designed */
  cardBrandNotAccepted:
    'This card is not accepted. Please use a Visa, MasterCard, Discover or American Express card.',
  /** designed */
  cardExpiryInvalid: "Your card's expiration date is invalid.",
  /** designed */
  cardExpiryPast: "Your card's expiration date is in the past.",
  /** designed */
  cardCvcInvalid: "Your card's security code is invalid.",
  /** designed */
  cardDeclined: 'Your card was declined.',
  /** designed */
  cardInsufficientFunds: 'Your card has insufficient funds.',
  /** designed */
  cardExpired: 'Your card has expired.',
  /** designed */
  cardCvcIncorrect: "Your card's security code is incorrect.",
  /** designed */
  cardProcessingError: 'An error occurred while processing your card. Try again in a little bit.',
  /** Button text after a failed checkout, signup checkout or short-text save. */
  errorTryAgain: 'Error. Try Again.',
  /** Button text of the profile step and short-text save as worded in 000 §2/§4 (no full stop). */
  errorTryAgainNoStop: 'Error. Try Again',
  productUnavailableInRegion: 'Product not available in your region. Message us for more details',
  protocolSelectionLoad: 'Error preparing Protocol Selection',
  addressInvalidAtCheckout: 'Your address is invalid. Please correct the errors and try again.',
  orderSubmitFailure: 'There was an error submitting your order.',
  unavailableStateTitle: 'We are sorry :(',
  unavailableStateBadge: 'Coming Soon',

  // ── 002 §8: labs ───────────────────────────────────────────────────────────────────────
  labOrderFailure: 'There was an error ordering your lab.',
  labOrderServerError: 'There was an error, please contact us.',
  labOrderSuccess: 'Lab Order Successful!',
  actionSuccess: 'Success!',
  requisitionNotReady:
    'Your lab requisition form is currently not ready, please come to your labs page later to download form. If your lab form is not available in the next 2 hours, please contact us.',
  labsEmpty: 'We offer labs in a few of our different protocols. Please message us for more information.',
  imageMismatch: 'ID/Profile Image Mismatch',

  // ── 002 §5 / §8: mobile verification, lifestyle, version, subscriptions ────────────────
  phoneIncorrect: 'The number you entered is incorrect. Please try again.',
  verificationCodeRequired: 'Please enter verification code.',
  verificationCodeIncorrect: 'The code you entered is incorrect. Please try again.',
  lifestyleOtherDetails: 'Please provide additional details:',
  versionAvailable: 'A new version is available! Please refresh the page to update.',
  subscriptionCancelFailure: 'Unable to cancel subscription. Please try again later.',
  subscriptionsLoadFailure: 'Unable to get subscriptions. Please try again later.',

  // ── 002 §5: catalogued form messages (as listed) ───────────────────────────────────────
  formAddressRequired: 'Address is required',
  formAddressInvalid: 'Address is invalid',
  formAptSuiteRequired: 'Apt suite is required',
  formCityRequired: 'City is required',
  formCountryRequired: 'Country is required',
  formEmailRequired: 'Email is required',
  formFirstNameInvalid: 'First name is required or invalid',
  formLastNameInvalid: 'Last name is required or invalid',
  formMobileRequired: 'Mobile number is required',
  formMobileIncomplete: 'The mobile phone must be filled out completely',
  formRemoveCountryCode: 'Please remove country code',
  formPasswordRequired: 'Password is required',
  formPaymentRequired: 'Payment info is required',
  formPhoneIncomplete: 'The phone must be filled out completely',
  formStateRequired: 'State is required',
  formZipRequired: 'Zip code is required',

  // ── 001 §5: settings, personal information ─────────────────────────────────────────────
  firstNameTooShort: 'First name should be at least 2 characters long.',
  lastNameTooShort: 'Last name should be at least 2 characters long.',
  selectOption: 'Please select an option.',
  birthdayRequired: 'Please enter your birthday.',
  settingsUnderage: 'You must be at least 18 years of age or older.',
  dateInvalid: 'Please enter a valid date.',
  settingsWeightInvalid: 'Please enter a valid weight.',
  settingsHeightInvalid: 'Please select a valid height.',
  verifiedProfileLocked:
    "This profile is verified and can't be changed. For any updates, please contact support.",

  // ── 001 §5: settings, email, password, state ───────────────────────────────────────────
  settingsEmailInvalid: 'Please enter a valid email address.',
  currentPasswordRequired: 'Please enter your current password.',
  newPasswordRequired: 'Password is required.',
  /** designed: 8+ characters with an uppercase letter, a lowercase letter and a digit, the source gives no text */
  newPasswordWeak:
    'Password must be at least 8 characters long and contain an uppercase letter, a lowercase letter and a number.',
  newPasswordSameAsCurrent: 'Your new password cannot be the same as your current password.',
  newPasswordsMustMatch: 'New passwords must match each other.',
  homeStateRequired: 'Please select a state.',

  // ── 001 §8: settings success alerts and warnings ───────────────────────────────────────
  creditCardUpdated: 'Credit card updated successfully',
  emailUpdated: 'Email address updated successfully',
  homeStateUpdated: 'Home state updated successfully',
  passwordUpdated: 'Password updated successfully',
  personalInfoUpdated: 'Personal information updated successfully',
  mobileVerified: 'Successfully verified your mobile number',
  photoUpdated: 'Photo updated successfully',
  shippingUpdated: 'Shipping address updated successfully',
  verifyNumberWarning: 'Verify your number to receive real time updates',
  /** designed: saving a number where mobile verification is off; the source gives no text */
  mobileNumberUpdated: 'Mobile number updated successfully',
  /** designed: a wrong current password on the settings password change */
  currentPasswordIncorrect: 'Your current password is incorrect.',
  /** designed: a verification code past its 10 minutes */
  verificationCodeExpired: 'This code has expired. Please request a new code.',
  /** designed: too many wrong codes for one sent code */
  verificationCodeAttempts: 'Too many incorrect attempts. Please request a new code.',
  /** designed: answer of a code sent (the number itself is not repeated) */
  verificationCodeSent: 'A verification code was sent to your mobile number.',
  /** designed: mobile verification switched off for the organization */
  mobileVerificationDisabled: 'Mobile verification is not available.',

  // ── 001 §8: messaging, customize protocol ─────────────────────────────────────────────
  messageSendFailure: 'Message failed to send or is too large, please try to send the message again.',
  fileSendError: 'There was an error sending your file',
  tryAgain: 'Try Again',
  customizeFailure: 'An error has occurred on submitting modification.',
  customizeSuccess:
    'Your protocol request has been successfully submitted! A member of our clinical team will be in touch soon with updates on your protocol.',
  /** designed: the attachment types are listed by the spec, the source gives no text */
  attachmentTypeInvalid: 'Only jpg, jpeg, png, gif, pdf, doc and docx files can be attached.',
} as const;

/** Keys of the message catalogue. */
export type MessageKey = keyof typeof MESSAGES;

/** The form error keys of 001 §5 with their texts (texts the spec leaves open reuse the 000 wording). */
export const FORM_ERROR_MESSAGES = {
  FIRST_NAME_EMPTY: MESSAGES.firstNameRequired,
  FIRST_NAME_SHORT: MESSAGES.firstNameTooShort,
  LAST_NAME_EMPTY: MESSAGES.lastNameRequired,
  LAST_NAME_SHORT: MESSAGES.lastNameTooShort,
  SEX: MESSAGES.selectOption,
  BIRTHDAY_EMPTY: MESSAGES.birthdayRequired,
  BIRTHDAY_DATE: MESSAGES.dateInvalid,
  BIRTHDAY_AGE: MESSAGES.settingsUnderage,
  HEIGHT: MESSAGES.settingsHeightInvalid,
  WEIGHT: MESSAGES.settingsWeightInvalid,
  STREET_ADDRESS_EMPTY: MESSAGES.streetAddressRequired,
  STREET_ADDRESS_LONG: MESSAGES.streetAddressTooLong,
  APT_LONG: MESSAGES.aptSuiteTooLong,
  CITY_EMPTY: MESSAGES.cityRequired,
  CITY_LONG: MESSAGES.cityTooLong,
  STATE_REQUIRED: MESSAGES.shippingStateRequired,
  ZIP_INVALID: MESSAGES.zipInvalidShort,
  COUNTRY_EMPTY: MESSAGES.countryRequired,
  PHONE_EMPTY: MESSAGES.phoneRequired,
} as const;

/** A 001 §5 form error key. */
export type FormErrorKey = keyof typeof FORM_ERROR_MESSAGES;

/** Notification (alert) titles of 000 §8 and 002 §8. */
export const NOTIFICATION_TITLES = {
  error: 'Error',
  info: 'Info',
  success: 'Success',
  warning: 'Warning',
} as const;

/** Server messages that the client shows as a catalogue message instead (000 §8, 002 §5/§8). */
export const SERVER_MESSAGE_MAP: Readonly<Record<string, string>> = {
  'Invalid state for walk-in phlebotomy': MESSAGES.labRestrictedState,
  'Phone number is not correct': MESSAGES.phoneInvalid,
};

/** Returns the catalogue message for a known server message, otherwise the server message itself (or the fallback when empty). */
export function mapServerMessage(
  message: string | null | undefined,
  fallback: string = MESSAGES.generic,
): string {
  if (!message) return fallback;
  return SERVER_MESSAGE_MAP[message] ?? message;
}

/** Message for a failed coupon call: 404 means not applicable, anything else an invalid code. */
export function couponFailureMessage(status: number | undefined): string {
  return status === 404 ? MESSAGES.couponNotApplicable : MESSAGES.discountCodeInvalid;
}

/** Message for a failed card update: 400 gives 'Invalid Credit Card', 402 the server message, otherwise the server message or the payment fallback. */
export function cardUpdateFailureMessage(status: number | undefined, serverMessage?: string | null): string {
  if (status === 400) return MESSAGES.invalidCreditCard;
  return serverMessage || MESSAGES.paymentGeneric;
}

/** Message for a failed lab order: HTTP 500 asks to contact us, other failures give the ordering error. */
export function labOrderFailureMessage(status: number | undefined): string {
  return status === 500 ? MESSAGES.labOrderServerError : MESSAGES.labOrderFailure;
}

/**
 * Message for a failed photo upload: the FileSizeLimitError code gives the size message, anything else the
 * upload error of the screen's document (both readings): the settings photo (001 §8) 'There was an error.
 * Please try again.', the identity and other file uploads (002 §8.2) 'There was an error uploading your file.'
 */
export function uploadFailureMessage(
  code: string | null | undefined,
  where: 'settings' | 'file' = 'settings',
): string {
  if (code === 'FileSizeLimitError') return MESSAGES.fileTooBig;
  return where === 'file' ? MESSAGES.uploadFileFailed : MESSAGES.uploadFailed;
}
