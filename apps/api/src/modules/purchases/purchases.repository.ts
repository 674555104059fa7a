import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

const ID = /^[0-9a-f]{24}$/i;

/** node-postgres and PGlite answer { rows }, postgres.js answers the rows themselves. */
async function select<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] } | T[];
  return Array.isArray(result) ? result : result.rows;
}

/** Epoch milliseconds, so both drivers answer a plain number. */
const ms = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

export type PurchaseRow = {
  id: string;
  kind: 'order' | 'subscription';
  name: string;
  product_name: string;
  product_image: string | null;
  product_type: string;
  status: string;
  amount: number;
  currency: string;
  billing_months: number | null;
  invoice_id: string | null;
  created_ms: number;
} & ParcelColumns;

/** The purchase's latest parcel (fulfilment_orders), null columns when nothing ships for it. */
export type ParcelColumns = {
  parcel_id: string | null;
  parcel_status: string | null;
  parcel_tracking: string | null;
  parcel_carrier: string | null;
  parcel_created_ms: number | null;
  parcel_shipped_ms: number | null;
  parcel_delivered_ms: number | null;
};

export type FacetRow = { product_type: string; kind: 'order' | 'subscription'; status: string; n: number };

/** `statuses`: any of these (the statuses a patient reads under one label, e.g. Rescheduled). */
export type PurchaseFilter = { productType?: string | undefined; statuses?: readonly string[] | undefined };

export type DetailsRow = PurchaseRow & {
  product_description: string | null;
  quantity: number;
  subtotal_amount: number;
  discount_amount: number;
  promo_code: string | null;
  submitted_ms: number | null;
  period_start_ms: number | null;
  period_end_ms: number | null;
  /** When an order was shipped (or, for a lab, sent to the lab); null for a subscription. */
  fulfilled_ms: number | null;
};

export type InvoiceRow = {
  id: string;
  status: string;
  amount_due: number;
  amount_paid: number;
  currency: string;
  period_start_ms: number | null;
  period_end_ms: number | null;
  paid_ms: number | null;
  created_ms: number;
};

/**
 * What a subscription's plan bills each period, as renewals bill it: a tiered price's amount for the quantity
 * when the plan carries one, else the unit price times the quantity.
 */
const planPeriodAmount = (plan: SQL) =>
  sql`coalesce((${plan} ->> 'period_amount')::int, (${plan} ->> 'unit_amount')::int * coalesce((${plan} ->> 'quantity')::int, 1))`;

/**
 * A patient's purchases: one-time orders and subscriptions as one list. Each branch reads by user id on
 * orders_user_id_created_at_idx and subscriptions_user_id_status_idx; templates by primary key; invoices
 * by their order or subscription index, only for the rows of the page.
 */
function purchasesOf(userId: string, filter: PurchaseFilter) {
  const orderWhere = [sql`o.user_id = ${userId}`];
  const subWhere = [sql`s.user_id = ${userId}`];
  if (filter.productType) {
    orderWhere.push(sql`pt.type = ${filter.productType}`);
    subWhere.push(sql`s.type = ${filter.productType}`);
  }
  if (filter.statuses?.length) {
    const list = sql.join(
      filter.statuses.map((status) => sql`${status}`),
      sql`, `,
    );
    orderWhere.push(sql`o.status in (${list})`);
    subWhere.push(sql`s.status in (${list})`);
  }
  return sql`
    select o.id, 'order' as kind, o.name, pt.product_name, pt.product_images ->> 0 as product_image,
           pt.type as product_type, o.status, o.amount, o.currency, null::int as billing_months, o.created_at
      from orders o join product_templates pt on pt.id = o.product_template_id
     where ${sql.join(orderWhere, sql` and `)}
    union all
    select s.id, 'subscription', s.name, coalesce(pt.product_name, s.name), pt.product_images ->> 0,
           s.type, s.status,
           coalesce((select sum(${planPeriodAmount(sql`p`)}) from jsonb_array_elements(s.product_plans) p), 0)::int,
           'usd', s.duration_months, s.created_at
      from subscriptions s
      left join product_templates pt on pt.id = s.product_plans -> 0 ->> 'product_template'
     where ${sql.join(subWhere, sql` and `)}`;
}

const latestInvoice = sql`coalesce(
  (select i.id from invoices i where p.kind = 'order' and i.order_id = p.id and i.status = 'paid'
    order by i.created_at desc limit 1),
  (select i.id from invoices i where p.kind = 'subscription' and i.subscription_id = p.id
    order by i.created_at desc limit 1))`;

/**
 * The latest parcel of the purchase `p`, on fulfilment_orders' subscription and order indexes: one branch
 * per kind, so each reads its own index.
 */
const latestParcel = sql`left join lateral (
  select * from (
    (select f.id, f.status, f.tracking_number, f.carrier, f.created_at, f.shipped_at, f.delivered_at
       from fulfilment_orders f where p.kind = 'subscription' and f.subscription_id = p.id
      order by f.created_at desc, f.id desc limit 1)
    union all
    (select f.id, f.status, f.tracking_number, f.carrier, f.created_at, f.shipped_at, f.delivered_at
       from fulfilment_orders f where p.kind = 'order' and f.order_id = p.id
      order by f.created_at desc, f.id desc limit 1)) x limit 1) parcel on true`;

