import type { SessionUser } from './session.repository';

/**
 * Remembers recently checked sessions for a few seconds, so an authenticated request costs no session
 * query. Revocation evicts the user's entries at once here, and on other instances through the
 * revocation bus (Redis) when one is configured.
 */
export function createSessionCache(opts: { ttlMs: number; max: number }) {
  const entries = new Map<string, { user: SessionUser; at: number }>();
  return {
    get(sid: string, sub: string): SessionUser | undefined {
      const hit = entries.get(sid);
      if (!hit) return undefined;
      if (Date.now() - hit.at > opts.ttlMs || hit.user.userId !== sub) {
        entries.delete(sid);
        return undefined;
      }
      return hit.user;
    },
    set(sid: string, user: SessionUser): void {
      if (entries.size >= opts.max) {
        // Maps iterate in insertion order: drop the oldest entry.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(sid, { user, at: Date.now() });
    },
    evictUser(userId: string): void {
      for (const [sid, entry] of entries) if (entry.user.userId === userId) entries.delete(sid);
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
