import { productTypeLabel } from '@portal/domain/orders/purchase-status';
import type { PurchaseDetails } from '@portal/domain/orders/purchases';
import { formatUsd } from '@portal/domain/pricing/money';
import { billingEveryText } from '@portal/domain/pricing/plan-texts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fetchOrderInvoice, purchaseDetailsQueryOptions } from '../../../api/orders';
import { fetchSubscriptionInvoice } from '../../../api/subscriptions';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { formatDate } from '../lib/format';
import { InvoiceButton } from './invoice-button';
import { OrderShipping } from './order-shipping';
import { StatusBadge } from './status-badge';

export const ORDER_NOT_FOUND = 'We could not find this order.';
export const ORDER_LOAD_ERROR = 'We could not load this order. Please try again.';

const INVOICE_STATUS: Record<string, string> = {
  draft: 'Draft',
  open: 'Due',
  paid: 'Paid',
  void: 'Void',
  uncollectible: 'Uncollectible',
};

function BackLink() {
  return (
    <Link className="order-details__back" to="/orders">
      <span aria-hidden="true">‹</span> Back to orders
    </Link>
  );
}

/** /orders/{orderId}: one order or subscription with its figures and invoices. */
export function OrderDetails({ id }: { id: string }) {
  const query = useQuery(purchaseDetailsQueryOptions(id));
  if (query.isPending)
    return (
      <section className="order-details">
        <BackLink />
        <Spinner label="Loading the order" />
      </section>
    );
  if (query.isError) {
    const missing = query.error instanceof ApiError && [403, 404].includes(query.error.status);
    return (
      <section className="order-details">
        <BackLink />
        <Alert tone="error">{missing ? ORDER_NOT_FOUND : ORDER_LOAD_ERROR}</Alert>
      </section>
    );
  }
  return <Details purchase={query.data} />;
}

function Details({ purchase }: { purchase: PurchaseDetails }) {
  const isOrder = purchase.kind === 'order';
  // the order's own name is the clinic's internal reference: the patient reads the product's name above
  const rows: [string, string][] = [
    ['Purchased', formatDate(purchase.created_at)],
    ['Product type', productTypeLabel(purchase.product_type)],
    ['Quantity', String(purchase.quantity)],
  ];
  if (purchase.billing_months) rows.push(['Billing', billingEveryText(purchase.billing_months)]);
  if (purchase.current_period_start && purchase.current_period_end)
    rows.push([
      'Current period',
      `${formatDate(purchase.current_period_start)} to ${formatDate(purchase.current_period_end)}`,
    ]);
  if (purchase.submitted_at) rows.push(['Paid on', formatDate(purchase.submitted_at)]);
  rows.push(['Subtotal', formatUsd(purchase.subtotal_amount)]);
  if (purchase.discount_amount > 0)
    rows.push([
      purchase.promo_code ? `Discount (${purchase.promo_code})` : 'Discount',
      `-${formatUsd(purchase.discount_amount)}`,
    ]);
  rows.push([isOrder ? 'Total' : 'Price per period', formatUsd(purchase.amount)]);

  return (
    <article className="order-details" aria-labelledby="order-details-title">
      <BackLink />
      <header className="order-details__header">
        {purchase.product_image ? (
          <img className="order-details__image" src={purchase.product_image} alt="" width={88} height={88} />
        ) : null}
        <div>
          <h1 className="order-details__title" id="order-details-title">
            {purchase.product_name}
          </h1>
          <StatusBadge status={purchase.status} label={purchase.status_label} />
        </div>
      </header>
      {purchase.product_description ? (
        <p className="order-details__description">{purchase.product_description}</p>
      ) : null}

      <dl className="order-details__facts">
        {rows.map(([term, value]) => (
          <div className="order-details__fact" key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>

      <OrderShipping purchase={purchase} />

      <section className="order-details__invoices" aria-labelledby="order-invoices-title">
        <h2 className="order-details__subtitle" id="order-invoices-title">
          Invoices
        </h2>
        {purchase.invoices.length === 0 ? (
          <p>{isOrder ? 'The invoice is issued when the order is paid.' : 'No invoices yet.'}</p>
        ) : (
          <ul className="order-details__invoice-list">
            {purchase.invoices.map((invoice) => {
              const when =
                invoice.period_start && invoice.period_end
                  ? `${formatDate(invoice.period_start)} to ${formatDate(invoice.period_end)}`
                  : formatDate(invoice.paid_at ?? invoice.created_at);
              return (
                <li key={invoice._id} className="order-details__invoice">
                  <span>{when}</span>
                  <span>
                    {formatUsd(invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due)}
                  </span>
                  <span className="order-details__invoice-status">
                    {INVOICE_STATUS[invoice.status] ?? invoice.status}
                  </span>
                  {!isOrder && invoice.status !== 'draft' ? (
                    <InvoiceButton
                      load={() => fetchSubscriptionInvoice(invoice._id)}
                      label={`Download invoice for ${when}`}
                      text="Download"
                    />
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        {isOrder && purchase.invoice_id ? (
          <InvoiceButton load={() => fetchOrderInvoice(purchase._id)} label="Download invoice" />
        ) : null}
      </section>
    </article>
  );
}
