import { SETTINGS_SUCCESS_ALERT_MS } from '@portal/domain/constants';
import { useCallback, useState } from 'react';
import { toast } from '../toast/toast-store';

export type SettingsAlertState = { tone: 'error'; message: string } | null;

/**
 * The notices of one settings form (001 §8). A success ('Photo updated successfully'...) is a toast that
 * goes after 3 seconds, and the warning of a verification closed unfinished a toast that stays until
 * dismissed: neither belongs to a field. A failure (the server's message, a critical alert) stays in the
 * form it is about, next to what must be corrected, until dismissed or replaced.
 */
export function useSettingsAlert() {
  const [alert, setAlert] = useState<SettingsAlertState>(null);
  return {
    alert,
    success: useCallback((message: string) => {
      setAlert(null);
      toast.success(message, { durationMs: SETTINGS_SUCCESS_ALERT_MS });
    }, []),
    error: useCallback((message: string) => setAlert({ tone: 'error', message }), []),
    warning: useCallback((message: string) => {
      setAlert(null);
      toast.warning(message);
    }, []),
    dismiss: useCallback(() => setAlert(null), []),
  };
}
export type SettingsAlert = ReturnType<typeof useSettingsAlert>;
