import type { PurchaseFulfilment } from '@portal/domain/contracts/fulfilment';
import { productTypeLabel } from '@portal/domain/orders/purchase-status';
import type { Purchase } from '@portal/domain/orders/purchases';
import { formatUsd } from '@portal/domain/pricing/money';
import { billingEveryText } from '@portal/domain/pricing/plan-texts';
import { useId } from 'react';
import { Link } from 'react-router';
import { fetchOrderInvoice } from '../../../api/orders';
import { formatDate } from '../lib/format';
import { InvoiceButton } from './invoice-button';
import { StatusBadge } from './status-badge';

/**
 * One purchase: a card under 1024 px, a row of the list's grid from 1024 px. The product's patient-facing name
 * (product_name) links to the details; the order's own name ("2026_09_24 Omega_3 …") is the clinic's
 * internal reference and is not shown. A paid order offers its invoice.
 */
export function PurchaseCard({ purchase }: { purchase: Purchase }) {
  const titleId = useId();
  const date = formatDate(purchase.created_at);
  return (
    <li className="orders-item">
      <article className="orders-item__body" aria-labelledby={titleId}>
        <div className="orders-item__product">
          {purchase.product_image ? (
            <img className="orders-item__image" src={purchase.product_image} alt="" width={56} height={56} />
          ) : (
            <span className="orders-item__image orders-item__image--empty" aria-hidden="true" />
          )}
          <div className="orders-item__names">
            <h2 className="orders-item__title" id={titleId}>
              <Link to={`/orders/${purchase._id}`}>{purchase.product_name}</Link>
            </h2>
            <p className="orders-item__meta">
              {productTypeLabel(purchase.product_type)}
              {purchase.kind === 'subscription' ? ' subscription' : ''}
            </p>
          </div>
        </div>
        <p className="orders-item__date">
          <span className="orders-item__label">Date</span>
          <time dateTime={purchase.created_at}>{date}</time>
        </p>
        <p className="orders-item__state">
          <span className="orders-item__label">Status</span>
          <StatusBadge status={purchase.status} label={purchase.status_label} />
          {purchase.fulfilment ? <ParcelLine parcel={purchase.fulfilment} /> : null}
        </p>
        <p className="orders-item__amount">
          <span className="orders-item__label">Amount</span>
          <span>
            {formatUsd(purchase.amount)}
            {purchase.billing_months ? (
              <span className="orders-item__billing">{billingEveryText(purchase.billing_months)}</span>
            ) : null}
          </span>
        </p>
        <div className="orders-item__actions">
          {purchase.kind === 'order' && purchase.invoice_id ? (
            <InvoiceButton
              load={() => fetchOrderInvoice(purchase._id)}
              label={`Download invoice for ${purchase.product_name}, ${date}`}
            />
          ) : null}
        </div>
      </article>
    </li>
  );
}

/** The latest parcel's step and, once shipped, its tracking number (issue 12 §4). */
function ParcelLine({ parcel }: { parcel: PurchaseFulfilment }) {
  return (
    <>
      <span className="orders-item__parcel">Shipment: {parcel.status_label}</span>
      {parcel.tracking_number ? (
        <span className="orders-item__parcel">
          Tracking: {parcel.carrier ? `${parcel.carrier} ` : ''}
          <span className="orders-item__tracking">{parcel.tracking_number}</span>
        </span>
      ) : null}
    </>
  );
}
