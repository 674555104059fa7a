import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, ref, updatedAt } from './columns';
import { organizations } from './organizations';

export const userRoles = ['patient', 'care_team', 'physician', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

export type ShippingInfo = {
  first_name?: string;
  last_name?: string;
  street_address?: string;
  apt_suite?: string;
  city?: string;
  state?: string;
  zip_code?: string;
  country?: string;
  phone_number?: string;
  mobile_number?: string;
};

type YesNo = boolean | null;
export type MedicalProfile = {
  pregnant?: YesNo;
  planning_pregnancy?: YesNo;
  breastfeeding?: YesNo;
  has_allergies?: YesNo;
  allergy_text?: string;
  has_medical_conditions?: YesNo;
  medical_condition_text?: string;
  has_current_medications?: YesNo;
  current_medications?: string;
  lifestyle?: Record<string, string | string[]>;
};

export type UserImage = {
  id?: { id_url?: string; media_id?: string; date_uploaded?: string };
  profile?: { profile_url?: string; media_id?: string; date_uploaded?: string };
  requires_user_attention?: boolean;
  requires_user_attention_notification_date?: string | null;
};

export const verificationStatuses = ['not_started', 'pending', 'completed', 'rejected', 'outdated'] as const;

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    role: varchar('role', { length: 16 }).$type<UserRole>().notNull().default('patient'),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: varchar('first_name', { length: 35 }).notNull(),
    lastName: varchar('last_name', { length: 35 }).notNull(),
    mobileNumber: varchar('mobile_number', { length: 16 }),
    mobileVerified: boolean('mobile_verified').notNull().default(false),
    birthday: date('birthday', { mode: 'string' }),
    sex: varchar('sex', { length: 8 }).$type<'male' | 'female'>(),
    /** Total inches. */
    height: integer('height'),
    /** Whole pounds. */
    weight: integer('weight'),
    state: varchar('state', { length: 2 }),
    verified: boolean('verified').notNull().default(false),
    verificationStatus: varchar('verification_status', { length: 16 }).notNull().default('not_started'),
    /** A staff account an admin deactivated (issue 12 §1): it can no longer sign in. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true, mode: 'date' }),
    requiresIntake: boolean('requires_intake').notNull().default(true),
    completeIntake: boolean('complete_intake').notNull().default(false),
    stripeId: varchar('stripe_id', { length: 64 }),
    hasCardSource: boolean('has_card_source').notNull().default(false),
    stripeProfile: jsonb('stripe_profile').$type<{ default_source?: string } | null>(),
    membershipId: ref('membership_id'),
    mailchimpId: varchar('mailchimp_id', { length: 64 }),
    medicalProfile: jsonb('medical_profile').$type<MedicalProfile | null>(),
    analyticsTraits: jsonb('analytics_traits').$type<Record<string, string> | null>(),
    featureFlags: jsonb('feature_flags').$type<{ labs2?: boolean }>().notNull().default({}),
    image: jsonb('image').$type<UserImage>().notNull().default({}),
    shippingInfo: jsonb('shipping_info').$type<ShippingInfo | null>(),
    acceptedTermsAt: timestamp('accepted_terms_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_org_email_uq').on(t.organizationId, sql`lower(${t.email})`),
    index('users_org_role_idx').on(t.organizationId, t.role),
  ],
);

/** One row per sign-in; a token is valid only while its session is neither revoked nor expired. */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: ref('organization_id').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** The browser or app that signed in (its user agent, shortened), shown in the account's session list. */
    device: varchar('device', { length: 200 }),
  },
  (t) => [index('sessions_user_active_idx').on(t.userId).where(sql`${t.revokedAt} is null`)],
);

/** Password reset tokens are stored as SHA-256 hashes, used once, and short-lived. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: idColumn(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);
