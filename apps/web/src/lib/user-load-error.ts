import { ENTRY_MESSAGES } from '@portal/domain/entry-messages';
import { isApiError } from './api-error';

/**
 * Loading the signed-in patient failed for a reason that is not the session's (the network, the server):
 * the page shows the error message in a heading (001 §8) and keeps the session, while a 401 still returns to
 * login (000 §4, 002 §4.9).
 */
export class UserLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserLoadError';
  }
}

/** True when a failed patient load means the session is not usable (refused, or the account is not there). */
export function endsSession(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}

export function userLoadError(error: unknown): UserLoadError {
  return new UserLoadError(isApiError(error) && error.message ? error.message : ENTRY_MESSAGES.generic);
}
