import { clearSession } from './session';

/**
 * Ending a session from outside React (the API client, the expiry timer). 000 §4 Session / 002 §4.9:
 * an expired token logs out, goes to /login?expired=true and reloads; any other 401 logs out and goes to /login.
 * The app installs router-aware handlers at start; the defaults work without a router.
 */
export type SessionEndReason = 'expired' | 'unauthorized';

export const EXPIRED_LOGIN_PATH = '/login?expired=true';
export const LOGIN_PATH = '/login';

export interface SessionEndHandlers {
  /** Must leave the page with a reload, to drop every in-memory trace of the session. */
  expired: () => void;
  unauthorized: () => void;
  /** Called before either handler, e.g. to clear cached server data. */
  cleanup?: () => void;
}

const defaults: SessionEndHandlers = {
  expired: () => window.location.assign(EXPIRED_LOGIN_PATH),
  unauthorized: () => window.location.assign(LOGIN_PATH),
};

let handlers: SessionEndHandlers = defaults;
let ending = false;

export function setSessionEndHandlers(next: SessionEndHandlers): void {
  handlers = next;
}

export function resetSessionEndHandlers(): void {
  handlers = defaults;
  ending = false;
}

/** Forgets the patient and every cached server answer, without navigating. */
export function logoutLocally(): void {
  clearSession();
  handlers.cleanup?.();
}

/** Logs out locally and leaves for the login page; several failing requests at once end the session only once. */
export function endSession(reason: SessionEndReason): void {
  if (ending) return;
  ending = true;
  logoutLocally();
  if (reason === 'expired') {
    handlers.expired();
  } else {
    handlers.unauthorized();
    // the page stays loaded: allow a later session to end too
    queueMicrotask(() => {
      ending = false;
    });
  }
}

/** A new session has started (login or signup). */
export function sessionStarted(): void {
  ending = false;
}
