import { prescriptionSchema } from '@portal/domain/care/decisions';
import { isLicensedFor, staffCan } from '@portal/domain/care/staff-roles';
import type { CareResolveRequestBody, CareTask, CareTasks } from '@portal/domain/contracts/care';
import { PRESCRIPTION_CHANGE_LABELS } from '@portal/domain/dashboard/prescription-change';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { prescriptionChangeRequests } from '../../db/schema/prescription-change-requests';
import { subscriptions } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';
import type { Auth } from '../../platform/auth/access';
import { ApiError, Errors } from '../../platform/errors';
import { createAlertsRepository } from '../alerts/alerts.repository';
import type { NotificationInput, Notifier } from '../notifications/notifier';
import { createCallTasksService } from './call-tasks.service';
import { type CareRepository, patientState } from './care.repository';

/**
 * The care team's tasks (issue 12 §6): the patients' prescription-change requests, which a physician
 * approves with a new prescription or declines with a message (either way the subscription leaves
 * `prescription_requested` for the status it had and the patient is told), and the retention and
 * verification calls booked with the clinic, which a coordinator or physician marks done with an outcome, and
 * the alerts raised about patients (002 §7.8), which any member marks done the same way.
 */
export function createTasksService(deps: {
  db: Db;
  care: CareRepository;
  notifier: Pick<Notifier, 'store' | 'deliver'>;
  now: () => Date;
}) {
  const allow = (auth: Auth, action: Parameters<typeof staffCan>[1]) => {
    if (!staffCan(auth.role, action)) throw Errors.forbidden();
  };
  const calls = createCallTasksService({ db: deps.db, now: deps.now });
  const alerts = createAlertsRepository(deps.db);

  return {
    completeCall: calls.complete,

    async list(auth: Auth): Promise<CareTasks> {
      allow(auth, 'read_chart');
      const rows = await deps.db
        .select({
          id: prescriptionChangeRequests.id,
          requestType: prescriptionChangeRequests.requestType,
          comment: prescriptionChangeRequests.comment,
          createdAt: prescriptionChangeRequests.createdAt,
          patientId: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          subscriptionId: subscriptions.id,
          subscriptionName: subscriptions.name,
        })
        .from(prescriptionChangeRequests)
        .innerJoin(users, eq(users.id, prescriptionChangeRequests.userId))
        .innerJoin(subscriptions, eq(subscriptions.id, prescriptionChangeRequests.subscriptionId))
        .where(
          and(
            eq(prescriptionChangeRequests.organizationId, auth.organizationId),
            isNull(prescriptionChangeRequests.resolvedAt),
          ),
        )
        .orderBy(asc(prescriptionChangeRequests.createdAt), asc(prescriptionChangeRequests.id))
        .limit(200);
      const requests: CareTask[] = rows.map((r) => ({
        _id: r.id,
        kind: 'prescription_change' as const,
        patient: { _id: r.patientId, first_name: r.firstName, last_name: r.lastName },
        subscription: { _id: r.subscriptionId, name: r.subscriptionName },
        request_type: r.requestType,
        comment: r.comment,
        created_at: r.createdAt.toISOString(),
      }));
      const [openCalls, openAlerts] = await Promise.all([
        calls.open(auth.organizationId),
        alerts.openTasks(auth.organizationId),
      ]);
      const items = [...requests, ...openCalls, ...openAlerts];
      // One list, oldest first; ties (rows of one instant) by id, so the order never depends on the merge.
      items.sort((a, b) => a.created_at.localeCompare(b.created_at) || a._id.localeCompare(b._id));
      return { items };
    },

    async resolve(auth: Auth, requestId: string, body: CareResolveRequestBody) {
      allow(auth, 'resolve_prescription_request');
      const at = deps.now();
      const prescription =
        body.decision === 'approve'
          ? prescriptionSchema(at.toISOString().slice(0, 10)).safeParse(body.prescription)
          : null;
      if (prescription && !prescription.success) {
        const issue = prescription.error.issues[0]!;
        throw new ApiError(400, 'ValidationError', issue.message, {}, [
          { path: `prescription.${issue.path.join('.')}`, message: issue.message },
        ]);
      }
      const licensed = await deps.care.licensedStates(auth.userId);
      let notice: NotificationInput | null = null;
      const out = await deps.db.transaction(async (tx) => {
        const [request] = await tx
          .select()
          .from(prescriptionChangeRequests)
          .where(
            and(
              eq(prescriptionChangeRequests.id, requestId),
              eq(prescriptionChangeRequests.organizationId, auth.organizationId),
            ),
          )
          .for('update');
        if (!request) throw Errors.notFound('The request');
        if (request.resolvedAt) {
          throw new ApiError(409, 'RequestAlreadyResolved', 'This request has already been answered.');
        }
        const [patient] = await tx
          .select({ state: patientState })
          .from(users)
          .where(eq(users.id, request.userId));
        if (!isLicensedFor(licensed, patient?.state ?? null)) {
          throw new ApiError(403, 'NotLicensed', "You are not licensed in this patient's state.");
        }
        const [sub] = await tx
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.id, request.subscriptionId))
          .for('update');
        if (!sub) throw Errors.notFound('The subscription');
        const status = sub.status === 'prescription_requested' ? request.previousStatus : sub.status;
        const approved = body.decision === 'approve' && prescription?.success;
        await tx
          .update(subscriptions)
          .set({
            status,
            updatedAt: at,
            ...(approved
              ? {
                  prescriptions: [
                    ...sub.prescriptions,
                    {
                      _id: newId(),
                      physician_id: auth.userId,
                      medication: {
                        name: prescription.data.medication,
                        strength: prescription.data.strength,
                        patient_instructions: prescription.data.instructions,
                        expiration_date: prescription.data.expires_on,
                      },
                    },
                  ],
                }
              : {}),
          })
          .where(eq(subscriptions.id, sub.id));
        await tx
          .update(prescriptionChangeRequests)
          .set({
            resolution: approved ? 'approved' : 'declined',
            response: body.message ?? null,
            resolvedBy: auth.userId,
            resolvedAt: at,
          })
          .where(eq(prescriptionChangeRequests.id, request.id));
        const asked = PRESCRIPTION_CHANGE_LABELS[request.requestType].toLowerCase();
        notice = {
          category: 'subscription',
          message: approved
            ? `Your physician approved your request (${asked}) for ${sub.name}. Your new prescription is in your subscription.${body.message ? ` ${body.message}` : ''}`
            : `Your physician reviewed your request (${asked}) for ${sub.name}: ${body.message}`,
          data: { subscriptionId: sub.id },
        };
        await deps.notifier.store(tx as unknown as Db, request.userId, auth.organizationId, notice);
        return {
          patientId: request.userId,
          result: {
            _id: request.id,
            resolution: approved ? ('approved' as const) : ('declined' as const),
            subscription: { _id: sub.id, status },
          },
        };
      });
      const sent = notice as NotificationInput | null;
      if (sent) deps.notifier.deliver(out.patientId, sent);
      return out;
    },
  };
}
