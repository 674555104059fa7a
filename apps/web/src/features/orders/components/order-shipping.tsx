import type { PurchaseDetails } from '@portal/domain/orders/purchases';
import { Link } from 'react-router';
import type { Patient } from '../../../lib/patient';
import { useSessionUser } from '../../../lib/session';
import { formatDate } from '../lib/format';
import './order-shipping.css';

/** Product types an order of which is shipped to the patient (a lab order goes to the lab instead). */
const SHIPPED_TYPES: ReadonlySet<string> = new Set(['medication', 'supplement']);

/** Where the order stands on its way to the patient. */
function shippingState(order: PurchaseDetails): string {
  const parcel = order.fulfilment;
  if (parcel?.status === 'delivered' && parcel.delivered_at)
    return `Delivered on ${formatDate(parcel.delivered_at)}`;
  if (order.fulfilled_at) return `Shipped on ${formatDate(order.fulfilled_at)}`;
  if (parcel?.status === 'processing') return 'Being prepared: the pharmacy is filling it.';
  if (parcel?.status === 'awaiting_fulfilment') return 'Sent to the pharmacy: it ships once filled.';
  switch (order.status) {
    case 'created':
      return 'Ships once the order is paid.';
    case 'submitted':
    case 'paid':
      return 'Being prepared: it ships once the pharmacy has filled it.';
    case 'canceled':
    case 'refunded':
    case 'failed':
      return `Not shipped: the order is ${order.status_label.toLowerCase()}.`;
    default:
      return order.status_label;
  }
}

function addressLines(info: NonNullable<Patient['shipping_info']>): string[] {
  const name = [info.first_name, info.last_name].filter(Boolean).join(' ');
  const street = [info.street_address, info.apt_suite].filter(Boolean).join(', ');
  const place = [info.city, [info.state, info.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [name, street, place].filter((line) => line.trim() !== '');
}

/**
 * The shipping of a shipped product: whether and when it shipped (for a subscription, its latest parcel),
 * the tracking number once it has one, and the address on file the next parcel ships to (the patient
 * changes it in Settings). Labs, and subscriptions nothing was sent for yet, show nothing here.
 */
export function OrderShipping({ purchase }: { purchase: PurchaseDetails }) {
  const user = useSessionUser();
  if (!SHIPPED_TYPES.has(purchase.product_type)) return null;
  if (purchase.kind !== 'order' && !purchase.fulfilment) return null;
  const tracking = purchase.fulfilment?.tracking_number;
  const carrier = purchase.fulfilment?.carrier;
  const lines = user?.shipping_info ? addressLines(user.shipping_info) : [];
  const settings = user ? `/dashboard/${encodeURIComponent(user._id)}/settings/shipping` : null;
  return (
    <section className="order-shipping" aria-labelledby="order-shipping-title">
      <h2 className="order-details__subtitle" id="order-shipping-title">
        Shipping
      </h2>
      <p className="order-shipping__state">{shippingState(purchase)}</p>
      {tracking ? (
        <p className="order-shipping__tracking">
          Tracking number: {carrier ? `${carrier} ` : ''}
          <span className="order-shipping__number">{tracking}</span>
        </p>
      ) : null}
      {lines.length > 0 ? (
        <div>
          <p className="order-shipping__label">Shipping address on file</p>
          <address className="order-shipping__address">
            {lines.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
        </div>
      ) : (
        <p className="order-shipping__label">No shipping address on file yet.</p>
      )}
      {settings ? (
        <Link className="order-shipping__link" to={settings}>
          {lines.length > 0 ? 'Change your shipping address' : 'Add your shipping address'}
        </Link>
      ) : null}
    </section>
  );
}
