import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, type UserRole, users } from '../../db/schema/users';
import { createSessionCache, type SessionCache } from './session-cache';

export type SessionUser = { userId: string; organizationId: string; role: UserRole };

/** Sessions back every token: revoking them ends the tokens on the server, not only in a browser. */
export function createSessionRepository(
  db: Db,
  cache: SessionCache = createSessionCache({ ttlMs: 5_000, max: 50_000 }),
  onRevoked: (userId: string) => void = () => undefined,
) {
  const activeSession = db
    .select({ userId: users.id, organizationId: users.organizationId, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sid')),
        eq(sessions.userId, sql.placeholder('sub')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('session_active');

  return {
    async findActive(sid: string, sub: string): Promise<SessionUser | undefined> {
      const cached = cache.get(sid, sub);
      if (cached) return cached;
      const [row] = (await activeSession.execute({ sid, sub })) as SessionUser[];
      if (row) cache.set(sid, row);
      return row;
    },
    async create(
      userId: string,
      organizationId: string,
      expiresAt: Date,
      device: string | null = null,
    ): Promise<string> {
      const [row] = await db
        .insert(sessions)
        .values({ userId, organizationId, expiresAt, device })
        .returning({ id: sessions.id });
      return row!.id;
    },
    /** Ends every session of the user: used on logout and after a password reset. */
    async revokeAll(userId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      cache.evictUser(userId);
      onRevoked(userId);
    },
    /** Drops a user's cached sessions after another instance revoked them. */
    evictCached(userId: string): void {
      cache.evictUser(userId);
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
