import { staffCan } from '@portal/domain/care/staff-roles';
import type {
  CareCallTask,
  CareCompleteCallBody,
  CareCompleteCallResult,
} from '@portal/domain/contracts/care';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, type EventTypeKind } from '../../db/schema/appointments';
import { careNotes } from '../../db/schema/care';
import { subscriptions } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';
import type { Auth } from '../../platform/auth/access';
import { ApiError, Errors } from '../../platform/errors';

/**
 * The calls the care team makes (issue 12 §6): the free consultation booked from the retention offer
 * (001 §4) and the identity verification call booked in the funnel. The predicate matches the partial index
 * `appointments_open_call_tasks_idx` word for word, so the list reads that index only.
 */
const CALL_KINDS = {
  consultation: 'retention_call',
  'user-verification': 'verification_call',
} as const satisfies Partial<Record<EventTypeKind, CareCallTask['kind']>>;
type CallKind = keyof typeof CALL_KINDS;
const isCallKind = (kind: string): kind is CallKind => kind in CALL_KINDS;

const CALL_LABELS: Record<CareCallTask['kind'], string> = {
  retention_call: 'Retention call',
  verification_call: 'Identity verification call',
};

/** The open call tasks read per request; the oldest come first, so a longer backlog is never hidden ahead. */
export const CALL_TASKS_LIMIT = 200;

const phone = sql<
  string | null
>`coalesce(nullif(${users.mobileNumber}, ''), nullif(${users.shippingInfo}->>'phone_number', ''))`;

export function createCallTasksService(deps: { db: Db; now: () => Date }) {
  return {
    /** The organization's booked calls neither canceled nor marked done, oldest booking first. */
    async open(organizationId: string): Promise<CareCallTask[]> {
      const rows = await deps.db
        .select({
          id: appointments.id,
          kind: appointments.eventTypeKind,
          name: appointments.name,
          startTime: appointments.startTime,
          endTime: appointments.endTime,
          createdAt: appointments.createdAt,
          patientId: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          phone,
          subscriptionId: subscriptions.id,
          subscriptionName: subscriptions.name,
        })
        .from(appointments)
        .innerJoin(users, eq(users.id, appointments.patientId))
        .leftJoin(subscriptions, eq(subscriptions.id, appointments.subscriptionId))
        .where(
          and(
            eq(appointments.organizationId, organizationId),
            sql`not ${appointments.canceled}`,
            isNull(appointments.completedAt),
            // literals, not parameters: a generic plan proves the partial index's predicate only from these
            sql`${appointments.eventTypeKind} in ('user-verification', 'consultation')`,
          ),
        )
        .orderBy(asc(appointments.createdAt), asc(appointments.id))
        .limit(CALL_TASKS_LIMIT);
      return rows.flatMap((r) =>
        isCallKind(r.kind)
          ? [
              {
                _id: r.id,
                kind: CALL_KINDS[r.kind],
                patient: { _id: r.patientId, first_name: r.firstName, last_name: r.lastName },
                phone: r.phone,
                call: {
                  name: r.name,
                  start_time: r.startTime.toISOString(),
                  end_time: r.endTime.toISOString(),
                },
                subscription:
                  r.subscriptionId && r.subscriptionName !== null
                    ? { _id: r.subscriptionId, name: r.subscriptionName }
                    : null,
                created_at: r.createdAt.toISOString(),
              },
            ]
          : [],
      );
    },

    /**
     * Marks a call done with what came of it. The outcome also goes into the clinic's private notes, where
     * whoever opens the chart next reads it. A call is recorded once: a second attempt is a 409.
     * `found` learns the call's patient as soon as it is read, so a refused attempt is audited against them too.
     */
    async complete(
      auth: Auth,
      callId: string,
      body: CareCompleteCallBody,
      found: (patientId: string) => void = () => undefined,
    ): Promise<CareCompleteCallResult> {
      if (!staffCan(auth.role, 'complete_call')) throw Errors.forbidden();
      const at = deps.now();
      return deps.db.transaction(async (tx) => {
        const [call] = await tx
          .select()
          .from(appointments)
          .where(and(eq(appointments.id, callId), eq(appointments.organizationId, auth.organizationId)))
          .for('update');
        if (!call || !isCallKind(call.eventTypeKind)) throw Errors.notFound('The call');
        found(call.patientId);
        if (call.completedAt) {
          throw new ApiError(409, 'CallAlreadyCompleted', 'This call has already been marked done.');
        }
        if (call.canceled) {
          throw new ApiError(409, 'CallCanceled', 'The patient canceled this call.');
        }
        const kind = CALL_KINDS[call.eventTypeKind];
        await tx
          .update(appointments)
          .set({ completedAt: at, completedBy: auth.userId, outcome: body.outcome, updatedAt: at })
          .where(eq(appointments.id, call.id));
        await tx.insert(careNotes).values({
          organizationId: auth.organizationId,
          patientId: call.patientId,
          authorId: auth.userId,
          body: `${CALL_LABELS[kind]} done: ${body.outcome}`,
        });
        return { _id: call.id, kind, completed_at: at.toISOString(), outcome: body.outcome };
      });
    },
  };
}
