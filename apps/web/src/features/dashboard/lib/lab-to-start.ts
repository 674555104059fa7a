import { labOrderToStart } from '@portal/domain/dashboard/widgets';
import { queryOptions } from '@tanstack/react-query';
import { getOrders } from '../../../api/orders';
import { dashboardKeys } from '../../../api/view-keys';
import { getPatientIntakes } from './patient-intakes';

/**
 * The lab order the Labs widget starts (001 §2), from the patient's orders and intakes; null hides the
 * widget.
 */
export function labToStartQueryOptions(userId: string) {
  return queryOptions({
    queryKey: dashboardKeys.labToStart(userId),
    queryFn: async ({ signal }) => {
      const [orders, intakes] = await Promise.all([getOrders(userId, signal), getPatientIntakes(userId)]);
      return labOrderToStart(orders, intakes);
    },
  });
}
