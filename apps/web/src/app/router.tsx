import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { redirectSignedIn, toGetStarted, toProductLogin } from './entry-loaders';
import { LazyRouteErrorScreen } from './error-boundaries';
import { NotFoundPage } from './pages/not-found-page';
import { RootLayout } from './root-layout';
import { Redirecting, screen } from './route-kit';

const authShell = screen(() => import('./shells/auth-shell'));
const loginPage = screen(() => import('../features/auth/pages/login-page'));
const signupPage = screen(() => import('../features/auth/pages/signup-page'));

/** The root route with the entry screens (login, signup, password reset) and the not-found page. */
export function rootRoute(branches: RouteObject[] = []): RouteObject {
  return {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: LazyRouteErrorScreen,
    HydrateFallback: PageSpinner,
    children: [
      { index: true, loader: toGetStarted, Component: Redirecting },
      { path: 'product/:productId', loader: toProductLogin, Component: Redirecting },

      // account access: the auth container
      {
        lazy: authShell,
        children: [
          { path: 'login', loader: redirectSignedIn, lazy: loginPage },
          { path: 'product/login/:productId', lazy: loginPage },
          { path: 'campaign/login/:campaignId', lazy: loginPage },
          { path: 'product/:type/:productId', lazy: loginPage },
          { path: 'campaign/:type/:campaignId', lazy: loginPage },
          { path: 'get-started', lazy: signupPage },
          {
            path: 'request-password-reset',
            lazy: screen(() => import('../features/auth/pages/request-reset-page')),
          },
          {
            path: 'request-password-reset/:orgId/:userId/:resetToken',
            lazy: screen(() => import('../features/auth/pages/new-password-page')),
          },
        ],
      },

      ...branches,
      { path: '*', Component: NotFoundPage },
    ],
  };
}

/**
 * The app's router. The first table holds the entry routes; the rest of the documents' table
 * (`app-routes.tsx`) is patched in on the first navigation that the entry routes do not match exactly (the
 * not-found splat matches every path, so React Router asks), before that navigation's loaders run.
 */
export function createAppRouter() {
  let patched: Promise<void> | null = null;
  return createBrowserRouter([rootRoute()], {
    patchRoutesOnNavigation({ patch }) {
      patched ??= import('./app-routes').then(({ appBranches }) => patch('root', appBranches));
      return patched;
    },
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
