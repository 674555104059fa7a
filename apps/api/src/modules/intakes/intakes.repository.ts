import type { Intake, IntakeResponse } from '@portal/domain/contracts/intake';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jsonRow } from '../../db/json-row';
import { preparedSql } from '../../db/prepared-sql';
import type { RowOf } from '../../db/row-of';
import {
  intakeResponses,
  intakes,
  intakeTemplates,
  questionOptions,
  questions,
} from '../../db/schema/intakes';
import { products, productTemplates } from '../../db/schema/products';
import { subscriptions } from '../../db/schema/subscriptions';
import { productOnSale } from '../products/on-sale';

const ID = /^[0-9a-f]{24}$/i;

const intakeColumns = {
  id: intakes.id,
  userId: intakes.userId,
  organizationId: intakes.organizationId,
  templateId: intakes.templateId,
  totalSteps: intakes.totalSteps,
  products: intakes.products,
  subscriptions: intakes.subscriptions,
  bundleSupport: intakes.bundleSupport,
  imageVerification: intakes.imageVerification,
  awaitingPatientUpdate: intakes.awaitingPatientUpdate,
  questionsTotal: intakes.questionsTotal,
  completeTotal: intakes.completeTotal,
  incompleteTotal: intakes.incompleteTotal,
  patientComplete: intakes.patientComplete,
  physicianReview: intakes.physicianReview,
  closed: intakes.closed,
  expiresAt: intakes.expiresAt,
  completedAt: intakes.completedAt,
  createdAt: intakes.createdAt,
  updatedAt: intakes.updatedAt,
};
export type IntakeRow = RowOf<typeof intakeColumns>;

const responseColumns = {
  id: intakeResponses.id,
  intakeId: intakeResponses.intakeId,
  questionId: intakeResponses.questionId,
  response: intakeResponses.response,
  freeFormatResponse: intakeResponses.freeFormatResponse,
  parentResponseId: intakeResponses.parentResponseId,
  answeredAt: intakeResponses.answeredAt,
};
export type ResponseRow = RowOf<typeof responseColumns>;

export type QuestionNode = {
  id: string;
  type: 'checkbox' | 'radio' | 'long-text' | 'short-text';
  parentQuestionId: string | null;
  parentOptionId: string | null;
};
export type OptionNode = { id: string; questionId: string; includeNone: boolean };

export type NewIntake = typeof intakes.$inferInsert;
export type NewResponse = typeof intakeResponses.$inferInsert;
export type IntakeChanges = Partial<
  Pick<
    NewIntake,
    | 'products'
    | 'subscriptions'
    | 'imageVerification'
    | 'awaitingPatientUpdate'
    | 'questionsTotal'
    | 'completeTotal'
    | 'incompleteTotal'
    | 'closed'
    | 'closedAt'
    | 'expiresAt'
  >
>;
export type AnswerValues = { response: string[]; freeFormatResponse: string | null; answeredAt: Date };
export type IntakeCounters = Pick<IntakeRow, 'questionsTotal' | 'completeTotal' | 'incompleteTotal'>;

const intakeJson = jsonRow(intakeColumns);
/** A response row as a JSON object, for aggregating an intake's responses into the intake's own row. */
const responseJson = sql`json_build_object(${sql.join(
  Object.entries(responseColumns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
  sql`, `,
)})`;

