import { getToken } from './session';
import { endSession } from './session-end';
import { type TokenStatus, tokenStatus } from './token';

const CHECK_EVERY_MS = 15_000;

/**
 * Watches the stored token and ends the session when it expires while the page is open (000 §4 Session).
 * Only a token that was valid and then expired counts: a stale token found at start-up on a public page is left
 * to the route guard, so a returning visitor on the signup page is not bounced to the login page.
 */
export function createExpiryCheck(): (now?: number) => void {
  let last: TokenStatus = tokenStatus(getToken());
  return (now = Date.now()) => {
    const current = tokenStatus(getToken(), now);
    if (last === 'valid' && current === 'expired') endSession('expired');
    last = current;
  };
}

/** Checks on a timer and whenever the tab becomes visible again; returns a stop function. */
export function startSessionWatch(): () => void {
  const check = createExpiryCheck();
  const timer = window.setInterval(() => check(), CHECK_EVERY_MS);
  const onVisible = () => {
    if (document.visibilityState === 'visible') check();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
