import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ImageVerification } from '../../db/schema/intakes';
import { intakes } from '../../db/schema/intakes';
import { type MediaKind, media } from '../../db/schema/media';
import { type UserImage, users } from '../../db/schema/users';

const ID = /^[0-9a-f]{24}$/i;

export type NewMedia = {
  id: string;
  ownerId: string;
  organizationId: string;
  kind: MediaKind;
  mimeType: string;
  byteSize: number;
  storageKey: string;
  sha256: string;
};

export type PhotoRecord = {
  media: NewMedia;
  /** Which entry of users.image receives the photo, and its value. */
  slot: 'id' | 'profile';
  entry: NonNullable<UserImage['id']> | NonNullable<UserImage['profile']>;
  /** The patient's intake to update, when the upload names one. */
  intake?: { id: string; verification: ImageVerification; clearAwaiting: boolean } | undefined;
};

export function createMediaRepository(db: Db) {
  return {
    /** Owner of a stored file, for the access check of GET /v2/media/{id}. */
    async ownerOf(id: string): Promise<{ userId: string; organizationId: string } | undefined> {
      if (!ID.test(id)) return undefined;
      const [row] = await db
        .select({ userId: media.ownerId, organizationId: media.organizationId })
        .from(media)
        .where(and(eq(media.id, id), isNull(media.deletedAt)))
        .limit(1);
      return row;
    },

    async find(id: string) {
      if (!ID.test(id)) return undefined;
      const [row] = await db
        .select({ storageKey: media.storageKey, mimeType: media.mimeType, byteSize: media.byteSize })
        .from(media)
        .where(and(eq(media.id, id), isNull(media.deletedAt)))
        .limit(1);
      return row;
    },

    async imageOf(userId: string): Promise<UserImage | undefined> {
      const [row] = await db.select({ image: users.image }).from(users).where(eq(users.id, userId)).limit(1);
      return row && (row.image ?? {});
    },

    /** The intake when it belongs to the patient, in their organization. */
    async ownIntake(intakeId: string, userId: string, organizationId: string) {
      const [row] = await db
        .select({ id: intakes.id })
        .from(intakes)
        .where(
          and(
            eq(intakes.id, intakeId),
            eq(intakes.userId, userId),
            eq(intakes.organizationId, organizationId),
          ),
        )
        .limit(1);
      return row;
    },

    /**
     * The submitted visit the care team sent back for new photos, when the patient re-uploads without naming
     * it (from the verification page rather than the visit): their photos are flagged and the visit waits.
     */
    async visitAwaitingPhotos(userId: string, organizationId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: intakes.id })
        .from(intakes)
        .innerJoin(users, eq(users.id, intakes.userId))
        .where(
          and(
            eq(intakes.userId, userId),
            eq(intakes.organizationId, organizationId),
            sql`${intakes.patientComplete} and not ${intakes.physicianReview} and not ${intakes.closed}`,
            sql`coalesce((${intakes.awaitingPatientUpdate}->>'is_awaiting')::boolean, false)`,
            sql`coalesce((${users.image}->>'requires_user_attention')::boolean, false)`,
          ),
        )
        .orderBy(sql`${intakes.completedAt} desc nulls last`)
        .limit(1);
      return row?.id;
    },

    /**
     * In one transaction: the media row, the user's image entry (set in place, so an ID upload and a
     * selfie upload at the same time both land) and the intake's verification. Returns the new image.
     */
    async recordPhoto(record: PhotoRecord): Promise<UserImage> {
      return db.transaction(async (tx) => {
        await tx.insert(media).values(record.media);
        const entry = { ...record.entry, media_id: record.media.id };
        const placed = sql`jsonb_set(coalesce(${users.image}, '{}'::jsonb), ${`{${record.slot}}`}::text[], ${JSON.stringify(entry)}::jsonb, true)`;
        const [updated] = await tx
          .update(users)
          .set({
            // A re-upload for a visit answers the care team's request: the photo alert (002 §4.11) ends with it.
            image: record.intake?.clearAwaiting
              ? sql`${placed} || '{"requires_user_attention": false}'::jsonb`
              : placed,
          })
          .where(eq(users.id, record.media.ownerId))
          .returning({ image: users.image });
        if (!updated) throw new Error('media: the owner disappeared');
        if (record.intake) {
          const { id, verification, clearAwaiting } = record.intake;
          await tx
            .update(intakes)
            .set({
              imageVerification: sql`coalesce(${intakes.imageVerification}, '{}'::jsonb) || ${JSON.stringify(verification)}::jsonb`,
              ...(clearAwaiting
                ? { awaitingPatientUpdate: { is_awaiting: false, reason: null, hold_date: null } }
                : {}),
            })
            .where(and(eq(intakes.id, id), eq(intakes.userId, record.media.ownerId)));
        }
        return updated.image ?? {};
      });
    },
  };
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;
