import { FULFILMENT_LABELS, type FulfilmentStep } from '@portal/domain/care/fulfilment';
import { ORDER_STATUSES } from '@portal/domain/contracts/order';
import { pageFlags } from '@portal/domain/orders/pagination';
import { purchaseStatusLabel } from '@portal/domain/orders/purchase-status';
import {
  PURCHASE_STATUSES,
  PURCHASES_PAGE_SIZE,
  type Purchase,
  type PurchaseDetails,
  type PurchasesPage,
} from '@portal/domain/orders/purchases';
import { Errors } from '../../platform/errors';
import type { ParcelColumns, PurchaseFilter, PurchaseRow, PurchasesRepository } from './purchases.repository';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function parcelOf(row: ParcelColumns): Purchase['fulfilment'] {
  if (!row.parcel_id || !row.parcel_status || row.parcel_created_ms === null) return null;
  const status = row.parcel_status as FulfilmentStep;
  return {
    _id: row.parcel_id,
    status,
    status_label: FULFILMENT_LABELS[status] ?? status,
    tracking_number: row.parcel_tracking,
    carrier: row.parcel_carrier,
    created_at: new Date(row.parcel_created_ms).toISOString(),
    shipped_at: iso(row.parcel_shipped_ms),
    delivered_at: iso(row.parcel_delivered_ms),
  };
}

function toPurchase(row: PurchaseRow): Purchase {
  return {
    _id: row.id,
    kind: row.kind,
    name: row.name,
    product_name: row.product_name,
    product_image: row.product_image,
    product_type: row.product_type,
    status: row.status,
    status_label: purchaseStatusLabel(row.kind, row.status),
    amount: Number(row.amount),
    currency: row.currency,
    billing_months: row.billing_months === null ? null : Number(row.billing_months),
    invoice_id: row.invoice_id,
    created_at: new Date(row.created_ms).toISOString(),
    fulfilment: parcelOf(row),
  };
}

/** A status shared by orders and subscriptions (created, canceled) is named as an order names it. */
const filterLabel = (status: string) =>
  purchaseStatusLabel(
    (ORDER_STATUSES as readonly string[]).includes(status) ? 'order' : 'subscription',
    status,
  );

/**
 * The statuses the Status filter's choice stands for: every status read under the same label, so "Rescheduled"
 * finds a subscription paused_by_reschedule as well as a rescheduled one (001 §4).
 */
export function statusesOfChoice(status: string): string[] {
  const label = filterLabel(status);
  const same = PURCHASE_STATUSES.filter((s) => filterLabel(s) === label);
  return same.includes(status) ? same : [status];
}

/** The purchases showcase (002 §7.2): the patient's orders and subscriptions as one paged list. */
export function createPurchasesService(repo: PurchasesRepository) {
  return {
    async list(
      userId: string,
      page: number,
      query: { productType?: string | undefined; status?: string | undefined },
    ): Promise<PurchasesPage> {
      const limit = PURCHASES_PAGE_SIZE;
      const filter: PurchaseFilter = {
        productType: query.productType,
        statuses: query.status ? statusesOfChoice(query.status) : undefined,
      };
      const [facets, rows] = await Promise.all([
        repo.facets(userId),
        repo.page(userId, filter, limit, (page - 1) * limit),
      ]);
      const totalDocs = facets
        .filter(
          (f) =>
            (!filter.productType || f.product_type === filter.productType) &&
            (!filter.statuses || filter.statuses.includes(f.status)),
        )
        .reduce((sum, f) => sum + Number(f.n), 0);
      const statuses = [...new Set(facets.map((f) => f.status))]
        .map((value) => ({ value, label: filterLabel(value) }))
        .sort((a, b) => a.label.localeCompare(b.label));
      return {
        docs: rows.map(toPurchase),
        ...pageFlags(page, totalDocs, limit),
        totalDocs,
        limit,
        filters: { productTypes: [...new Set(facets.map((f) => f.product_type))].sort(), statuses },
      };
    },

    async details(userId: string, id: string): Promise<PurchaseDetails> {
      const row = await repo.details(userId, id);
      if (!row) throw Errors.notFound('The purchase');
      const invoices = await repo.invoicesOf(row.kind, row.id);
      return {
        ...toPurchase(row),
        product_description: row.product_description,
        quantity: Number(row.quantity),
        subtotal_amount: Number(row.subtotal_amount),
        discount_amount: Number(row.discount_amount),
        promo_code: row.promo_code,
        submitted_at: iso(row.submitted_ms),
        current_period_start: iso(row.period_start_ms),
        current_period_end: iso(row.period_end_ms),
        fulfilled_at: iso(row.fulfilled_ms ?? (row.kind === 'subscription' ? row.parcel_shipped_ms : null)),
        invoices: invoices.map((i) => ({
          _id: i.id,
          status: i.status,
          amount_due: Number(i.amount_due),
          amount_paid: Number(i.amount_paid),
          currency: i.currency,
          period_start: iso(i.period_start_ms),
          period_end: iso(i.period_end_ms),
          paid_at: iso(i.paid_ms),
          created_at: new Date(i.created_ms).toISOString(),
        })),
      };
    },
  };
}
