import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { RouteErrorScreen } from './crash-screen';
import { redirectSignedIn, requireAuth } from './guards';
import { NotFoundContent, NotFoundPage } from './pages/not-found-page';
import { RootLayout } from './root-layout';
import {
  consultationLoader,
  dashboardPageLoader,
  labsAppLoader,
  labsListLoader,
  settingsSectionLoader,
  signupSectionLoader,
  toDashboardHome,
  toDashboardMessages,
  toGetStarted,
  toOrders,
  toProductLogin,
  verificationStepLoader,
} from './route-loaders';
import {
  CONSULTATION_SECTIONS,
  DASHBOARD_PAGES,
  type ScreenHandle,
  SETTINGS_SECTIONS,
  SIGNUP_SECTIONS,
  titleFrom,
  VERIFICATION_STEPS,
} from './route-meta';

/** Routes that only redirect render nothing (their loader always redirects). */
const Redirecting = () => null;

/** Every screen is its own chunk, loaded when its route matches. */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const authShell = screen(() => import('./shells/auth-shell'));
const signedInShell = screen(() => import('./shells/signed-in-shell'));
const focusShell = screen(() => import('./shells/focus-shell'));
const consultationShell = screen(() => import('./shells/consultation-shell'));
const loginPage = screen(() => import('../features/auth/pages/login-page'));
const signupPage = screen(() => import('../features/auth/pages/signup-page'));
const comingSoon = screen(() => import('./pages/coming-soon-page'));
const startIntakePage = screen(() => import('../features/consultation/pages/start-intake-page'));
const hiwPage = screen(() => import('../features/consultation/pages/hiw-page'));
const profileStepPage = screen(() => import('../features/consultation/pages/profile-step-page'));
const protocolSelectionPage = screen(() => import('../features/consultation/pages/protocol-selection-page'));
const pharmacyOverviewPage = screen(() => import('../features/consultation/pages/pharmacy-overview-page'));
const pharmacyQuestionsPage = screen(() => import('../features/consultation/pages/pharmacy-questions-page'));
const intakeQuestionPage = screen(() => import('../features/consultation/pages/intake-question-page'));

const soon = (path: string, title: ScreenHandle['title'], extra: Partial<RouteObject> = {}): RouteObject =>
  ({ path, lazy: comingSoon, handle: { title } satisfies ScreenHandle, ...extra }) as RouteObject;

const dashboardTitle: ScreenHandle['title'] = (p) => titleFrom(DASHBOARD_PAGES, p.page, 'Dashboard');
const consultationTitle: ScreenHandle['title'] = (p) =>
  titleFrom(CONSULTATION_SECTIONS, p.section ?? 'protocol-selection', 'Your Visit');

/** Consultation paths (000 §2) and their optional suffixes for membership, lab product, product and photo type. */
const CONSULTATION_BASES = [
  'consultation/:section/:userId/:intakeId/question/:questionId',
  'consultation/protocol-selection/:intakeId',
  'consultation/:section/:intakeId',
];
const PROTOCOL_SELECTION_BASE = 'consultation/protocol-selection/:intakeId';

/** Consultation screens built so far; the other sections show the coming-soon page. */
const consultationScreen = (path: string, title: string, lazy: RouteObject['lazy']): RouteObject =>
  ({ path, lazy, loader: consultationLoader, handle: { title } satisfies ScreenHandle }) as RouteObject;
const CONSULTATION_SUFFIXES = [
  '',
  '/m/:membershipId',
  '/l/:labProductId',
  '/p/:productTemplateId/:product',
  '/p/:productTemplateId/:product/t/:photoType',
  '/t/:photoType',
];

/** The new labs app (002 §2.3), mounted for labs2 patients only. */
const LABS_APP: [string, string][] = [
  ['labs', 'Labs'],
  ['labs/shop', 'Labs Shop'],
  ['labs/:panelId', 'Lab Panel'],
  ['labs/:panelId/history', 'Lab History'],
  ['labs/:panelId/history/:reportId', 'Lab Report'],
  ['labs/:panelId/biomarker/:biomarkerId', 'Biomarker'],
  ['labs/:panelId/categories/:slug', 'Biomarker Category'],
  ['labs/:panelId/biomarkers', 'Biomarkers'],
  ['labs/:panelId/analysis-summary/:reportId', 'Analysis Summary'],
  ['labs/:panelId/analysis-summary/:reportId/history', 'Analysis History'],
  ['labs/:panelId/preparation-guideline', 'Preparation Guideline'],
  ['labs/:panelId/biological-age', 'Biological Age'],
  ['labs/:panelId/assessment-overview/:step', 'Assessment Overview'],
];

