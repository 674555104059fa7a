/**
 * The texts of the screens a visitor meets first: login and the request for a password reset, the API client's
 * session and network errors, the crash and not-found screens. A catalogue of their own, so that the first
 * download of the portal carries these and not every text: MESSAGES, the whole catalogue, holds them too.
 */
export const ENTRY_MESSAGES = {
  // ── 000 §5: login (signup's and the new password's rules: MESSAGES) ──────────────────
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Please enter your password.',
  passwordTooShort: 'Password must be at least 6 characters long.',

  // ── 000 §8: account access ─────────────────────────────────────────────────────────────
  invalidCredentials: "It looks like the email and password you entered don't match our records.",
  invalidCredentialsHelp:
    "The password or email you've entered was wrong. If you are having trouble logging in, please select Forgot Password below.",
  sessionExpired: 'Your session has expired, you will now be redirected to log in again.',
  generic: 'An error occurred. Please try again later.',
  networkError: 'Network error, please try again later.',

  // ── 002 §8: a page that does not exist ─────────────────────────────────────────────────
  pageNotFoundTitle: '404 - Page Not Found',
  pageNotFound: 'The page you are looking for does not exist.',

  // ── 001 §8: crash ──────────────────────────────────────────────────────────────────────
  crash: 'Unexpected error has occured! Refresh the page, please.',
  reloadPage: 'Reload page',
} as const;
