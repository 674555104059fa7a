import type { OrderStatus } from '../contracts/order';
import type { SubscriptionStatus } from '../contracts/subscription';
import { subscriptionStatusLabel } from '../subscriptions/status';

const ORDER_LABELS: Record<OrderStatus, string> = {
  created: 'Awaiting Payment',
  submitted: 'Processing',
  paid: 'Paid',
  fulfilled: 'Fulfilled',
  canceled: 'Canceled',
  refunded: 'Refunded',
  failed: 'Failed Payment',
};

export type PurchaseKind = 'order' | 'subscription';

/** The label of a purchase's status on the Orders page: orders by their own words, subscriptions as 001 §4. */
export function purchaseStatusLabel(kind: PurchaseKind, status: string): string {
  if (kind === 'order') return ORDER_LABELS[status as OrderStatus] ?? status;
  return subscriptionStatusLabel(status as SubscriptionStatus);
}

/** Order statuses after the charge went through: these orders have an invoice to download. */
export const INVOICED_ORDER_STATUSES: readonly OrderStatus[] = ['paid', 'fulfilled', 'refunded'];

export const PRODUCT_TYPE_LABELS = {
  medication: 'Medication',
  supplement: 'Supplement',
  lab: 'Lab',
  coaching_membership: 'Coaching Membership',
} as const;
export type PurchaseProductType = keyof typeof PRODUCT_TYPE_LABELS;
export const PURCHASE_PRODUCT_TYPES = Object.keys(PRODUCT_TYPE_LABELS) as [
  PurchaseProductType,
  ...PurchaseProductType[],
];

export function productTypeLabel(type: string): string {
  return PRODUCT_TYPE_LABELS[type as PurchaseProductType] ?? type;
}
