/**
 * Every user-facing message of the specification's error catalogues and validation rules, to the letter.
 * Messages that take a value are functions.
 */
export const MESSAGES = {
  // 000 §5 — login, signup, password reset
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Please enter your password.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  passwordTooLong: 'Password must be less than 50 characters',
  passwordsMustMatch: 'Please make sure your passwords match.',
  firstNameRequired: 'Enter your first name.',
  lastNameRequired: 'Enter your last name.',
  termsRequired: 'Please agree to the Terms of Use, Privacy Policy and Telehealth Consent to continue.',

  // 000 §8 — account access
  invalidCredentials: "It looks like the email and password you entered don't match our records.",
  invalidCredentialsHelp:
    "The password or email you've entered was wrong. If you are having trouble logging in, please select Forgot Password below.",
  emailAlreadyExists: 'An account with this email already exists.',
  patientEmailAlreadyExists: 'Patient with this email already exists.',
  sessionExpired: 'Your session has expired, you will now be redirected to log in again.',
  generic: 'An error occurred. Please try again later.',
  networkError: 'Network error, please try again later.',
  resetRequestSuccess: 'Please check your email for instructions on how to reset your password.',
  resetRequestFailure: 'Invalid Email. Try Again.',
  resetNotPossible: (email: string) =>
    `We were unable to perform a password reset at this time. Please email us at ${email}.`,
  resetResubmit: 'Resubmit your password reset request.',
  newPasswordButtonFailure: 'Invalid Attempt. Try again.',
  crash: 'Unexpected error has occured! Refresh the page, please.',
  policyLoad: "We're experiencing difficulty retrieving policy at the moment. Please try again later.",
} as const;
