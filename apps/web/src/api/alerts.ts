import type { AlertKind } from '@portal/domain/care/alerts';
import type { Alert } from '@portal/domain/contracts/alert';
import { useEffect } from 'react';
import { apiRequest, requireOrganizationId, seg } from '../lib/api-client';

/**
 * POST /alerts/{org}/create/{alertId} (002 §7.8): tells the clinic about the signed-in patient's situation.
 * The server keeps one open alert per patient and kind, so raising it again answers the open one.
 */
export function createAlert(alertId: AlertKind): Promise<Alert> {
  return apiRequest<Alert>(`/alerts/${seg(requireOrganizationId())}/create/${seg(alertId)}`, {
    method: 'POST',
    body: {},
  });
}

/** The alerts raised from this page load, so a screen shown again does not send its alert again. */
const raised = new Set<string>();

/**
 * Raises `alertId` for the patient once, the first time `when` holds (002 §4.11: "An alert 'ID/Profile Image
 * Mismatch' is raised when the image needs user attention"). A failure is left for the next page load: the
 * screen already tells the patient what to do, and the clinic's own flag is on the chart.
 */
export function useRaiseAlertOnce(alertId: AlertKind, patientId: string | null, when: boolean) {
  useEffect(() => {
    if (!when || !patientId) return;
    const key = `${patientId}:${alertId}`;
    if (raised.has(key)) return;
    raised.add(key);
    createAlert(alertId).catch(() => raised.delete(key));
  }, [alertId, patientId, when]);
}

/** Tests start each case from a fresh page load. */
export function forgetRaisedAlerts() {
  raised.clear();
}
