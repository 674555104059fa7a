import { isObjectId } from '@portal/domain/ids';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import type { CareScreen } from './care-screens';
import { InShellRouteErrorScreen, RouteErrorScreen } from './crash-screen';
import { redirectSignedIn, requireAuth, requireStaff } from './guards';
import { NotFoundContent, NotFoundPage } from './pages/not-found-page';
import { RootLayout } from './root-layout';
import {
  consultationAliasLoader,
  consultationLoader,
  dashboardPageLoader,
  labsAppLoader,
  labsAppPageLoader,
  labsListLoader,
  type SECTION_PAGE_SECTIONS,
  settingsSectionLoader,
  signupSectionLoader,
  toDashboardHome,
  toDashboardMessages,
  toGetStarted,
  toOrderDetails,
  toOrders,
  toProductLogin,
  verificationStepLoader,
} from './route-loaders';
import {
  CONSULTATION_SECTIONS,
  DASHBOARD_DETAIL_TITLES,
  DASHBOARD_PAGES,
  NOT_FOUND_TITLE,
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
const settingsPage = screen(() => import('../features/settings/pages/settings-page'));
const notificationsPage = screen(() => import('../features/notifications/pages/notifications-page'));
const messagesPage = screen(() => import('../features/messages/pages/messages-page'));
const labsPage = screen(() => import('../features/labs/pages/labs-page'));
const labAnalysisPage = screen(() => import('../features/labs/pages/lab-analysis-page'));
const labInstructionsPage = screen(() => import('../features/labs/pages/lab-instructions-page'));
const scheduleOnboardingPage = screen(
  () => import('../features/appointments/pages/schedule-onboarding-page'),
);
const ordersPage = screen(() => import('../features/orders/pages/orders-page'));
const checkoutPage = screen(() => import('../features/checkout/pages/checkout-page'));
const identityStepPage = screen(() => import('../features/identity/pages/identity-step-page'));
// the clinic's workspace: chunks of their own, reached only from the /care routes through care-screens.ts
const careScreen = (name: CareScreen) =>
  screen(async () => (await import('./care-screens')).CARE_SCREENS[name]());
const careShell = careScreen('shell');
const careQueuePage = careScreen('queue');
const careChartPage = careScreen('chart');
const careTasksPage = careScreen('tasks');
const careSchedulePage = careScreen('schedule');
const careAvailabilityPage = careScreen('availability');
const careFulfilmentPage = careScreen('fulfilment');
const careLabsPage = careScreen('labs');
const careLabReportPage = careScreen('labReport');
const careStaffPage = careScreen('staff');
const careAuditPage = careScreen('audit');
const careSettingsPage = careScreen('settings');
const careShopPage = careScreen('shop');
const careCataloguePage = careScreen('catalogue');
const careInboxPage = careScreen('inbox');
const careThreadPage = careScreen('thread');
const careInvitationPage = careScreen('invitation');
const staffOnlyPage = careScreen('staffOnly');

/** The screens of the sections with a page of their own (000 §2 Screens 6, 8, 9, 10). */
const SECTION_PAGES: Record<(typeof SECTION_PAGE_SECTIONS)[number], [string, RouteObject['lazy']]> = {
  'product-configure': [
    'Treatment Preferences',
    screen(() => import('../features/treatment/pages/treatment-preferences-page')),
  ],
  treatment: ['Add-on treatments', screen(() => import('../features/treatment/pages/add-ons-page'))],
  membership: ['Membership', screen(() => import('../features/treatment/pages/membership-page'))],
  'identification-step': ['Identity Verification', identityStepPage],
  checkout: ['Checkout', checkoutPage],
  'lab-checkout': ['Lab Checkout', checkoutPage],
};

/** /signup/{section} screens (002 §2.8–2.10, §4.5). */
const SIGNUP_PAGES: Record<string, RouteObject['lazy']> = {
  profile: screen(() => import('../features/signup/pages/signup-profile-page')),
  'lab-visit': screen(() => import('../features/signup/pages/lab-visit-page')),
  'protocol-preference': screen(() => import('../features/signup/pages/protocol-preference-page')),
  checkout: screen(() => import('../features/signup/pages/signup-checkout-page')),
  questions: screen(() => import('../features/signup/pages/lifestyle-questions-page')),
};

const soon = (path: string, title: ScreenHandle['title'], extra: Partial<RouteObject> = {}): RouteObject =>
  ({ path, lazy: comingSoon, handle: { title } satisfies ScreenHandle, ...extra }) as RouteObject;

/** A page the dashboard does not have is a 404 (dashboardPageLoader), and its title says so. */
const dashboardTitle: ScreenHandle['title'] = (p) => titleFrom(DASHBOARD_PAGES, p.page, NOT_FOUND_TITLE);
const dashboardDetailTitle: ScreenHandle['title'] = (p) =>
  titleFrom(DASHBOARD_DETAIL_TITLES, p.page, titleFrom(DASHBOARD_PAGES, p.page, NOT_FOUND_TITLE));
/** /orders/{orderId} is one order; anything else under /orders/ is the orders app's not-found page. */
const ordersAppTitle: ScreenHandle['title'] = (p) => {
  const rest = (p['*'] ?? '').replace(/\/+$/, '');
  if (!rest) return 'Orders';
  return isObjectId(rest) ? (DASHBOARD_DETAIL_TITLES.orders ?? 'Order') : NOT_FOUND_TITLE;
};
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

/** The new labs app (002 §2.3), mounted for labs2 patients only; each screen is its own chunk. */
const labsApp = (load: () => Promise<{ default: ComponentType }>) => screen(load);
const labsHomePage = labsApp(() => import('../features/labs/app/pages/labs-home-page'));
const panelOverviewPage = labsApp(() => import('../features/labs/app/pages/panel-overview-page'));
const LABS_APP: [string, string, RouteObject['lazy']][] = [
  ['labs', 'Labs', labsHomePage],
  ['labs/shop', 'Labs Shop', labsHomePage],
  ['labs/:panelId', 'Lab Panel', panelOverviewPage],
  [
    'labs/:panelId/history',
    'Lab History',
    labsApp(() => import('../features/labs/app/pages/panel-history-page')),
  ],
  ['labs/:panelId/history/:reportId', 'Lab Report', panelOverviewPage],
  [
    'labs/:panelId/biomarker/:biomarkerId',
    'Biomarker',
    labsApp(() => import('../features/labs/app/pages/biomarker-page')),
  ],
  [
    'labs/:panelId/categories/:slug',
    'Biomarker Category',
    labsApp(() => import('../features/labs/app/pages/category-page')),
  ],
  [
    'labs/:panelId/biomarkers',
    'Biomarkers',
    labsApp(() => import('../features/labs/app/pages/biomarkers-page')),
  ],
  [
    'labs/:panelId/analysis-summary/:reportId',
    'Analysis Summary',
    labsApp(() => import('../features/labs/app/pages/analysis-summary-page')),
  ],
  [
    'labs/:panelId/analysis-summary/:reportId/history',
    'Analysis History',
    labsApp(() => import('../features/labs/app/pages/analysis-history-page')),
  ],
  [
    'labs/:panelId/preparation-guideline',
    'Preparation Guideline',
    labsApp(() => import('../features/labs/app/pages/preparation-page')),
  ],
  [
    'labs/:panelId/biological-age',
    'Biological Age',
    labsApp(() => import('../features/labs/app/pages/biological-age-page')),
  ],
  [
    'labs/:panelId/assessment-overview/:step',
    'Assessment Overview',
    labsApp(() => import('../features/labs/app/pages/assessment-overview-page')),
  ],
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
          // a page's error shows inside the shell: an unknown page's 404 keeps the navigation (also below)
          {
            ErrorBoundary: InShellRouteErrorScreen,
            children: [
              { path: 'dashboard', loader: toDashboardHome, Component: Redirecting },
              { path: 'dashboard/:userId', loader: toDashboardHome, Component: Redirecting },
              {
                path: 'dashboard/:userId/profile',
                lazy: screen(() => import('../features/dashboard/pages/profile-page')),
              },
              {
                path: 'dashboard/:userId/messages',
                lazy: messagesPage,
                handle: { title: 'Messages', fullWidth: true } satisfies ScreenHandle,
              },
              { path: 'dashboard/:userId/orders', loader: toOrders, Component: Redirecting },
              {
                path: 'dashboard/:userId/labs',
                lazy: labsPage,
                loader: labsListLoader,
                handle: { title: 'Labs' } satisfies ScreenHandle,
              },
              {
                path: 'dashboard/:userId/lab-analysis/:reportId',
                lazy: labAnalysisPage,
                handle: { title: DASHBOARD_DETAIL_TITLES['lab-analysis'] } satisfies ScreenHandle,
              },
              { path: 'dashboard/:userId/settings', lazy: settingsPage, handle: { title: 'Settings' } },
              {
                path: 'dashboard/:userId/settings/:section',
                lazy: settingsPage,
                loader: settingsSectionLoader,
                handle: {
                  title: (p) => `Settings: ${titleFrom(SETTINGS_SECTIONS, p.section, '')}`,
                } satisfies ScreenHandle,
              },
              {
                path: 'dashboard/:userId/subscriptions',
                lazy: screen(() => import('../features/subscriptions/pages/subscriptions-page')),
                handle: { title: 'Subscriptions' },
              },
              {
                path: 'dashboard/:userId/notifications',
                lazy: notificationsPage,
                handle: { title: 'Notifications' },
              },
              {
                path: 'dashboard/:userId/appointments',
                lazy: screen(() => import('../features/appointments/pages/appointments-page')),
                handle: { title: 'Appointments' } satisfies ScreenHandle,
              },
              {
                path: 'dashboard/:userId/schedule-onboarding',
                lazy: scheduleOnboardingPage,
                handle: { title: 'Schedule Onboarding' } satisfies ScreenHandle,
              },
              {
                path: 'dashboard/:userId/providers',
                lazy: screen(() => import('../features/appointments/pages/providers-page')),
                handle: { title: 'Providers' } satisfies ScreenHandle,
              },
              soon('dashboard/:userId/:page', dashboardTitle, { loader: dashboardPageLoader }),
              // one item of a page that lists items (002 §2.1); an order lives in the orders app
              { path: 'dashboard/:userId/orders/:id', loader: toOrderDetails, Component: Redirecting },
              {
                path: 'dashboard/:userId/subscriptions/:id',
                lazy: screen(() => import('../features/subscriptions/pages/subscription-detail-page')),
                handle: { title: DASHBOARD_DETAIL_TITLES.subscriptions } satisfies ScreenHandle,
              },
              {
                path: 'dashboard/:userId/notifications/:id',
                lazy: screen(() => import('../features/notifications/pages/notification-detail-page')),
                handle: { title: DASHBOARD_DETAIL_TITLES.notifications } satisfies ScreenHandle,
              },
              // appointments and one lab get their own routes here when built
              soon('dashboard/:userId/:page/:id', dashboardDetailTitle, { loader: dashboardPageLoader }),
              {
                path: 'dashboard/:userId/:page/intake/:intakeId/:section',
                // the title comes with the screen: the section names are the visit's stage labels, which the
                // entry would otherwise carry for every first screen
                lazy: async () => {
                  const page = await import('../features/dashboard/pages/visit-review-page');
                  return {
                    Component: page.default,
                    handle: { title: page.screenTitle } satisfies ScreenHandle,
                  };
                },
                loader: dashboardPageLoader,
              },
              { path: 'notifications', lazy: notificationsPage, handle: { title: 'Notifications' } },
              { path: 'messages', loader: toDashboardMessages, Component: Redirecting },
              { path: 'messages/:userId', loader: toDashboardMessages, Component: Redirecting },
              {
                path: 'messages/:userId/:conversationId',
                loader: toDashboardMessages,
                Component: Redirecting,
              },
              // Message Us (001 §2): opens the conversation, which is the messages page
              { path: 'messages/:userId/new', loader: toDashboardMessages, Component: Redirecting },
              { path: 'orders', lazy: ordersPage, handle: { title: 'Orders' } },
              {
                path: 'orders/*',
                lazy: ordersPage,
                handle: { title: ordersAppTitle } satisfies ScreenHandle,
              },
              {
                loader: labsAppLoader,
                ErrorBoundary: InShellRouteErrorScreen,
                children: [
                  ...LABS_APP.map(
                    ([path, title, lazy]): RouteObject => ({
                      path,
                      lazy,
                      loader: labsAppPageLoader,
                      handle: { title } satisfies ScreenHandle,
                    }),
                  ),
                  soon('appointments', 'Appointments'),
                  { path: 'labs/*', Component: NotFoundContent },
                ],
              },

              // an unknown page of the dashboard keeps the shell around the not-found content
              {
                path: 'dashboard/*',
                Component: NotFoundContent,
                handle: { title: NOT_FOUND_TITLE } satisfies ScreenHandle,
              },
            ],
          },
        ],
      },

      // full-page flows with their own navigation bar
      {
        loader: requireAuth,
        lazy: focusShell,
        children: [
          {
            ErrorBoundary: InShellRouteErrorScreen,
            children: [
              {
                path: 'shop',
                lazy: screen(() => import('../features/shop/pages/shop-page')),
                handle: { title: 'Shop' } satisfies ScreenHandle,
              },
              // the lab confirmation (002 §2.5): with an order id the order's success page, otherwise instructions
              ...['lab-instructions', 'lab-instructions/:orderId'].map((path) => ({
                path,
                lazy: labInstructionsPage,
                handle: { title: 'Getting Started with Labs' } satisfies ScreenHandle,
              })),
              {
                path: 'appointment/cb',
                lazy: screen(() => import('../features/appointments/pages/appointment-callback-page')),
                handle: { title: 'Appointment Booking' } satisfies ScreenHandle,
              },
              {
                path: 'schedule-onboarding',
                lazy: scheduleOnboardingPage,
                handle: { title: 'Schedule Onboarding' } satisfies ScreenHandle,
              },
              {
                path: 'schedule-subscription/:subscriptionId',
                lazy: screen(() => import('../features/subscriptions/pages/schedule-subscription-page')),
                handle: { title: 'Schedule Subscription' } satisfies ScreenHandle,
              },
              {
                path: 'schedule-coaching/:coachingMembershipId',
                lazy: screen(() => import('../features/identity/pages/schedule-coaching-page')),
                handle: { title: 'Schedule Coaching' } satisfies ScreenHandle,
              },
            ],
          },
        ],
      },

      // the consultation funnel and signup flows
      {
        loader: requireAuth,
        lazy: consultationShell,
        children: [
          {
            ErrorBoundary: InShellRouteErrorScreen,
            children: [
              ...Object.entries(SIGNUP_PAGES).flatMap(([section, lazy]) =>
                ['', '/:productTemplateId'].map(
                  (suffix) =>
                    ({
                      path: `signup/${section}${suffix}`,
                      lazy,
                      handle: { title: titleFrom(SIGNUP_SECTIONS, section, 'Signup') } satisfies ScreenHandle,
                    }) as RouteObject,
                ),
              ),
              soon('signup/:section', (p) => titleFrom(SIGNUP_SECTIONS, p.section, 'Signup'), {
                loader: signupSectionLoader,
              }),
              {
                path: 'start/:intakeTemplateId/p/:productTemplateId',
                lazy: startIntakePage,
                handle: { title: 'Starting Your Visit' } satisfies ScreenHandle,
              },
              {
                path: 'verification/:userId/:steps',
                lazy: identityStepPage,
                loader: verificationStepLoader,
                handle: {
                  title: (p) => titleFrom(VERIFICATION_STEPS, p.steps, 'Verification'),
                } satisfies ScreenHandle,
              },
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
              // identification-step-alt: the checkout section with a photo type is the identity step (000 §2)
              ...Object.entries(SECTION_PAGES).flatMap(([section, [title, lazy]]) =>
                CONSULTATION_SUFFIXES.map((suffix) =>
                  section === 'checkout' && suffix.includes('/t/')
                    ? consultationScreen(
                        `consultation/${section}/:intakeId${suffix}`,
                        'Identity Verification',
                        identityStepPage,
                      )
                    : consultationScreen(`consultation/${section}/:intakeId${suffix}`, title, lazy),
                ),
              ),
              ...CONSULTATION_BASES.flatMap((base) =>
                CONSULTATION_SUFFIXES.map((suffix) =>
                  base === PROTOCOL_SELECTION_BASE
                    ? consultationScreen(base + suffix, 'Select your protocol', protocolSelectionPage)
                    : soon(base + suffix, consultationTitle, { loader: consultationAliasLoader }),
                ),
              ),
            ],
          },
        ],
      },

      // the clinic's workspace (issue 12 §8): staff only; a patient is told so
      {
        path: 'care/staff-only',
        lazy: staffOnlyPage,
        handle: { title: 'Clinic staff only' } satisfies ScreenHandle,
      },
      // an invited staff member is not signed in yet: the invitation page stands outside the workspace
      {
        path: 'care/invitation/:invitationId/:token',
        lazy: careInvitationPage,
        handle: { title: 'Join the care team' } satisfies ScreenHandle,
      },
      {
        path: 'care',
        loader: requireStaff,
        lazy: careShell,
        children: [
          { index: true, lazy: careQueuePage, handle: { title: 'Review queue' } satisfies ScreenHandle },
          {
            path: 'patients/:patientId',
            lazy: careChartPage,
            handle: { title: 'Patient chart' } satisfies ScreenHandle,
          },
          { path: 'messages', lazy: careInboxPage, handle: { title: 'Messages' } satisfies ScreenHandle },
          {
            path: 'messages/:conversationId',
            lazy: careThreadPage,
            handle: { title: 'Conversation' } satisfies ScreenHandle,
          },
          { path: 'tasks', lazy: careTasksPage, handle: { title: 'Tasks' } satisfies ScreenHandle },
          {
            path: 'schedule',
            lazy: careSchedulePage,
            handle: { title: 'Schedule' } satisfies ScreenHandle,
          },
          {
            path: 'schedule/availability/:physicianId',
            lazy: careAvailabilityPage,
            handle: { title: 'Availability' } satisfies ScreenHandle,
          },
          {
            path: 'fulfilment',
            lazy: careFulfilmentPage,
            handle: { title: 'Fulfilment' } satisfies ScreenHandle,
          },
          { path: 'labs', lazy: careLabsPage, handle: { title: 'Labs' } satisfies ScreenHandle },
          {
            path: 'labs/:reportId',
            lazy: careLabReportPage,
            handle: { title: 'Lab report' } satisfies ScreenHandle,
          },
          { path: 'staff', lazy: careStaffPage, handle: { title: 'Staff' } satisfies ScreenHandle },
          { path: 'audit', lazy: careAuditPage, handle: { title: 'Audit trail' } satisfies ScreenHandle },
          {
            path: 'settings',
            lazy: careSettingsPage,
            handle: { title: 'Clinic settings' } satisfies ScreenHandle,
          },
          { path: 'shop', lazy: careShopPage, handle: { title: 'Shop' } satisfies ScreenHandle },
          {
            path: 'catalogue',
            lazy: careCataloguePage,
            handle: { title: 'Catalogue' } satisfies ScreenHandle,
          },
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
