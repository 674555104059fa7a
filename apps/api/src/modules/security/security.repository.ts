import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recoveryCodes, twoFactor } from '../../db/schema/security';
import { sessions } from '../../db/schema/users';

export type TwoFactorState = {
  secret: string | null;
  pendingSecret: string | null;
  enabledAt: Date | null;
  lastStep: number | null;
  recoveryCodesLeft: number;
};

/** The only place touching the two-factor and recovery-code tables (and reading the session list). */
export function createSecurityRepository(db: Db) {
  return {
    /** The account's two-factor state with its unused recovery codes counted, in one statement. */
    async state(userId: string): Promise<TwoFactorState> {
      const [row] = await db
        .select({
          secret: twoFactor.secret,
          pendingSecret: twoFactor.pendingSecret,
          enabledAt: twoFactor.enabledAt,
          lastStep: twoFactor.lastStep,
          recoveryCodesLeft: sql<number>`(select count(*)::int from ${recoveryCodes}
            where ${recoveryCodes.userId} = ${userId} and ${recoveryCodes.usedAt} is null)`,
        })
        .from(twoFactor)
        .where(eq(twoFactor.userId, userId));
      return (
        row ?? { secret: null, pendingSecret: null, enabledAt: null, lastStep: null, recoveryCodesLeft: 0 }
      );
    },

    async setPending(userId: string, sealed: string): Promise<void> {
      await db
        .insert(twoFactor)
        .values({ userId, pendingSecret: sealed })
        .onConflictDoUpdate({ target: twoFactor.userId, set: { pendingSecret: sealed } });
    },

    /**
     * Turns two-factor on with the pending secret, if that is still the one the patient confirmed, and stores
     * the recovery codes. False when another setup replaced the pending secret meanwhile.
     */
    async enable(
      userId: string,
      pendingSealed: string,
      step: number,
      codeHashes: string[],
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const done = await tx
          .update(twoFactor)
          .set({ secret: pendingSealed, pendingSecret: null, enabledAt: new Date(), lastStep: step })
          .where(
            and(
              eq(twoFactor.userId, userId),
              eq(twoFactor.pendingSecret, pendingSealed),
              isNull(twoFactor.secret),
            ),
          )
          .returning({ userId: twoFactor.userId });
        if (done.length === 0) return false;
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
        return true;
      });
    },

    /** Records the step of an accepted code; false when that step (or a later one) was used already. */
    async acceptStep(userId: string, step: number): Promise<boolean> {
      const rows = await db
        .update(twoFactor)
        .set({ lastStep: step })
        .where(
          and(
            eq(twoFactor.userId, userId),
            sql`(${twoFactor.lastStep} is null or ${twoFactor.lastStep} < ${step})`,
          ),
        )
        .returning({ userId: twoFactor.userId });
      return rows.length === 1;
    },

    /** Uses up one recovery code; false when it is not one of the account's unused codes. */
    async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(recoveryCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(recoveryCodes.userId, userId),
            eq(recoveryCodes.codeHash, codeHash),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ id: recoveryCodes.id });
      return rows.length === 1;
    },

    async replaceRecoveryCodes(userId: string, codeHashes: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
      });
    },

    async disable(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
      });
    },

    /** The account's sessions still in force, newest first (the partial index on user_id covers it). */
    async activeSessions(userId: string) {
      return db
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          expiresAt: sessions.expiresAt,
          device: sessions.device,
        })
        .from(sessions)
        .where(
          and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)),
        )
        .orderBy(desc(sessions.createdAt))
        .limit(50);
    },
  };
}
export type SecurityRepository = ReturnType<typeof createSecurityRepository>;
