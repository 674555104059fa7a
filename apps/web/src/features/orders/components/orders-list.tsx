import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { purchasesQueryOptions } from '../../../api/orders';
import { Pagination } from '../../../components/pagination/pagination';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { type OrdersFilters, ordersSearch, readOrdersFilters } from '../lib/orders-query';
import { OrdersFiltersForm } from './orders-filters';
import { PurchaseCard } from './purchase-card';

export const ORDERS_LOAD_ERROR = 'We could not load your orders. Please try again.';

/** /orders: the patient's purchases newest first, filtered and paged through the query string. */
export function OrdersList() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = readOrdersFilters(params);
  const query = useQuery(purchasesQueryOptions(filters));
  const data = query.data;
  const filtered = Boolean(filters.productType || filters.status);
  const go = (next: OrdersFilters) => navigate({ pathname: '/orders', search: ordersSearch(next) });

  return (
    <section className="orders" aria-labelledby="orders-title">
      <header className="orders__header">
        <h1 className="orders__title" id="orders-title">
          Orders
        </h1>
        <p className="orders__intro">Your orders and subscriptions, newest first.</p>
      </header>

      {data && (data.totalDocs > 0 || filtered) ? (
        <OrdersFiltersForm filters={filters} available={data.filters} onChange={go} />
      ) : null}

      {query.isPending ? (
        <div className="orders__loading">
          <Spinner label="Loading your orders" />
        </div>
      ) : query.isError ? (
        <Alert tone="error">
          {ORDERS_LOAD_ERROR}{' '}
          <Button variant="ghost" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !data ? null : data.docs.length === 0 ? (
        filtered || data.totalDocs > 0 ? (
          <div className="orders-empty">
            <h2 className="orders-empty__title">No orders match these filters.</h2>
            <Link className="orders-empty__link" to="/orders">
              Clear filters
            </Link>
          </div>
        ) : (
          <div className="orders-empty">
            <h2 className="orders-empty__title">No orders yet</h2>
            <p>Treatments, labs and supplements you buy will show up here with their invoices.</p>
            <Link className="ui-button ui-button--primary" to="/shop">
              Visit Our Shop
            </Link>
          </div>
        )
      ) : (
        <>
          <p className="orders__count" aria-live="polite">
            {data.totalDocs === 1 ? '1 order' : `${data.totalDocs} orders`}
          </p>
          <div className="orders-table" aria-busy={query.isPlaceholderData || undefined}>
            <div className="orders-table__head" aria-hidden="true">
              <span>Product</span>
              <span>Date</span>
              <span>Status</span>
              <span>Amount</span>
              <span>Invoice</span>
            </div>
            <ul className="orders-table__list" aria-label="Your orders">
              {data.docs.map((purchase) => (
                <PurchaseCard key={purchase._id} purchase={purchase} />
              ))}
            </ul>
          </div>
          <Pagination
            page={data.page}
            totalPages={data.totalPages}
            hrefFor={(page) => `/orders${ordersSearch({ ...filters, page })}`}
          />
        </>
      )}
    </section>
  );
}
