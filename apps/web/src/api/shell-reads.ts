import { NOTIFICATIONS_PAGE_SIZE } from '@portal/domain/constants';

/**
 * The reads of the signed-in shell itself, whatever the page: the bell's first page of unread notifications
 * and the patient's conversation behind the Messages dot. Paths and queries only (no answer types, no query
 * options), so the route guard in the entry can read them ahead on a first load without bringing the
 * notifications and messaging modules into it; those modules build their reads from the same constants.
 */
export const NOTIFICATIONS_PATH = '/v2/notifications';
export const PATIENT_CONVERSATIONS_PATH = '/v2/conversations/patient';

/** The query of the bell's first page (its "unread" list), in the order the notifications list builds it. */
export const FIRST_UNREAD_PAGE = { page: 1, limit: NOTIFICATIONS_PAGE_SIZE, read: 'false' } as const;
