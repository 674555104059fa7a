import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
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
import { organizations, states } from './organizations';
import type { ProductType } from './products';
import { users } from './users';

export const questionTypes = ['checkbox', 'radio', 'long-text', 'short-text'] as const;
export type QuestionType = (typeof questionTypes)[number];

export type BundleSettings = { title: string; image?: string; description: string };

export type IntakeTemplateSettings = {
  /** After the last question the visit goes on to protocol selection among its exclusive group's protocols. */
  protocol_selection?: boolean;
  /** The clinic's wording of the visit's How it Works step (domain consultation/visit-intro.ts). */
  visit_intro?: unknown;
};

/** A consultation questionnaire; a product template points at the one its visit uses. */
export const intakeTemplates = pgTable(
  'intake_templates',
  {
    id: idColumn(),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    /** Stable key within the organization, e.g. 'global', 'generic-rapamycin'. */
    slug: varchar('slug', { length: 64 }).notNull(),
    description: text('description'),
    /** Product template ids offered by default, in display order. */
    productDefaults: jsonb('product_defaults').$type<string[]>().notNull().default([]),
    /** Product template ids offered on the add-on screen. */
    productAddons: jsonb('product_addons').$type<string[]>().notNull().default([]),
    /** Product template ids marked Best Value. */
    productBestValue: jsonb('product_best_value').$type<string[]>().notNull().default([]),
    bundleSupport: boolean('bundle_support').notNull().default(false),
    bundleSettings: jsonb('bundle_settings').$type<BundleSettings | null>(),
    /** Checkout records the card but charges nothing (the physician approves first). */
    disablePaymentCollection: boolean('disable_payment_collection').notNull().default(false),
    /** The organization's general intake, used when a product has none. At most one per organization. */
    isGlobal: boolean('is_global').notNull().default(false),
    settings: jsonb('settings').$type<IntakeTemplateSettings>().notNull().default({}),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('intake_templates_organization_id_slug_idx').on(t.organizationId, t.slug),
    uniqueIndex('intake_templates_organization_id_global_idx').on(t.organizationId).where(sql`${t.isGlobal}`),
  ],
);

/**
 * A question of a template. Follow-up questions are rows with parent_question_id and parent_option_id:
 * choosing that option of the parent reveals them (the API returns them as the parent's response_conditions).
 */
