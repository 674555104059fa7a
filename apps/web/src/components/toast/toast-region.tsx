import { lazy, Suspense, useSyncExternalStore } from 'react';
import { getToasts, subscribeToasts } from './toast-store';

// The stack's code and styles arrive with the first notification: pages that never show one (the sign-in
// page) carry only this store.
const ToastViewport = lazy(() => import('./toast-viewport'));

/** Mounted once by the app's providers: the corner where notifications stack. */
export function ToastRegion() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport toasts={toasts} />
    </Suspense>
  );
}
