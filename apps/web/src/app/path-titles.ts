import { matchPath, type Params } from 'react-router';

// The titles the root layout needs on every screen, the entry screens included (page-title.ts); the tables
// of the signed-in area's titles stay in route-meta.ts, which loads with that area's routes.

/** What a route tells its shell, the coming-soon screen and the document title. */
export interface ScreenHandle {
  /** The screen's name, shown by the coming-soon page and in the document title. */
  title?: string | ((params: Params) => string);
  /** Full width, no footer (001 §2: the messages page). */
  fullWidth?: boolean;
}

/** The dashboard's home page. */
export const HOME_TITLE = 'Home';

/**
 * Names of the screens whose routes give no title of their own (the account access screens, the dashboard's
 * home, the product and campaign entry pages), by path pattern, first match wins.
 */
export const PATH_TITLES: readonly [pattern: string, title: string][] = [
  ['/login', 'Log in'],
  ['/product/login/:productId', 'Log in'],
  ['/campaign/login/:campaignId', 'Log in'],
  ['/product/:type/:productId', 'Create your account'],
  ['/campaign/:type/:campaignId', 'Create your account'],
  ['/get-started', 'Create your account'],
  ['/request-password-reset', 'Reset your password'],
  ['/request-password-reset/:orgId/:userId/:resetToken', 'Choose a new password'],
  ['/dashboard/:userId/profile', HOME_TITLE],
];

/** The not-found page's name, for any path no route names. */
export const NOT_FOUND_TITLE = 'Page Not Found';

/** The name of the screen at `pathname` when its route gives none. */
export function titleForPath(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  return PATH_TITLES.find(([pattern]) => matchPath(pattern, path))?.[1] ?? NOT_FOUND_TITLE;
}

/** The document title: the page, then the clinic ("Subscriptions · Evergreen Longevity"). */
export function documentTitle(page: string, clinic: string): string {
  return page ? `${page} · ${clinic}` : clinic;
}
