import { type LoaderFunctionArgs, redirect } from 'react-router';
import { safeRedirectPath } from '../lib/safe-redirect';
import { getStoredUser, getToken } from '../lib/session';
import { tokenStatus } from '../lib/token';

// The loaders of the entry routes (router.tsx). Kept apart from the guards and the signed-in area's
// loaders, which load with the rest of the route table, so the login screen carries only these.

/** Where the clinic's staff work (issue 12 §1): they have no patient dashboard. */
export const CARE_HOME = '/care';

/**
 * Every role but the patient's is the clinic's (contracts/user). Not the domain's staff rules: those would
 * put the workspace's permissions in every patient's first download.
 */
export const isStaffRole = (role: string | undefined): boolean => Boolean(role) && role !== 'patient';

const seg = encodeURIComponent;
const search = (request: Request) => new URL(request.url).search;

/** / -> /get-started, keeping the query (click ids and UTM values ride along). */
export function toGetStarted({ request }: LoaderFunctionArgs): Response {
  return redirect(`/get-started${search(request)}`);
}

/** /product/{id} -> its login variant /product/login/{id}. */
export function toProductLogin({ request, params }: LoaderFunctionArgs): Response {
  return redirect(`/product/login/${seg(params.productId ?? '')}${search(request)}`);
}

/** A signed-in patient on the general login page goes on at once (000 §4 Login). */
export function redirectSignedIn({ request }: LoaderFunctionArgs): null {
  const url = new URL(request.url);
  const query = url.searchParams;
  if (query.get('expired') === 'true' || query.has('token') || query.has('product')) return null;
  const user = getStoredUser();
  if (tokenStatus(getToken()) === 'valid' && user?._id) {
    const home = isStaffRole(user.role) ? CARE_HOME : `/dashboard/${encodeURIComponent(user._id)}/profile`;
    throw redirect(safeRedirectPath(query.get('redirectPath')) ?? home);
  }
  return null;
}
