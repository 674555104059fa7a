import type { PatientUser } from '@portal/domain/contracts/user';
import { isoToMmDdYyyy } from '@portal/domain/format/date';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jsonRow } from '../../db/json-row';
import { users } from '../../db/schema/users';
import { isUniqueViolation } from '../../platform/db-errors';

/** The columns a patient may see of their own record: no password hash, ever. */
const patientColumns = {
  id: users.id,
  organizationId: users.organizationId,
  role: users.role,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  mobileNumber: users.mobileNumber,
  mobileVerified: users.mobileVerified,
  birthday: users.birthday,
  sex: users.sex,
  height: users.height,
  weight: users.weight,
  state: users.state,
  verified: users.verified,
  verificationStatus: users.verificationStatus,
  requiresIntake: users.requiresIntake,
  completeIntake: users.completeIntake,
  stripeId: users.stripeId,
  hasCardSource: users.hasCardSource,
  stripeProfile: users.stripeProfile,
  membershipId: users.membershipId,
  mailchimpId: users.mailchimpId,
  medicalProfile: users.medicalProfile,
  analyticsTraits: users.analyticsTraits,
  featureFlags: users.featureFlags,
  image: users.image,
  shippingInfo: users.shippingInfo,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
type PatientRow = { [K in keyof typeof patientColumns]: (typeof patientColumns)[K]['_']['data'] };

/** Maps a row to the snake_case record of 000 §3 (birthday as MM-DD-YYYY). */
export function toPatientUser(row: PatientRow): PatientUser {
  return {
    _id: row.id,
    organization: row.organizationId,
    role: row.role,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    mobile_number: row.mobileNumber,
    mobile_verified: row.mobileVerified,
    birthday: row.birthday ? isoToMmDdYyyy(row.birthday) : null,
    sex: row.sex,
    height: row.height,
    weight: row.weight,
    state: row.state,
    verified: row.verified,
    verificationStatus: row.verificationStatus,
    verification_status: row.verificationStatus,
    requires_intake: row.requiresIntake,
    complete_intake: row.completeIntake,
    stripe_id: row.stripeId,
    has_card_source: row.hasCardSource,
    stripe_profile: row.stripeProfile ?? null,
    membership: row.membershipId ? { id: row.membershipId } : null,
    mailchimp_id: row.mailchimpId,
    medical_profile: row.medicalProfile ?? null,
    analytics_traits: row.analyticsTraits ?? null,
    feature_flags: { labs2: row.featureFlags?.labs2 === true },
    image: row.image ?? {},
    shipping_info: row.shippingInfo ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type NewUser = typeof users.$inferInsert;
export type UserChanges = Partial<
  Pick<
    NewUser,
    | 'email'
    | 'firstName'
    | 'lastName'
    | 'sex'
    | 'birthday'
    | 'state'
    | 'weight'
    | 'height'
    | 'medicalProfile'
    | 'shippingInfo'
    | 'mobileNumber'
    | 'mobileVerified'
  >
>;

const emailMatches = (organizationId: string, email: string) =>
  and(eq(users.organizationId, organizationId), eq(sql`lower(${users.email})`, email.toLowerCase()));

export function createUsersRepository(db: Db) {
  const patientJson = jsonRow(patientColumns);
  const patientById = db
    .select({ row: patientJson.sql })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('patient_by_id');

  return {
    async findPatient(id: string): Promise<PatientUser | undefined> {
      const [hit] = (await patientById.execute({ id })) as { row: string }[];
      return hit && toPatientUser(patientJson.parse(hit.row));
    },
    async organizationOf(id: string): Promise<string | undefined> {
      const [row] = await db
        .select({ org: users.organizationId })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row?.org;
    },
    /** The sign-in record of an account; a deactivated staff account has none (it cannot sign in). */
    async findCredentials(organizationId: string, email: string) {
      const [row] = await db
        .select({ id: users.id, passwordHash: users.passwordHash, organizationId: users.organizationId })
        .from(users)
        .where(and(emailMatches(organizationId, email), isNull(users.deactivatedAt)))
        .limit(1);
      return row;
    },
    async findContact(organizationId: string, email: string) {
      const [row] = await db
        .select({ id: users.id, email: users.email, firstName: users.firstName })
        .from(users)
        .where(emailMatches(organizationId, email))
        .limit(1);
      return row;
    },
    async passwordHashOf(id: string): Promise<string | undefined> {
      const [row] = await db.select({ h: users.passwordHash }).from(users).where(eq(users.id, id)).limit(1);
      return row?.h;
    },
    async emailTaken(organizationId: string, email: string, exceptUserId?: string): Promise<boolean> {
      const where = exceptUserId
        ? and(emailMatches(organizationId, email), ne(users.id, exceptUserId))
        : emailMatches(organizationId, email);
      const [row] = await db.select({ id: users.id }).from(users).where(where).limit(1);
      return Boolean(row);
    },
    /** Inserts a user; returns undefined when the e-mail is already taken in the organization. */
    async insert(user: NewUser): Promise<PatientUser | undefined> {
      const [row] = await db.insert(users).values(user).onConflictDoNothing().returning(patientColumns);
      return row && toPatientUser(row as PatientRow);
    },
    /** Applies the changes; 'email-taken' when another account of the organization took the e-mail meanwhile. */
    async update(id: string, changes: UserChanges): Promise<PatientUser | undefined | 'email-taken'> {
      try {
        const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning(patientColumns);
        return row && toPatientUser(row as PatientRow);
      } catch (error) {
        if (isUniqueViolation(error)) return 'email-taken';
        throw error;
      }
    },
    /**
     * Merges lifestyle answers into medical_profile.lifestyle in one statement, so answers saved step by
     * step (or from two tabs) never overwrite each other.
     */
    async mergeLifestyle(
      id: string,
      answers: Record<string, string | string[]>,
    ): Promise<PatientUser | undefined> {
      const [row] = await db
        .update(users)
        .set({
          medicalProfile: sql`coalesce(${users.medicalProfile}, '{}'::jsonb) || jsonb_build_object('lifestyle', coalesce(${users.medicalProfile}->'lifestyle', '{}'::jsonb) || ${JSON.stringify(answers)}::jsonb)`,
        })
        .where(eq(users.id, id))
        .returning(patientColumns);
      return row && toPatientUser(row as PatientRow);
    },
    async setPasswordHash(id: string, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash }).where(eq(users.id, id));
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