/** Maps an intake row and its responses (top-level in question order, children by parent) to 000 §3. */
export function toIntake(row: IntakeRow, responses: ResponseRow[]): Intake {
  const children = new Map<string, ResponseRow[]>();
  for (const r of responses) {
    if (r.parentResponseId === null) continue;
    const list = children.get(r.parentResponseId) ?? [];
    list.push(r);
    children.set(r.parentResponseId, list);
  }
  const plain = (r: ResponseRow) => ({
    _id: r.id,
    question: r.questionId,
    response: r.response,
    free_format_response: r.freeFormatResponse,
  });
  const intakeResponsesOut: IntakeResponse[] = responses
    .filter((r) => r.parentResponseId === null)
    .map((r) => ({ ...plain(r), child_responses: (children.get(r.id) ?? []).map(plain) }));
  return {
    _id: row.id,
    user: row.userId,
    organization: row.organizationId,
    intake_template: row.templateId,
    total_steps: row.totalSteps,
    products: row.products,
    subscriptions: row.subscriptions,
    intake_responses: intakeResponsesOut,
    bundle_support: row.bundleSupport,
    image_verification: row.imageVerification,
    awaiting_patient_update: row.awaitingPatientUpdate,
    status: {
      questions: { total: row.questionsTotal },
      complete: { total: row.completeTotal },
      incomplete: { total: row.incompleteTotal },
    },
    patient_complete: row.patientComplete,
    physician_review: row.physicianReview,
    closed: row.closed,
    expires_at: row.expiresAt ? row.expiresAt.toISOString() : null,
    completed_at: row.completedAt ? row.completedAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function intakeQueries(db: Db) {
  const byPatient = (intakeId: string, userId: string) =>
    and(eq(intakes.id, intakeId), eq(intakes.userId, userId));
  const byOrganization = (intakeId: string, organizationId: string) =>
    and(eq(intakes.id, intakeId), eq(intakes.organizationId, organizationId));

  return {
    /** Who owns an intake, for the `owner` access rule. */
    async ownerOf(id: string): Promise<{ userId: string; organizationId: string } | undefined> {
      if (!ID.test(id)) return undefined;
      const [row] = await db
        .select({ userId: intakes.userId, organizationId: intakes.organizationId })
        .from(intakes)
        .where(eq(intakes.id, id))
        .limit(1);
      return row;
    },

    async findTemplate(organizationId: string, templateId: string) {
      const [row] = await db
        .select({
          id: intakeTemplates.id,
          bundleSupport: intakeTemplates.bundleSupport,
          productAddons: intakeTemplates.productAddons,
        })
        .from(intakeTemplates)
        .where(
          and(
            eq(intakeTemplates.id, templateId),
            eq(intakeTemplates.organizationId, organizationId),
            eq(intakeTemplates.active, true),
          ),
        )
        .limit(1);
      return row;
    },

    /** Questions of a template (top-level first by position, then follow-ups) with their options. */
    async questionTree(templateId: string): Promise<{ questions: QuestionNode[]; options: OptionNode[] }> {
      const questionRows = await db
        .select({
          id: questions.id,
          type: questions.type,
          parentQuestionId: questions.parentQuestionId,
          parentOptionId: questions.parentOptionId,
        })
        .from(questions)
        .where(eq(questions.templateId, templateId))
        .orderBy(asc(questions.position), asc(questions.id));
      const ids = questionRows.map((q) => q.id);
      const optionRows = ids.length
        ? await db
            .select({
              id: questionOptions.id,
              questionId: questionOptions.questionId,
              includeNone: questionOptions.includeNone,
            })
            .from(questionOptions)
            .where(inArray(questionOptions.questionId, ids))
            .orderBy(asc(questionOptions.position))
        : [];
      return { questions: questionRows, options: optionRows };
    },

    async insertIntake(values: NewIntake, responses: NewResponse[]): Promise<void> {
      await db.insert(intakes).values(values);
      if (responses.length) await db.insert(intakeResponses).values(responses);
    },

    /** The patient's intake; `lock` holds the row until the transaction ends (counters stay right). */
    async findForPatient(intakeId: string, userId: string, lock = false): Promise<IntakeRow | undefined> {
      const query = db.select(intakeColumns).from(intakes).where(byPatient(intakeId, userId)).limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async findInOrganization(
      intakeId: string,
      organizationId: string,
      lock = false,
    ): Promise<IntakeRow | undefined> {
      const query = db
        .select(intakeColumns)
        .from(intakes)
        .where(byOrganization(intakeId, organizationId))
        .limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    /** The patient's intakes, newest first; `incomplete`: open, not completed by the patient, not closed. */
    async listForPatient(userId: string, which: 'all' | 'incomplete'): Promise<IntakeRow[]> {
      const where =
        which === 'incomplete'
          ? and(eq(intakes.userId, userId), eq(intakes.patientComplete, false), eq(intakes.closed, false))
          : eq(intakes.userId, userId);
      return db
        .select(intakeColumns)
        .from(intakes)
        .where(where)
        .orderBy(desc(intakes.createdAt), desc(intakes.id))
        .limit(200);
    },

    /** Responses of the intakes: top-level ones in question order, then follow-up answers. */
    async responsesOf(intakeIds: string[]): Promise<ResponseRow[]> {
      if (intakeIds.length === 0) return [];
      return db
        .select(responseColumns)
        .from(intakeResponses)
        .innerJoin(questions, eq(questions.id, intakeResponses.questionId))
        .where(inArray(intakeResponses.intakeId, intakeIds))
        .orderBy(asc(questions.position), asc(intakeResponses.createdAt), asc(intakeResponses.id));
    },

    async findResponse(intakeId: string, responseId: string): Promise<ResponseRow | undefined> {
      const [row] = await db
        .select(responseColumns)
        .from(intakeResponses)
        .where(and(eq(intakeResponses.id, responseId), eq(intakeResponses.intakeId, intakeId)))
        .limit(1);
      return row;
    },

    async findResponseByQuestion(intakeId: string, questionId: string): Promise<ResponseRow | undefined> {
      const [row] = await db
        .select(responseColumns)
        .from(intakeResponses)
        .where(and(eq(intakeResponses.intakeId, intakeId), eq(intakeResponses.questionId, questionId)))
        .limit(1);
      return row;
    },

    async childrenOf(parentResponseId: string): Promise<ResponseRow[]> {
      return db
        .select(responseColumns)
        .from(intakeResponses)
        .where(eq(intakeResponses.parentResponseId, parentResponseId));
    },

    async answer(responseId: string, values: AnswerValues): Promise<void> {
      await db.update(intakeResponses).set(values).where(eq(intakeResponses.id, responseId));
    },

    /** Saves a follow-up answer under its parent's response (one row per intake and question). */
    async answerChild(
      intakeId: string,
      parentResponseId: string,
      questionId: string,
      values: AnswerValues,
    ): Promise<void> {
      await db
        .insert(intakeResponses)
        .values({ intakeId, parentResponseId, questionId, ...values })
        .onConflictDoUpdate({
          target: [intakeResponses.intakeId, intakeResponses.questionId],
          set: { ...values, parentResponseId },
        });
    },

    async deleteResponses(ids: string[]): Promise<void> {
      if (ids.length) await db.delete(intakeResponses).where(inArray(intakeResponses.id, ids));
    },

    async update(intakeId: string, changes: IntakeChanges): Promise<IntakeRow | undefined> {
      const [row] = await db
        .update(intakes)
        .set(changes)
        .where(eq(intakes.id, intakeId))
        .returning(intakeColumns);
      return row;
    },

    /** Which of the ids are subscriptions of the patient. */
    async subscriptionsOf(userId: string, ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const found = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.id, ids)));
      return found.map((r) => r.id);
    },

    /** Active product templates and priced products of the organization among the ids. */
    async catalogueItems(organizationId: string, ids: string[]) {
      if (ids.length === 0) return { templates: [], prices: [] };
      const templates = await db
        .select({ id: productTemplates.id })
        .from(productTemplates)
        .where(
          and(
            eq(productTemplates.organizationId, organizationId),
            eq(productTemplates.active, true),
            inArray(productTemplates.id, ids),
          ),
        );
      const prices = await db
        .select({
          id: products.id,
          productTemplateId: products.productTemplateId,
          intervalCount: products.intervalCount,
          pricingType: products.pricingType,
        })
        .from(products)
        .where(
          and(
            eq(products.organizationId, organizationId),
            eq(products.active, true),
            inArray(products.id, ids),
          ),
        );
      return { templates, prices };
    },

    /** Active priced products of the organization among the ids, with their template's dosing options. */
    async configurableProducts(organizationId: string, ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: products.id,
          productTemplateId: products.productTemplateId,
          intervalCount: products.intervalCount,
          pricingType: products.pricingType,
          planProperties: products.planProperties,
          stripePriceId: products.stripePriceId,
          strengths: productTemplates.dosageStrengths,
          frequencies: productTemplates.dosageFrequencies,
          membershipId: productTemplates.membershipId,
        })
        .from(products)
        .innerJoin(productTemplates, eq(productTemplates.id, products.productTemplateId))
        .where(and(productOnSale(organizationId), inArray(products.id, ids)));
    },

    /** plan_properties.units_per_month of the organization's priced products (for configured quantities). */
    async unitsPerMonth(organizationId: string): Promise<Map<string, number | undefined>> {
      const found = await db
        .select({ id: products.id, planProperties: products.planProperties })
        .from(products)
        .where(eq(products.organizationId, organizationId));
      return new Map(found.map((p) => [p.id, p.planProperties.units_per_month]));
    },

    /** The exclusive group of each of the organization's product templates that has one (catalogue data). */
    async exclusiveGroups(organizationId: string): Promise<Map<string, string>> {
      const found = await db
        .select({
          id: productTemplates.id,
          group: sql<string>`${productTemplates.settings}->>'exclusive_group'`,
        })
        .from(productTemplates)
        .where(
          and(
            eq(productTemplates.organizationId, organizationId),
            sql`${productTemplates.settings}->>'exclusive_group' is not null`,
          ),
        );
      return new Map(found.map((r) => [r.id, r.group]));
    },

    async templateAddons(templateId: string): Promise<string[]> {
      const [row] = await db
        .select({ addons: intakeTemplates.productAddons })
        .from(intakeTemplates)
        .where(eq(intakeTemplates.id, templateId))
        .limit(1);
      return row?.addons ?? [];
    },
  };
}
export type IntakeQueries = ReturnType<typeof intakeQueries>;

