import { NOTIFICATIONS_PAGE_SIZE } from '@portal/domain/constants';

/**
 * Paths and queries of signed-in pages' first reads, free of the query library and the answers' types: the
 * API modules read with them, and the route guard in the entry reads them ahead on a first load
 * (app/read-ahead.ts) without bringing those modules into the first download.
 */

/** GET /v2/users/purchases-showcase (002 §7.2): the Orders page's list. */
export const PURCHASES_PATH = '/v2/users/purchases-showcase';

/** GET /v2/labs/patient/panels (002 §4.1): the patient's lab panels. */
export const LAB_PANELS_PATH = '/v2/labs/patient/panels';

/** The query of the Notifications page's first page of all notifications, in the order the list builds it. */
export const FIRST_NOTIFICATIONS_PAGE = { page: 1, limit: NOTIFICATIONS_PAGE_SIZE } as const;
