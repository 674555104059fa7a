import { needsVerification, verificationStatusOf } from '@portal/domain/verification/status';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { getAppointments } from '../api/appointment-reads';
import { getPatient } from '../api/patient-record';
import { FIRST_UNREAD_PAGE, NOTIFICATIONS_PATH, PATIENT_CONVERSATIONS_PATH } from '../api/shell-reads';
import { apiRequest, dropReadsAhead, readAhead } from '../lib/api-client';
import type { Patient } from '../lib/patient';
import { loginPathWithRedirect, safeRedirectPath } from '../lib/safe-redirect';
import { getSessionPatient, getStoredUser, getToken, saveUser } from '../lib/session';
import { logoutLocally } from '../lib/session-end';
import { tokenStatus, tokenSubject } from '../lib/token';
import { endsSession, userLoadError } from '../lib/user-load-error';
import { readAheadOfPage } from './read-ahead';

/** The pages of the signed-in shell, which carries the verification bar (the verification flow is not one). */
const SIGNED_IN_SHELL = /^\/(?:dashboard|orders|notifications|labs|appointments)(?:\/|$)/;

/**
 * On a first load the screen waits for the patient's record; what it shows first is read beside the record
 * rather than after it and the screen's code (the screen's same reads take these answers): the booked
 * verification calls of a patient the bar asks to verify (known from the stored subset), the shell's bell and
 * Messages dot, and the page's own first reads (read-ahead.ts).
 */
function readAheadOfScreen(request: Request, userId: string): Promise<unknown> | null {
  const stored = getStoredUser();
  const url = new URL(request.url);
  if (stored?._id !== userId || !SIGNED_IN_SHELL.test(url.pathname)) return null;
  let verificationCalls: Promise<unknown> | null = null;
  readAhead(() => {
    if (needsVerification(verificationStatusOf(stored)))
      verificationCalls = getAppointments(userId, 'user-verification');
    return Promise.all([
      verificationCalls,
      // the shell's bell and Messages dot, on every page it frames
      apiRequest(NOTIFICATIONS_PATH, { query: FIRST_UNREAD_PAGE }),
      apiRequest(PATIENT_CONVERSATIONS_PATH),
    ]);
  });
  readAheadOfPage(url, userId);
  return verificationCalls;
}

/** A first load's read of the patient's record, and what was read ahead beside it. */
type FirstLoad = { patient: Promise<Patient>; ahead: Promise<unknown> | undefined };

/**
 * One patient lookup at a time: parent and child loaders run together and may both need the user. The reads
 * ahead go out once with it: a second loader asking again must not send them twice.
 */
const pending = new Map<string, FirstLoad>();

function loadPatient(request: Request, userId: string): FirstLoad {
  let load = pending.get(userId);
  if (!load) {
    const patient = getPatient(userId, { handleUnauthorized: false }).finally(() => pending.delete(userId));
    // the verification bar's calls come back beside the record (a refusal is the bar's to handle): the shell's
    // first frame then draws the bar's message, rather than a frame after
    load = { patient, ahead: readAheadOfScreen(request, userId)?.catch(() => undefined) };
    pending.set(userId, load);
  }
  return load;
}

function toLogin(request: Request, expired = false): Response {
  const url = new URL(request.url);
  logoutLocally();
  return redirect(
    loginPathWithRedirect(`${url.pathname}${url.search}`, expired ? { expired: 'true' } : undefined),
  );
}

/**
 * The login guard (000 §2, 002 §2.1): a valid unexpired token is needed, else /login (keeping where the visitor
 * was going as redirectPath), or /login?expired=true for an expired token. The full patient record is kept in
 * memory only, so after a reload it is loaded again: for the route's userId, else the stored user's, else the
 * token's subject. If the server refuses it (a 4xx), the visitor goes to login; a network or server failure
 * shows its message in a heading instead (001 §8), keeping the session.
 */
export async function ensureSignedIn(request: Request, routeUserId?: string): Promise<Patient> {
  const token = getToken();
  const status = tokenStatus(token);
  if (status === 'expired') throw toLogin(request, true);
  if (status !== 'valid') throw toLogin(request);

  const current = getSessionPatient();
  if (current) return current;

  const userId = routeUserId ?? getStoredUser()?._id ?? tokenSubject(token);
  if (!userId) throw toLogin(request);
  const load = loadPatient(request, userId);
  try {
    const [user] = await Promise.all([load.patient, load.ahead]);
    saveUser(user);
    return user;
  } catch (error) {
    dropReadsAhead();
    if (endsSession(error)) throw toLogin(request);
    throw userLoadError(error);
  }
}

/** Where the clinic's staff work (issue 12 §1): they have no patient dashboard. */
export const CARE_HOME = '/care';

/**
 * Every role but the patient's is the clinic's (contracts/user). Not the domain's staff rules: those would
 * put the workspace's permissions in every patient's first download.
 */
export const isStaffRole = (role: string | undefined): boolean => Boolean(role) && role !== 'patient';

/** Where a signed-in user's home is: the dashboard for a patient, the clinic's workspace for its staff. */
export function homeOf(user: { _id: string; role?: string | undefined }): string {
  return isStaffRole(user.role) ? CARE_HOME : `/dashboard/${encodeURIComponent(user._id)}/profile`;
}

/** Loader of every signed-in, consultation, signup and shop route: a patient's pages, so staff go to /care. */
export async function requireAuth({ request, params }: LoaderFunctionArgs): Promise<null> {
  // before any load: the route's userId would otherwise load that patient's record as the session's user
  if (tokenStatus(getToken()) === 'valid' && isStaffRole(getStoredUser()?.role)) throw redirect(CARE_HOME);
  const user = await ensureSignedIn(request, params.userId);
  if (isStaffRole(user.role)) throw redirect(CARE_HOME);
  return null;
}

/** The page a patient who opens the clinic's workspace is shown instead. */
export const STAFF_ONLY_PATH = '/care/staff-only';

/** Loader of the care workspace: signed-in staff only; a patient is told the area is the clinic's. */
export async function requireStaff({ request }: LoaderFunctionArgs): Promise<null> {
  const user = await ensureSignedIn(request);
  if (!isStaffRole(user.role)) throw redirect(STAFF_ONLY_PATH);
  return null;
}

/** A signed-in patient on the general login page goes on at once (000 §4 Login). */
export function redirectSignedIn({ request }: LoaderFunctionArgs): null {
  const url = new URL(request.url);
  const query = url.searchParams;
  if (query.get('expired') === 'true' || query.has('token') || query.has('product')) return null;
  const user = getStoredUser();
  if (tokenStatus(getToken()) === 'valid' && user?._id) {
    throw redirect(safeRedirectPath(query.get('redirectPath')) ?? homeOf(user));
  }
  return null;
}