export const questions = pgTable(
  'questions',
  {
    id: idColumn(),
    templateId: ref('template_id')
      .notNull()
      .references(() => intakeTemplates.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    descriptionText: text('description_text'),
    type: varchar('type', { length: 16 }).$type<QuestionType>().notNull(),
    /** Order within the template (top-level) or within the parent (follow-ups). */
    position: integer('position').notNull(),
    parentQuestionId: ref('parent_question_id').references((): AnyPgColumn => questions.id, {
      onDelete: 'cascade',
    }),
    parentOptionId: ref('parent_option_id').references((): AnyPgColumn => questionOptions.id, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('questions_template_id_position_idx').on(t.templateId, t.position),
    index('questions_parent_question_id_idx').on(t.parentQuestionId),
    index('questions_parent_option_id_idx').on(t.parentOptionId),
    check('questions_type_check', sql`${t.type} in ('checkbox', 'radio', 'long-text', 'short-text')`),
    check('questions_follow_up_check', sql`(${t.parentQuestionId} is null) = (${t.parentOptionId} is null)`),
  ],
);

export const questionOptions = pgTable(
  'question_options',
  {
    id: idColumn(),
    questionId: ref('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    /** "None of the above": choosing it clears the other choices. */
    includeNone: boolean('include_none').notNull().default(false),
    position: integer('position').notNull(),
  },
  (t) => [index('question_options_question_id_position_idx').on(t.questionId, t.position)],
);

export type IntakeProduct = {
  product_template: string;
  /** The priced variant chosen, once configured. */
  product?: string | null;
  quantity?: number;
  frequency?: string;
  dosage?: string;
  shipping?: { months: number; non_recurring?: boolean };
  membership?: string | null;
  referrer?: string;
  is_addon?: boolean;
  treatment_properties?: {
    duration?: number;
    has_custom_quantity?: boolean;
    membership_price?: string | null;
    product?: string;
    product_template?: string;
    quantity?: number;
    stripe_plan_id?: string | null;
    recommendation_requested?: boolean;
    comment?: string;
  };
};

export type ImageVerification = { profile_image_url?: string | null; id_image_url?: string | null };
export type AwaitingPatientUpdate = {
  is_awaiting: boolean;
  reason?: string | null;
  hold_date?: string | null;
};

/** One patient's visit: an instance of a template with its answers, selected products and review state. */
export const intakes = pgTable(
  'intakes',
  {
    id: idColumn(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    templateId: ref('template_id')
      .notNull()
      .references(() => intakeTemplates.id),
    /** Top-level questions of the template at creation. */
    totalSteps: integer('total_steps').notNull(),
    products: jsonb('products').$type<IntakeProduct[]>().notNull().default([]),
    /** Ids of subscriptions created from this visit. */
    subscriptions: jsonb('subscriptions').$type<string[]>().notNull().default([]),
    bundleSupport: boolean('bundle_support').notNull().default(false),
    imageVerification: jsonb('image_verification').$type<ImageVerification>().notNull().default({}),
    awaitingPatientUpdate: jsonb('awaiting_patient_update')
      .$type<AwaitingPatientUpdate>()
      .notNull()
      .default({ is_awaiting: false }),
    /** status.questions.total / complete.total / incomplete.total. */
    questionsTotal: integer('questions_total').notNull().default(0),
    completeTotal: integer('complete_total').notNull().default(0),
    incompleteTotal: integer('incomplete_total').notNull().default(0),
    patientComplete: boolean('patient_complete').notNull().default(false),
    /** True once a physician has reviewed the visit. */
    physicianReview: boolean('physician_review').notNull().default(false),
    closed: boolean('closed').notNull().default(false),
    promoCode: varchar('promo_code', { length: 20 }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    /**
     * Where the patient lives for licensing (their state, else their shipping address's), kept by database
     * triggers from the user's row (migration 0021): the review queue filters by it along its own index.
     */
    patientState: varchar('patient_state', { length: 2 }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    /** The staff member working on the review (issue 12 §2), shown to the others in the queue. */
    claimedBy: ref('claimed_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('intakes_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('intakes_organization_id_created_at_idx').on(t.organizationId, t.createdAt),
    index('intakes_template_id_idx').on(t.templateId),
    /** The care team's review queue. */
    index('intakes_organization_id_awaiting_review_idx')
      .on(t.organizationId, t.completedAt, t.id)
      .where(sql`${t.patientComplete} and not ${t.physicianReview} and not ${t.closed}`),
    /** The review queue of one state (a filter, or a physician licensed in few states). */
    index('intakes_organization_id_state_awaiting_review_idx')
      .on(t.organizationId, t.patientState, t.completedAt, t.id)
      .where(sql`${t.patientComplete} and not ${t.physicianReview} and not ${t.closed}`),
  ],
);

/**
 * An answer. One row per (intake, question), created empty with the intake for top-level questions;
 * answers to follow-up questions are child rows pointing at the parent's response.
 */
export const intakeResponses = pgTable(
  'intake_responses',
  {
    id: idColumn(),
    intakeId: ref('intake_id')
      .notNull()
      .references(() => intakes.id, { onDelete: 'cascade' }),
    questionId: ref('question_id')
      .notNull()
      .references(() => questions.id),
    /** Chosen option ids (checkbox, radio). */
    response: jsonb('response').$type<string[]>().notNull().default([]),
    freeFormatResponse: text('free_format_response'),
    parentResponseId: ref('parent_response_id').references((): AnyPgColumn => intakeResponses.id, {
      onDelete: 'cascade',
    }),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('intake_responses_intake_id_question_id_idx').on(t.intakeId, t.questionId),
    index('intake_responses_question_id_idx').on(t.questionId),
    index('intake_responses_parent_response_id_idx').on(t.parentResponseId),
  ],
);

/**
 * Where a clinic may treat: a row for an (intake template or product type, state) pair.
 * No row means available; approved false means the visit or product cannot be offered there.
 */
export const stateAvailability = pgTable(
  'state_availability',
  {
    id: idColumn(),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    intakeTemplateId: ref('intake_template_id').references(() => intakeTemplates.id, { onDelete: 'cascade' }),
    productType: varchar('product_type', { length: 24 }).$type<ProductType>(),
    stateId: ref('state_id')
      .notNull()
      .references(() => states.id),
    approved: boolean('approved').notNull(),
    reason: text('reason'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('state_availability_organization_id_state_id_intake_template_id_idx')
      .on(t.organizationId, t.stateId, t.intakeTemplateId)
      .where(sql`${t.intakeTemplateId} is not null`),
    uniqueIndex('state_availability_organization_id_state_id_product_type_idx')
      .on(t.organizationId, t.stateId, t.productType)
      .where(sql`${t.productType} is not null`),
    index('state_availability_intake_template_id_idx').on(t.intakeTemplateId),
    index('state_availability_organization_id_state_id_idx').on(t.organizationId, t.stateId),
    index('state_availability_state_id_idx').on(t.stateId),
    check(
      'state_availability_target_check',
      sql`(${t.intakeTemplateId} is null) <> (${t.productType} is null)`,
    ),
  ],
);
