import { ALERTS, isAlertKind } from '@portal/domain/care/alerts';
import { staffCan } from '@portal/domain/care/staff-roles';
import type { Alert, CreateAlertBody } from '@portal/domain/contracts/alert';
import type { CareResolveAlertBody, CareResolveAlertResult } from '@portal/domain/contracts/care';
import type { Auth } from '../../platform/auth/access';
import { ApiError, Errors } from '../../platform/errors';
import type { AlertRow, AlertsRepository } from './alerts.repository';

const toAlert = (row: AlertRow): Alert => ({
  _id: row.id,
  kind: row.kind,
  label: ALERTS[row.kind].label,
  patient_id: row.patientId,
  status: row.resolvedAt ? 'resolved' : 'open',
  created_at: row.createdAt.toISOString(),
});

/**
 * Alerts to the clinic (002 §7.8): the signed-in patient raises one about themself, or staff of the
 * organization on a patient's behalf; it waits in the care team's tasks until someone marks it done.
 */
export function createAlertsService(deps: { repo: AlertsRepository; now: () => Date }) {
  return {
    /**
     * Raises alert `alertId` about the patient; `found` learns the patient before anything else can fail,
     * so a refused attempt is audited against them too. `created` is false when the open one was returned.
     */
    async raise(
      auth: Auth,
      alertId: string,
      body: CreateAlertBody | null | undefined,
      found: (patientId: string) => void,
    ): Promise<{ alert: Alert; created: boolean }> {
      if (!isAlertKind(alertId)) {
        throw new ApiError(400, 'UnknownAlert', `There is no alert "${alertId.slice(0, 40)}".`);
      }
      let patientId: string;
      if (auth.role === 'patient') {
        if (body?.patient_id && body.patient_id !== auth.userId) throw Errors.forbidden();
        patientId = auth.userId;
      } else {
        if (!staffCan(auth.role, 'write_note')) throw Errors.forbidden();
        if (!body?.patient_id) throw Errors.badRequest('Name the patient the alert is about (patient_id).');
        found(body.patient_id);
        if (!(await deps.repo.patientOf(auth.organizationId, body.patient_id))) {
          throw Errors.notFound('The patient');
        }
        patientId = body.patient_id;
      }
      found(patientId);
      const { alert, created } = await deps.repo.raise({
        organizationId: auth.organizationId,
        patientId,
        kind: alertId,
        raisedBy: auth.userId,
        at: deps.now(),
      });
      return { alert: toAlert(alert), created };
    },

    /** Marks an alert done with what was done about it; a second attempt is a 409. */
    async resolve(
      auth: Auth,
      alertId: string,
      body: CareResolveAlertBody,
      found: (patientId: string) => void,
    ): Promise<CareResolveAlertResult> {
      if (!staffCan(auth.role, 'write_note')) throw Errors.forbidden();
      const at = deps.now();
      const out = await deps.repo.resolve({
        organizationId: auth.organizationId,
        alertId,
        by: auth.userId,
        outcome: body.outcome,
        at,
      });
      if (!out) throw Errors.notFound('The alert');
      found(out.alert.patientId);
      if (!out.resolved)
        throw new ApiError(409, 'AlertAlreadyResolved', 'This alert has already been marked done.');
      return {
        _id: out.alert.id,
        kind: out.alert.kind,
        resolved_at: at.toISOString(),
        outcome: body.outcome,
      };
    },
  };
}
