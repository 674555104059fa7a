import { appointmentsRead } from '../api/appointment-reads';
import {
  incompleteIntakesPath,
  MEDICATION_CATALOGUE,
  PRODUCTS_PATH,
  patientIntakesPath,
  patientOrdersPath,
  subscriptionsPath,
  UNREAD_NOTIFICATIONS_QUERY,
} from '../api/dashboard-reads';
import { FIRST_NOTIFICATIONS_PAGE, LAB_PANELS_PATH, PURCHASES_PATH } from '../api/page-reads';
import { NOTIFICATIONS_PATH } from '../api/shell-reads';
import { apiRequest, readAhead } from '../lib/api-client';

/**
 * The first reads of the dashboard's home page (its widgets, Visits in Review and the unread line appear
 * once these have answered), made ahead by the route guard on a first load, beside the patient's record:
 * the same calls the page's look-ups make first (by the same paths), so the page takes their answers. They
 * are made by path from the entry, not through the API modules, which would make them wait for the page's
 * code. The templates of the patient's visits (the Continue cards' and Visits in Review's) are named as the
 * visits reads' follow-ups: the server reads them as soon as it has the visits, in the same batch, instead
 * of a round trip later (decision 056). A call left out here is only made later.
 */
function readAheadDashboard(userId: string): void {
  const [appointments, coaching] = appointmentsRead(userId, 'coaching');
  readAhead(() =>
    Promise.all([
      apiRequest(subscriptionsPath(userId)),
      apiRequest(appointments, { query: coaching }),
      apiRequest(incompleteIntakesPath(userId), { follow: 'continue-templates' }),
      apiRequest(patientOrdersPath(userId)),
      apiRequest(patientIntakesPath(userId), { follow: 'review-templates' }),
      apiRequest(PRODUCTS_PATH, { query: MEDICATION_CATALOGUE }),
      apiRequest(NOTIFICATIONS_PATH, { query: UNREAD_NOTIFICATIONS_QUERY }),
    ]),
  );
}

/**
 * The first read of each signed-in page's usual view (its path without a query string), made ahead by the
 * route guard on a first load beside the patient's record, each page's in a request of its own so the record's
 * answer does not wait for it: the page's list then comes with its code instead of a round trip after it. The
 * same path and query as the page's own first read, which takes the answer. Pages not named read as usual.
 */
const PAGE_READS: [page: RegExp, read: (userId: string) => void][] = [
  [/^\/dashboard\/[^/]+\/profile\/?$/, readAheadDashboard],
  [
    /^\/dashboard\/[^/]+\/subscriptions\/?$/,
    (userId) => readAhead(() => apiRequest(subscriptionsPath(userId))),
  ],
  [/^\/orders\/?$/, () => readAhead(() => apiRequest(PURCHASES_PATH, { query: { page: 1 } }))],
  [
    /^\/dashboard\/[^/]+\/notifications\/?$/,
    () => readAhead(() => apiRequest(NOTIFICATIONS_PATH, { query: FIRST_NOTIFICATIONS_PAGE })),
  ],
  [
    /^\/dashboard\/[^/]+\/labs\/?$/,
    () => readAhead(() => apiRequest(LAB_PANELS_PATH, { query: { page: 1 } })),
  ],
  [
    /^\/dashboard\/[^/]+\/appointments\/?$/,
    (userId) => readAhead(() => apiRequest(...appointmentsRead(userId, undefined))),
  ],
];

/** Reads ahead what the page at `url` shows first, when it is one of {@link PAGE_READS} in its usual view. */
export function readAheadOfPage(url: URL, userId: string): void {
  if (url.search) return;
  PAGE_READS.find(([page]) => page.test(url.pathname))?.[1](userId);
}
