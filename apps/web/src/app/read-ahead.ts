import { getAppointments } from '../api/appointments';
import { getIncompleteIntakes, getIntakes } from '../api/intakes';
import { getUnreadNotifications } from '../api/notifications';
import { getOrders } from '../api/orders';
import { getProductCatalogue } from '../api/products';
import { getSubscriptions } from '../api/subscriptions';
import { readAhead } from '../lib/api-client';

/**
 * The first reads of the dashboard's home page (its widgets, Visits in Review and the unread line appear
 * once these have answered), made ahead by the route guard on a first load: the same calls the page's
 * look-ups make first, so the page takes their answers. A call left out here is only made later.
 */
export function readAheadDashboard(userId: string): void {
  readAhead(() =>
    Promise.all([
      getSubscriptions(userId),
      getAppointments(userId, 'coaching'),
      getIncompleteIntakes(userId),
      getOrders(userId),
      getIntakes(userId),
      getProductCatalogue('medication', 50),
      getUnreadNotifications(),
    ]),
  );
}
