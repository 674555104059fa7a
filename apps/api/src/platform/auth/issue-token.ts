import type { SessionRepository } from './session.repository';
import type { TokenService } from './tokens';

/**
 * Starts a session and signs its token: every sign-in, and every "new token for this device" (after a password
 * change, after signing out of the other sessions), goes through here. `device` names the browser in the
 * account's session list.
 */
export async function issueSessionToken(
  deps: { sessions: SessionRepository; tokens: TokenService },
  user: { _id: string; organization: string },
  device: string | null = null,
): Promise<{ token: string; sid: string }> {
  const expiresAt = new Date(Date.now() + deps.tokens.ttlSeconds * 1000);
  const sid = await deps.sessions.create(user._id, user.organization, expiresAt, device);
  return { token: await deps.tokens.sign({ sub: user._id, org: user.organization, sid }, expiresAt), sid };
}
