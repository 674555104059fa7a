import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mobileVerifications } from '../../db/schema/mobile-verifications';
import { users } from '../../db/schema/users';

export type PendingVerification = {
  mobileNumber: string;
  codeHash: string;
  expiresAt: Date;
  attempts: number;
};

export function createMobileVerificationRepository(db: Db) {
  return {
    /** Replaces any earlier code of the patient: only the latest one is valid. */
    async save(userId: string, v: { mobileNumber: string; codeHash: string; expiresAt: Date }) {
      await db
        .insert(mobileVerifications)
        .values({ userId, ...v, attempts: 0 })
        .onConflictDoUpdate({
          target: mobileVerifications.userId,
          set: { ...v, attempts: 0, createdAt: sql`now()` },
        });
    },
    async find(userId: string): Promise<PendingVerification | undefined> {
      const [row] = await db
        .select({
          mobileNumber: mobileVerifications.mobileNumber,
          codeHash: mobileVerifications.codeHash,
          expiresAt: mobileVerifications.expiresAt,
          attempts: mobileVerifications.attempts,
        })
        .from(mobileVerifications)
        .where(eq(mobileVerifications.userId, userId))
        .limit(1);
      return row;
    },
    /**
     * Counts a wrong code in one statement, so parallel guesses cannot share an attempt; false when the
     * limit was already reached (or the code expired meanwhile).
     */
    async countWrongAttempt(userId: string, maxAttempts: number): Promise<boolean> {
      const rows = await db
        .update(mobileVerifications)
        .set({ attempts: sql`${mobileVerifications.attempts} + 1` })
        .where(
          and(
            eq(mobileVerifications.userId, userId),
            lt(mobileVerifications.attempts, maxAttempts),
            gt(mobileVerifications.expiresAt, sql`now()`),
          ),
        )
        .returning({ attempts: mobileVerifications.attempts });
      return rows.length > 0;
    },
    /**
     * Uses the code: deletes it and saves the number as verified, together. False when another request
     * used or replaced the code first.
     */
    async complete(userId: string, codeHash: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [used] = await tx
          .delete(mobileVerifications)
          .where(and(eq(mobileVerifications.userId, userId), eq(mobileVerifications.codeHash, codeHash)))
          .returning({ mobileNumber: mobileVerifications.mobileNumber });
        if (!used) return false;
        await tx
          .update(users)
          .set({ mobileNumber: used.mobileNumber, mobileVerified: true })
          .where(eq(users.id, userId));
        return true;
      });
    },
  };
}
export type MobileVerificationRepository = ReturnType<typeof createMobileVerificationRepository>;