/**
 * The answer save's two statements (decision 022), each built once and prepared: the funnel sends one
 * answer per question, and building these texts with the query builder on every save was a quarter of its
 * CPU. Outside transactions only (the root database).
 */
function answerQueries(db: Db) {
  const snapshot = db
    .select({
      row: intakeJson.sql,
      version: sql<string>`${intakes}.xmin::text`,
      responses: sql<string>`(select coalesce(json_agg(${responseJson} order by q.position, intake_responses.created_at, intake_responses.id), '[]')::text
        from intake_responses join questions q on q.id = intake_responses.question_id
        where intake_responses.intake_id = intakes.id)`,
    })
    .from(intakes)
    .where(and(eq(intakes.id, sql.placeholder('intakeId')), eq(intakes.userId, sql.placeholder('userId'))))
    .limit(1)
    .prepare('intake_answer_snapshot');

  const p = (name: string) => sql.placeholder(name);
  const answer = preparedSql<{ row: string }>(
    db,
    'intake_answer_if_unchanged',
    sql`with locked as (
        select ${intakes.id} as id from ${intakes}
        where ${intakes.id} = ${p('intakeId')} and ${intakes}.xmin = ${p('version')}::text::xid
        for update
      ), answered as (
        update ${intakeResponses}
        set response = ${p('response')}::jsonb, free_format_response = ${p('freeFormatResponse')},
          answered_at = ${p('at')}::timestamptz, updated_at = ${p('at')}::timestamptz
        where ${intakeResponses.id} = ${p('responseId')} and ${intakeResponses.intakeId} in (select id from locked)
        returning 1
      ), dropped as (
        delete from ${intakeResponses}
        where ${intakeResponses.id} = any(${p('stale')}::varchar[]) and ${intakeResponses.intakeId} in (select id from locked)
        returning 1
      )
      update ${intakes}
      set questions_total = ${p('questionsTotal')}, complete_total = ${p('completeTotal')},
        incomplete_total = ${p('incompleteTotal')}, updated_at = ${p('at')}::timestamptz
      where ${intakes.id} in (select id from locked) and (select count(*) from answered) = 1
      returning ${intakeJson.sql} as row`,
  );

  return {
    /**
     * The patient's intake, its responses (in responsesOf's order) and its row version, in one statement.
     * The version is what answerIfUnchanged checks: every change of an intake's responses also updates the
     * intake row (its counters), so an unchanged version means unchanged responses.
     */
    async snapshotForPatient(
      intakeId: string,
      userId: string,
    ): Promise<{ row: IntakeRow; version: string; responses: ResponseRow[] } | undefined> {
      const [hit] = (await snapshot.execute({ intakeId, userId })) as {
        row: string;
        version: string;
        responses: string;
      }[];
      if (!hit) return undefined;
      const responses = (JSON.parse(hit.responses) as (ResponseRow & { answeredAt: string | null })[]).map(
        (r) => ({ ...r, answeredAt: r.answeredAt === null ? null : new Date(r.answeredAt) }),
      );
      return { row: intakeJson.parse(hit.row), version: hit.version, responses };
    },

    /**
     * Saves an answer in one statement, if the intake is still at `version`: locks the intake row, writes
     * the response, deletes the stale follow-ups and sets the counters. Undefined when the intake changed
     * since it was read (the caller reads again), so concurrent answers never count on stale responses.
     */
    async answerIfUnchanged(
      intakeId: string,
      version: string,
      responseId: string,
      values: AnswerValues,
      stale: string[],
      counters: IntakeCounters,
    ): Promise<IntakeRow | undefined> {
      const [hit] = await answer({
        intakeId,
        version,
        responseId,
        response: JSON.stringify(values.response),
        freeFormatResponse: values.freeFormatResponse,
        at: values.answeredAt.toISOString(),
        stale,
        questionsTotal: counters.questionsTotal,
        completeTotal: counters.completeTotal,
        incompleteTotal: counters.incompleteTotal,
      });
      return hit ? intakeJson.parse(hit.row) : undefined;
    },
  };
}

/** The only place touching the intake tables. `transaction` hands the same queries bound to one transaction. */
export function createIntakesRepository(db: Db) {
  return {
    ...intakeQueries(db),
    ...answerQueries(db),
    transaction<T>(fn: (queries: IntakeQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(intakeQueries(tx as unknown as Db)));
    },
  };
}
export type IntakesRepository = ReturnType<typeof createIntakesRepository>;
