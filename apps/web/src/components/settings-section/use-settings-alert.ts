import { SETTINGS_SUCCESS_ALERT_MS } from '@portal/domain/constants';
import { useCallback, useEffect, useState } from 'react';

export type SettingsAlertState = { tone: 'success' | 'error' | 'warning'; message: string } | null;

/**
 * The alert of one settings form (001 §8): a success dismisses itself after 3 seconds; a failure (the
 * server's message, as a critical alert) and a warning stay until dismissed or replaced.
 */
export function useSettingsAlert() {
  const [alert, setAlert] = useState<SettingsAlertState>(null);
  useEffect(() => {
    if (alert?.tone !== 'success') return;
    const timer = setTimeout(() => setAlert(null), SETTINGS_SUCCESS_ALERT_MS);
    return () => clearTimeout(timer);
  }, [alert]);
  return {
    alert,
    success: useCallback((message: string) => setAlert({ tone: 'success', message }), []),
    error: useCallback((message: string) => setAlert({ tone: 'error', message }), []),
    warning: useCallback((message: string) => setAlert({ tone: 'warning', message }), []),
    dismiss: useCallback(() => setAlert(null), []),
  };
}
export type SettingsAlert = ReturnType<typeof useSettingsAlert>;
