import { PRODUCT_TYPE_LABELS } from '@portal/domain/orders/purchase-status';
import type { PurchasesPage } from '@portal/domain/orders/purchases';
import { Select } from '../../../components/ui/select';
import type { OrdersFilters } from '../lib/orders-query';
import { statusFilterOptions } from '../lib/status-options';

/**
 * Product type and status filters; a change applies at once and goes back to page 1. The statuses offered
 * are those the patient has, each label once, plus the one in the address so it can always be cleared.
 */
export function OrdersFiltersForm({
  filters,
  available,
  onChange,
}: {
  filters: OrdersFilters;
  available: PurchasesPage['filters'] | undefined;
  onChange: (next: OrdersFilters) => void;
}) {
  const types = Object.entries(PRODUCT_TYPE_LABELS).map(([value, label]) => ({ value, label }));
  const statuses = statusFilterOptions(available?.statuses ?? [], filters.status);

  return (
    <fieldset className="orders-filters">
      <legend className="ui-visually-hidden">Filter orders</legend>
      <Select
        label="Product type"
        placeholder="All product types"
        options={types}
        value={filters.productType ?? ''}
        onChange={(e) => onChange({ ...filters, page: 1, productType: e.target.value || undefined })}
        fieldClassName="orders-filters__field"
      />
      <Select
        label="Status"
        placeholder="All statuses"
        options={statuses}
        value={filters.status ?? ''}
        onChange={(e) => onChange({ ...filters, page: 1, status: e.target.value || undefined })}
        fieldClassName="orders-filters__field"
      />
    </fieldset>
  );
}