const parcelColumns = sql`parcel.id as parcel_id, parcel.status as parcel_status,
  parcel.tracking_number as parcel_tracking, parcel.carrier as parcel_carrier,
  ${ms(sql`parcel.created_at`)} as parcel_created_ms, ${ms(sql`parcel.shipped_at`)} as parcel_shipped_ms,
  ${ms(sql`parcel.delivered_at`)} as parcel_delivered_ms`;

export function createPurchasesRepository(db: Db) {
  return {
    /** Counts by product type, kind and status: the filter choices and any filter's total in one read. */
    facets(userId: string): Promise<FacetRow[]> {
      return select<FacetRow>(
        db,
        sql`select p.product_type, p.kind, p.status, count(*)::int as n
              from (${purchasesOf(userId, {})}) p group by 1, 2, 3`,
      );
    },

    /** One page, newest first; the invoice look-ups run only for the page's rows. */
    page(userId: string, filter: PurchaseFilter, limit: number, offset: number): Promise<PurchaseRow[]> {
      return select<PurchaseRow>(
        db,
        sql`select p.id, p.kind, p.name, p.product_name, p.product_image, p.product_type, p.status,
                   p.amount, p.currency, p.billing_months, ${latestInvoice} as invoice_id,
                   ${ms(sql`p.created_at`)} as created_ms, ${parcelColumns}
              from (select * from (${purchasesOf(userId, filter)}) u
                     order by u.created_at desc, u.id desc limit ${limit} offset ${offset}) p
              ${latestParcel}
             order by p.created_at desc, p.id desc`,
      );
    },

    /** An order or a subscription of the patient, with what its details page shows. */
    async details(userId: string, id: string): Promise<DetailsRow | undefined> {
      if (!ID.test(id)) return undefined;
      const [row] = await select<DetailsRow>(
        db,
        sql`select p.*, ${latestInvoice} as invoice_id, ${parcelColumns} from (
              select o.id, 'order' as kind, o.name, pt.product_name, pt.product_images ->> 0 as product_image,
                     pt.type as product_type, o.status, o.amount, o.currency, null::int as billing_months,
                     pt.description as product_description, o.quantity, o.subtotal_amount, o.discount_amount,
                     o.promo_code, ${ms(sql`o.submitted_at`)} as submitted_ms,
                     null::float8 as period_start_ms, null::float8 as period_end_ms,
                     ${ms(sql`o.created_at`)} as created_ms, ${ms(sql`o.fulfilled_at`)} as fulfilled_ms
                from orders o join product_templates pt on pt.id = o.product_template_id
               where o.id = ${id} and o.user_id = ${userId}
              union all
              select s.id, 'subscription', s.name, coalesce(pt.product_name, s.name), pt.product_images ->> 0,
                     s.type, s.status, amounts.total, 'usd', s.duration_months,
                     pt.description, amounts.quantity, amounts.total, 0, s.promo_code, null::float8,
                     ${ms(sql`s.current_period_start`)}, ${ms(sql`s.current_period_end`)},
                     ${ms(sql`s.created_at`)}, null::float8
                from subscriptions s
                left join product_templates pt on pt.id = s.product_plans -> 0 ->> 'product_template'
                cross join lateral (
                  select coalesce(sum(${planPeriodAmount(sql`x`)}), 0)::int as total,
                         coalesce(sum((x ->> 'quantity')::int), 1)::int as quantity
                    from jsonb_array_elements(s.product_plans) x) amounts
               where s.id = ${id} and s.user_id = ${userId}) p
            ${latestParcel}`,
      );
      return row;
    },

    /** The invoices of an order or a subscription, newest first (invoices_*_idx). */
    invoicesOf(kind: 'order' | 'subscription', id: string): Promise<InvoiceRow[]> {
      const where = kind === 'order' ? sql`i.order_id = ${id}` : sql`i.subscription_id = ${id}`;
      return select<InvoiceRow>(
        db,
        sql`select i.id, i.status, i.amount_due, i.amount_paid, i.currency,
                   ${ms(sql`i.period_start`)} as period_start_ms, ${ms(sql`i.period_end`)} as period_end_ms,
                   ${ms(sql`i.paid_at`)} as paid_ms, ${ms(sql`i.created_at`)} as created_ms
              from invoices i where ${where} order by i.created_at desc, i.id desc limit 100`,
      );
    },

    /** Who owns an order or a subscription, for the access check of the details route. */
    async ownerOf(id: string): Promise<{ userId: string; organizationId: string } | undefined> {
      if (!ID.test(id)) return undefined;
      const [row] = await select<{ user_id: string; organization_id: string }>(
        db,
        sql`select user_id, organization_id from orders where id = ${id}
            union all
            select user_id, organization_id from subscriptions where id = ${id} limit 1`,
      );
      return row && { userId: row.user_id, organizationId: row.organization_id };
    },
  };
}
export type PurchasesRepository = ReturnType<typeof createPurchasesRepository>;
