import { useSyncExternalStore } from 'react';
import type { Patient } from './patient';
import { readJson, readStorage, removeStorage, writeJson, writeStorage } from './storage';
import { STORAGE_KEYS } from './storage-keys';

/**
 * The login state (002 §4.9): user and token in localStorage. Reads always go to storage, so a login or
 * logout in another tab is seen here too; the parsed user is cached per raw value to give React a stable snapshot.
 */
const CHANGE_EVENT = 'portal:session-change';

let cachedRaw: string | null = null;
let cachedUser: Patient | null = null;

export function getToken(): string | null {
  return readStorage(STORAGE_KEYS.token);
}

export function getStoredUser(): Patient | null {
  const raw = readStorage(STORAGE_KEYS.user);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = raw === null ? null : readJson<Patient>(STORAGE_KEYS.user);
  }
  return cachedUser;
}

function notify(): void {
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function saveSession(session: { token: string; user: Patient }): void {
  writeStorage(STORAGE_KEYS.token, session.token);
  writeJson(STORAGE_KEYS.user, session.user);
  notify();
}

export function saveUser(user: Patient): void {
  writeJson(STORAGE_KEYS.user, user);
  notify();
}

export function clearStoredToken(): void {
  removeStorage(STORAGE_KEYS.token);
  notify();
}

/** Forgets the signed-in patient. The organization and its settings stay: they belong to the site, not the patient. */
export function clearSession(): void {
  removeStorage(STORAGE_KEYS.token);
  removeStorage(STORAGE_KEYS.user);
  notify();
}

export function subscribeSession(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.user || event.key === STORAGE_KEYS.token) listener();
  };
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The signed-in patient as stored, re-rendering when it changes. */
export function useSessionUser(): Patient | null {
  return useSyncExternalStore(subscribeSession, getStoredUser, () => null);
}
