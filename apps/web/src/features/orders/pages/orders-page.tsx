import { useParams } from 'react-router';
import { OrderDetails } from '../components/order-details';
import { OrdersList } from '../components/orders-list';
import '../orders.css';

const ID = /^[0-9a-f]{24}$/i;

/**
 * /orders and /orders/* (002 §2.1: served like a separate app inside the main one): the list at /orders,
 * one order at /orders/{orderId}, and the separate app's not-found page for anything else.
 */
export default function OrdersPage() {
  const rest = (useParams()['*'] ?? '').replace(/\/+$/, '');
  if (rest === '') return <OrdersList />;
  if (ID.test(rest)) return <OrderDetails id={rest} />;
  return (
    <section className="orders-not-found">
      <h1 className="orders__title">404 - Page Not Found</h1>
      <p>The page you are looking for does not exist.</p>
    </section>
  );
}
