import type { Intake } from '@portal/domain/contracts/intake';
import type { Order } from '@portal/domain/contracts/order';
import { labOrderToStart } from '@portal/domain/dashboard/widgets';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';

/**
 * The lab order the Labs widget starts (001 §2), from GET /orders/{org}/patient/{user} and
 * GET /intakes/{org}/patient/{user}; null hides the widget.
 */
export function labToStartQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['dashboard', userId, 'lab-to-start'] as const,
    queryFn: async ({ signal }) => {
      const org = requireOrganizationId();
      const [orders, intakes] = await Promise.all([
        apiRequest<Order[]>(`/orders/${seg(org)}/patient/${seg(userId)}`, { signal }),
        apiRequest<Intake[]>(`/intakes/${seg(org)}/patient/${seg(userId)}`, { signal }),
      ]);
      return labOrderToStart(orders, intakes);
    },
  });
}

/** POST /v2/orders/{orderId}/submit (002 §7.2): charges the default card and sends the order to the lab. */
export async function submitOrder(orderId: string): Promise<void> {
  await apiRequest<unknown>(`/v2/orders/${seg(orderId)}/submit`, { method: 'POST' });
}