/** The complete route table of the three documents (000 §2, 001 §2, 002 §2.1 and §2.3). */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteErrorScreen,
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

      // the signed-in area
      {
        loader: requireAuth,
        lazy: signedInShell,
        children: [
          { path: 'dashboard', loader: toDashboardHome, Component: Redirecting },
          { path: 'dashboard/:userId', loader: toDashboardHome, Component: Redirecting },
          {
            path: 'dashboard/:userId/profile',
            lazy: screen(() => import('../features/dashboard/pages/profile-page')),
          },
          soon('dashboard/:userId/messages', 'Messages', { handle: { title: 'Messages', fullWidth: true } }),
          { path: 'dashboard/:userId/orders', loader: toOrders, Component: Redirecting },
          soon('dashboard/:userId/labs', 'Labs', { loader: labsListLoader }),
          soon('dashboard/:userId/settings', 'Settings'),
          soon(
            'dashboard/:userId/settings/:section',
            (p) => `Settings: ${titleFrom(SETTINGS_SECTIONS, p.section, '')}`,
            {
              loader: settingsSectionLoader,
            },
          ),
          soon('dashboard/:userId/:page', dashboardTitle, { loader: dashboardPageLoader }),
          soon('dashboard/:userId/:page/:id', dashboardTitle, { loader: dashboardPageLoader }),
          soon('dashboard/:userId/:page/intake/:intakeId/:section', dashboardTitle, {
            loader: dashboardPageLoader,
          }),
          soon('notifications', 'Notifications'),
          { path: 'messages', loader: toDashboardMessages, Component: Redirecting },
          { path: 'messages/:userId', loader: toDashboardMessages, Component: Redirecting },
          { path: 'messages/:userId/:conversationId', loader: toDashboardMessages, Component: Redirecting },
          soon('messages/:userId/new', 'New Message', { handle: { title: 'New Message', fullWidth: true } }),
          soon('orders', 'Orders'),
          soon('orders/*', 'Orders'),
          {
            loader: labsAppLoader,
            children: [
              ...LABS_APP.map(([path, title]) => soon(path, title)),
              soon('appointments', 'Appointments'),
              { path: 'labs/*', Component: NotFoundContent },
            ],
          },
        ],
      },

      // full-page flows with their own navigation bar
      {
        loader: requireAuth,
        lazy: focusShell,
        children: [
          soon('shop', 'Shop'),
          soon('lab-instructions', 'Getting Started with Labs'),
          soon('lab-instructions/:orderId', 'Getting Started with Labs'),
          soon('appointment/cb', 'Appointment Booking'),
          soon('schedule-onboarding', 'Schedule Onboarding'),
          soon('schedule-subscription/:subscriptionId', 'Schedule Subscription'),
          soon('schedule-coaching/:coachingMembershipId', 'Schedule Coaching'),
        ],
      },

      // the consultation funnel and signup flows
      {
        loader: requireAuth,
        lazy: consultationShell,
        children: [
          soon('signup/:section', (p) => titleFrom(SIGNUP_SECTIONS, p.section, 'Signup'), {
            loader: signupSectionLoader,
          }),
          soon('signup/:section/:productTemplateId', (p) => titleFrom(SIGNUP_SECTIONS, p.section, 'Signup'), {
            loader: signupSectionLoader,
          }),
          {
            path: 'start/:intakeTemplateId/p/:productTemplateId',
            lazy: startIntakePage,
            handle: { title: 'Starting Your Visit' } satisfies ScreenHandle,
          },
          soon('verification/:userId/:steps', (p) => titleFrom(VERIFICATION_STEPS, p.steps, 'Verification'), {
            loader: verificationStepLoader,
          }),
          consultationScreen(
            'consultation/hiw/:userId/:intakeId/question/:questionId',
            'How it Works',
            hiwPage,
          ),
          consultationScreen(
            'consultation/profile/:userId/:intakeId/question/:questionId',
            'Your Profile',
            profileStepPage,
          ),
          consultationScreen(
            'consultation/pharmacy-overview/:userId/:intakeId/question/:questionId',
            'Review Medical History',
            pharmacyOverviewPage,
          ),
          consultationScreen(
            'consultation/pharmacy-questions/:userId/:intakeId/question/:questionId',
            'Medical History',
            pharmacyQuestionsPage,
          ),
          consultationScreen(
            'consultation/intake/:userId/:intakeId/question/:questionId',
            'Medical Review',
            intakeQuestionPage,
          ),
          ...CONSULTATION_BASES.flatMap((base) =>
            CONSULTATION_SUFFIXES.map((suffix) =>
              base === PROTOCOL_SELECTION_BASE
                ? consultationScreen(base + suffix, 'Select your protocol', protocolSelectionPage)
                : soon(base + suffix, consultationTitle, { loader: consultationLoader }),
            ),
          ),
        ],
      },

      { path: '*', Component: NotFoundPage },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
