import { isObjectId } from '@portal/domain/ids';
import { labsDestination, latestLabPanelId } from '@portal/domain/navigation/labs-destination';
import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { getStoredUser } from '../lib/session';
import { ensureSignedIn } from './guards';
import {
  CONSULTATION_SECTIONS,
  DASHBOARD_PAGES,
  SETTINGS_SECTIONS,
  SIGNUP_SECTIONS,
  VERIFICATION_STEPS,
} from './route-meta';

const seg = encodeURIComponent;

function search(request: Request): string {
  return new URL(request.url).search;
}

function notFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

/** / -> /get-started, keeping the query (click ids and UTM values ride along). */
export function toGetStarted({ request }: LoaderFunctionArgs): Response {
  return redirect(`/get-started${search(request)}`);
}

/** /product/{id} -> its login variant /product/login/{id}. */
export function toProductLogin({ request, params }: LoaderFunctionArgs): Response {
  return redirect(`/product/login/${seg(params.productId ?? '')}${search(request)}`);
}

/** /messages, /messages/{userId}, /messages/{userId}/{conversationId} -> /dashboard/{userId}/messages. */
export async function toDashboardMessages({ request, params }: LoaderFunctionArgs): Promise<Response> {
  const userId = params.userId ?? (await ensureSignedIn(request))._id;
  return redirect(`/dashboard/${seg(userId)}/messages`);
}

/** /dashboard and /dashboard/{userId} -> the profile (home) page. */
export async function toDashboardHome({ request, params }: LoaderFunctionArgs): Promise<Response> {
  const userId = params.userId ?? (await ensureSignedIn(request))._id;
  return redirect(`/dashboard/${seg(userId)}/profile`);
}

/** The old orders route redirects immediately to /orders (001 §2). */
export function toOrders(): Response {
  return redirect('/orders');
}

/** One order under the old orders route goes to the same order in the orders app (/orders/{id}, 002 §2.1). */
export function toOrderDetails({ request, params }: LoaderFunctionArgs): Response {
  return redirect(`/orders/${seg(params.id ?? '')}${search(request)}`);
}

/** The old labs list sends labs2 patients to the new labs app (002 §2.2). */
export async function labsListLoader({ request, params }: LoaderFunctionArgs): Promise<Response | null> {
  const user = await ensureSignedIn(request, params.userId);
  if (!user.feature_flags?.labs2) return null;
  // the new overview: the latest panel when it counts (002 §2.2, §4.1), else the labs app's home
  // loaded here, not at the top, so the labs calls stay out of the entry chunk (the /login budget)
  const { getLabPanels } = await import('../api/labs');
  const panels = await getLabPanels(1, request.signal).catch(() => null);
  return redirect(
    labsDestination({ userId: user._id, labs2: true, latestPanelId: latestLabPanelId(panels?.docs ?? []) }),
  );
}

/** The new labs app mounts only for labs2 patients; others go to the old list (002 §2.3). */
export async function labsAppLoader({ request }: LoaderFunctionArgs): Promise<Response | null> {
  const user = await ensureSignedIn(request);
  return user.feature_flags?.labs2 ? null : redirect(`/dashboard/${seg(user._id)}/labs`);
}

/** A labs-app page whose panel or report id is not an id is the labs app's not-found page (002 §2.1). */
export function labsAppPageLoader({ params }: LoaderFunctionArgs): null {
  for (const id of [params.panelId, params.reportId]) if (id !== undefined && !isObjectId(id)) notFound();
  return null;
}

export function dashboardPageLoader({ params }: LoaderFunctionArgs): null {
  if (!params.page || !(params.page in DASHBOARD_PAGES)) notFound();
  return null;
}

export function settingsSectionLoader({ params }: LoaderFunctionArgs): null {
  if (!params.section || !(params.section in SETTINGS_SECTIONS)) notFound();
  return null;
}

export function signupSectionLoader({ params }: LoaderFunctionArgs): null {
  if (!params.section || !(params.section in SIGNUP_SECTIONS)) notFound();
  return null;
}

export function verificationStepLoader({ params }: LoaderFunctionArgs): null {
  if (!params.steps || !(params.steps in VERIFICATION_STEPS)) notFound();
  return null;
}

/**
 * Consultation screens: an unknown section is a 404; an invalid intakeId redirects to the dashboard profile
 * page (000 §2). Whether the intake exists is checked by the screens once they load it.
 */
export function consultationLoader({ params, request }: LoaderFunctionArgs): Response | null {
  const section = params.section ?? 'protocol-selection';
  if (!(section in CONSULTATION_SECTIONS)) notFound();
  if (!isObjectId(params.intakeId)) {
    const userId = params.userId ?? getStoredUser()?._id;
    return redirect(
      userId
        ? `/dashboard/${seg(userId)}/profile`
        : `/login?redirectPath=${seg(new URL(request.url).pathname)}`,
    );
  }
  return null;
}

export { SECTION_PAGE_SECTIONS } from './route-meta';

/**
 * Consultation paths in their other spellings (000 §2 lists both bases for every section): each goes to the
 * path its screen lives at. The app's own links use the screens' paths, so the mapping loads only when an
 * other spelling is opened (consultation-aliases.ts), not with every first screen.
 */
export async function consultationAliasLoader(args: LoaderFunctionArgs): Promise<Response | null> {
  const guard = consultationLoader(args);
  if (guard) return guard;
  return (await import('./consultation-aliases')).aliasRedirect(args);
}
