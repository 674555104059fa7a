import type { CreateOrderBody, Order } from '@portal/domain/contracts/order';
import { apiRequest, seg } from '../../../lib/api-client';

/** POST /v2/orders/patient (002 §7.2): a one-time order of a priced product. */
export function createOrder(body: CreateOrderBody): Promise<Order> {
  return apiRequest<Order>('/v2/orders/patient', { method: 'POST', body });
}

/** POST /v2/orders/{orderId}/submit (002 §7.2): charges the card on file for the order. */
export function submitOrder(orderId: string): Promise<Order> {
  return apiRequest<Order>(`/v2/orders/${seg(orderId)}/submit`, { method: 'POST' });
}
