import { useSyncExternalStore } from 'react';
import type { Patient } from './patient';
import { readJson, readStorage, removeStorage, writeJson, writeStorage } from './storage';
import { STORAGE_KEYS } from './storage-keys';

/**
 * The login state (000 §3, 002 §4.9): `token` and `user` in localStorage. The stored `user` holds only what
 * routing needs (ids, organization, names, flags); the full patient record (medical profile, birthday,
 * measurements, shipping address) lives in memory and is fetched again after a reload, so nothing clinical
 * stays in the browser once the tab is closed. Reads always go to storage, so a login or logout in another tab
 * is seen here too.
 */
const CHANGE_EVENT = 'portal:session-change';

const SESSION_USER_FIELDS = [
  '_id',
  'organization',
  'role',
  'first_name',
  'last_name',
  'verified',
  'verificationStatus',
  'verification_status',
  'requires_intake',
  'complete_intake',
  'mobile_verified',
  'has_card_source',
  'membership',
  'feature_flags',
] as const satisfies readonly (keyof Patient)[];

/** What the browser keeps of the signed-in patient between visits. */
export type SessionUser = Pick<Patient, (typeof SESSION_USER_FIELDS)[number]>;

export function toSessionUser(patient: Patient): SessionUser {
  return Object.fromEntries(SESSION_USER_FIELDS.map((field) => [field, patient[field]])) as SessionUser;
}

let cachedRaw: string | null = null;
let cachedUser: SessionUser | null = null;
/** The full record of the signed-in patient: in memory only. */
let patient: Patient | null = null;
/** When that record was last had from the server (a load, a login or a save that answered with it). */
let patientSavedAt = 0;

export function getToken(): string | null {
  return readStorage(STORAGE_KEYS.token);
}

/** The stored routing subset of the signed-in patient. */
export function getStoredUser(): SessionUser | null {
  const raw = readStorage(STORAGE_KEYS.user);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    const parsed = raw === null ? null : readJson<SessionUser>(STORAGE_KEYS.user);
    cachedUser = parsed && typeof parsed._id === 'string' ? parsed : null;
  }
  return cachedUser;
}

/**
 * The full record of the signed-in patient, once loaded in this tab; null when nobody is signed in, when it
 * was not loaded yet (the route guard loads it), or when another tab signed in as someone else.
 */
export function getSessionPatient(): Patient | null {
  const stored = getStoredUser();
  return stored && patient?._id === stored._id ? patient : null;
}

/** The session's full record of this patient and when it came from the server, if it is theirs. */
export function sessionPatientOf(userId: string): { patient: Patient; savedAt: number } | null {
  const current = getSessionPatient();
  return current?._id === userId ? { patient: current, savedAt: patientSavedAt } : null;
}

function notify(): void {
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function keep(user: Patient): void {
  patient = user;
  patientSavedAt = Date.now();
  writeJson(STORAGE_KEYS.user, toSessionUser(user));
}

export function saveSession(session: { token: string; user: Patient }): void {
  writeStorage(STORAGE_KEYS.token, session.token);
  keep(session.user);
  notify();
}

export function saveUser(user: Patient): void {
  keep(user);
  notify();
}

export function clearStoredToken(): void {
  removeStorage(STORAGE_KEYS.token);
  notify();
}

/** Forgets the signed-in patient. The organization and its settings stay: they belong to the site, not the patient. */
export function clearSession(): void {
  patient = null;
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

/** The signed-in patient's full record, re-rendering when it changes. */
export function useSessionUser(): Patient | null {
  return useSyncExternalStore(subscribeSession, getSessionPatient, () => null);
}
