import { QUEUE_COUNT_CAP, REVIEW_TARGET_HOURS } from '@portal/domain/care/review-queue';
import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { intakes } from '../../db/schema/intakes';
import { physicianStates, physicians } from '../../db/schema/physicians';
import { productTemplates } from '../../db/schema/products';
import { users } from '../../db/schema/users';
import type { PagePosition } from '../notifications/page-cursor';

export type QueueFilters = {
  organizationId: string;
  /** Only patients of these states (a physician's licenses); undefined: every state. */
  licensedStates?: readonly string[] | undefined;
  state?: string | undefined;
  product?: string | undefined;
  overTarget?: boolean | undefined;
  now: Date;
};

/** Where the patient lives for licensing: the state on file, else the shipping address's (set at checkout). */
export const patientState = sql<string | null>`coalesce(${users.state}, ${users.shippingInfo}->>'state')`;

const submittedAt = sql<string>`to_char(${intakes.completedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const claimer = alias(users, 'claimer');

/** Which filters a queue read has: each combination is one statement, built and prepared once. */
type QueueShape = {
  licensed: boolean;
  state: boolean;
  product: boolean;
  overTarget: boolean;
  after: boolean;
};

const shapeOf = (f: QueueFilters, after: PagePosition | undefined): QueueShape => ({
  licensed: f.licensedStates !== undefined,
  state: f.state !== undefined,
  product: f.product !== undefined,
  overTarget: Boolean(f.overTarget),
  after: after !== undefined,
});

const placeholder = (name: string) => sql.placeholder(name);

/**
 * The visits awaiting review, read along the partial index on (organization, completed_at, id): submitted
 * (at checkout, which stamps completed_at), undecided, open, not sent back to the patient and not a coaching
 * membership's visit (those need no physician). The values are placeholders ({@link queueValues}).
 */
function awaitingReview(shape: QueueShape): SQL[] {
  const conditions: SQL[] = [
    eq(intakes.organizationId, placeholder('organizationId')),
    sql`${intakes.patientComplete} and not ${intakes.physicianReview} and not ${intakes.closed}`,
    isNotNull(intakes.completedAt),
    sql`not coalesce((${intakes.awaitingPatientUpdate}->>'is_awaiting')::boolean, false)`,
    sql`not exists (select 1 from ${productTemplates} pt where pt.id = ${intakes.products}->0->>'product_template'
      and pt.type = 'coaching_membership')`,
  ];
  // the visit's copy of the patient's state (kept by triggers), so a state filter reads its own index; the
  // licensed states travel as one text value (two-letter codes), which both drivers send alike
  if (shape.licensed)
    conditions.push(
      sql`${intakes.patientState} = any(string_to_array(${placeholder('licensedStates')}, ','))`,
    );
  if (shape.state) conditions.push(eq(intakes.patientState, placeholder('state')));
  if (shape.product) conditions.push(sql`${intakes.products} @> ${placeholder('product')}::jsonb`);
  if (shape.overTarget)
    conditions.push(sql`${intakes.completedAt} <= ${placeholder('overTargetAt')}::timestamptz`);
  return conditions;
}

/** The placeholders' values of a queue read. */
function queueValues(
  f: QueueFilters,
  after: PagePosition | undefined,
  limit: number,
): Record<string, unknown> {
  return {
    organizationId: f.organizationId,
    licensedStates: f.licensedStates?.join(','),
    state: f.state,
    product: f.product === undefined ? undefined : JSON.stringify([{ product_template: f.product }]),
    overTargetAt: new Date(f.now.getTime() - REVIEW_TARGET_HOURS.limit * 3_600_000).toISOString(),
    afterAt: after?.at,
    afterId: after?.id,
    limit: limit + 1,
  };
}

export function createCareRepository(db: Db) {
  /**
   * The queue's two statements per filter shape, prepared on first use: built per request, turning the query
   * builder's tree into text was the largest part of a queue read's CPU (bench: care workspace).
   */
  const prepared = new Map<string, ReturnType<typeof buildQueueStatements>>();
  const queueStatements = (shape: QueueShape) => {
    // one name per shape, the same in every repository: a driver that names statements sees one text per name
    const key = ['care_queue', ...Object.entries(shape).flatMap(([name, on]) => (on ? [name] : []))].join(
      '_',
    );
    let statements = prepared.get(key);
    if (!statements) {
      statements = buildQueueStatements(shape, key);
      prepared.set(key, statements);
    }
    return statements;
  };
  function buildQueueStatements(shape: QueueShape, name: string) {
    const where = awaitingReview(shape);
    const page = db
      .select({
        id: intakes.id,
        submittedAt,
        products: intakes.products,
        patientId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        birthday: users.birthday,
        state: patientState,
        verificationStatus: users.verificationStatus,
        claimedAt: intakes.claimedAt,
        claimerId: claimer.id,
        claimerFirstName: claimer.firstName,
        claimerLastName: claimer.lastName,
      })
      .from(intakes)
      .innerJoin(users, eq(users.id, intakes.userId))
      .leftJoin(claimer, eq(claimer.id, intakes.claimedBy))
      .where(
        and(
          ...where,
          shape.after
            ? sql`(${intakes.completedAt}, ${intakes.id}) > (${placeholder('afterAt')}::timestamptz, ${placeholder('afterId')})`
            : undefined,
        ),
      )
      .orderBy(asc(intakes.completedAt), asc(intakes.id))
      .limit(placeholder('limit'))
      .prepare(`${name}_page`);
    // counted up to one past the cap, on the visits alone (every filter reads the visit's own columns): the
    // walk stops there instead of joining every waiting visit to its patient
    const matching = db
      .select({ one: sql`1` })
      .from(intakes)
      .where(and(...where))
      .limit(QUEUE_COUNT_CAP + 1)
      .as('matching');
    const count = db.select({ n: sql<number>`count(*)::int` }).from(matching).prepare(`${name}_count`);
    return { page, count };
  }

  return {
    /** The states a physician user is licensed in (none when the user is no active physician). */
    async licensedStates(userId: string): Promise<string[]> {
      const rows = await db
        .select({ state: physicianStates.state })
        .from(physicianStates)
        .innerJoin(physicians, eq(physicians.id, physicianStates.physicianId))
        .where(and(eq(physicians.userId, userId), eq(physicians.active, true)));
      return rows.map((r) => r.state);
    },

    /** One page of the queue, oldest first, and the count over every page (asked together). */
    async queuePage(f: QueueFilters, after: PagePosition | undefined, limit: number) {
      const { page, count } = queueStatements(shapeOf(f, after));
      const values = queueValues(f, after, limit);
      const [rows, [counted]] = await Promise.all([page.execute(values), count.execute(values)]);
      const n = counted?.n ?? 0;
      return {
        rows: rows.slice(0, limit),
        more: rows.length > limit,
        total: Math.min(n, QUEUE_COUNT_CAP),
        totalCapped: n > QUEUE_COUNT_CAP,
      };
    },

    /** Names of product templates, for the products of a page of visits (one query per page). */
    async templateNames(organizationId: string, ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: productTemplates.id, name: productTemplates.name })
        .from(productTemplates)
        .where(and(eq(productTemplates.organizationId, organizationId), inArray(productTemplates.id, ids)));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /**
     * Claims a visit awaiting review for a staff member (taking it over from whoever had it) and answers the
     * claim, or undefined when no such visit of the organization awaits review.
     */
    async claim(organizationId: string, visitId: string, userId: string, at: Date) {
      const [row] = await db
        .update(intakes)
        .set({ claimedBy: userId, claimedAt: at })
        .where(
          and(
            eq(intakes.id, visitId),
            eq(intakes.organizationId, organizationId),
            sql`${intakes.patientComplete} and not ${intakes.physicianReview} and not ${intakes.closed}`,
          ),
        )
        .returning({ id: intakes.id, patientId: intakes.userId, claimedAt: intakes.claimedAt });
      return row;
    },

    async staffName(userId: string) {
      const [row] = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },
  };
}
export type CareRepository = ReturnType<typeof createCareRepository>;
