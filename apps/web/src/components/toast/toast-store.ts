import type { NOTIFICATION_TITLES } from '@portal/domain/messages';

/** The four kinds of notification of 000 §8 and 002 §8, each titled by NOTIFICATION_TITLES. */
export type ToastKind = keyof typeof NOTIFICATION_TITLES;

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** How long it stays, counted only while the patient is not pointing at or focused in it; null: until dismissed. */
  durationMs: number | null;
}

export interface ToastOptions {
  durationMs?: number | null;
}

/** A success or a note goes by itself; an error or a warning stays until the patient dismisses it. */
const DEFAULT_DURATION_MS: Record<ToastKind, number | null> = {
  success: 5000,
  info: 5000,
  error: null,
  warning: null,
};

/** More than this many at once would cover a phone's screen; the oldest give way. */
export const MAX_TOASTS = 3;

type Listener = () => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a notification; the same kind and text already showing is replaced rather than stacked twice. */
function show(kind: ToastKind, message: string, options: ToastOptions = {}): number {
  const toast: Toast = {
    id: nextId++,
    kind,
    message,
    durationMs: options.durationMs === undefined ? DEFAULT_DURATION_MS[kind] : options.durationMs,
  };
  const others = toasts.filter((t) => t.kind !== kind || t.message !== message);
  emit([...others, toast].slice(-MAX_TOASTS));
  return toast.id;
}

/** The product's transient notices (a settings save, a panel closed unfinished...). */
export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  dismiss(id: number): void {
    if (toasts.some((t) => t.id === id)) emit(toasts.filter((t) => t.id !== id));
  },
  /** Removes every notification (signing out, and between tests). */
  clear(): void {
    if (toasts.length > 0) emit([]);
  },
};

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly Toast[] {
  return toasts;
}
