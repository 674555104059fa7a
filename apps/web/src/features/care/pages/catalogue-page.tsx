import { staffCan } from '@portal/domain/care/staff-roles';
import { type CatalogueProduct, PRODUCT_TYPE_LABELS } from '@portal/domain/contracts/care-catalogue';
import type { ProductType } from '@portal/domain/contracts/product';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { careCatalogueQueryOptions } from '../../../api/care/catalogue';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { TextInput } from '../../../components/ui/text-input';
import { useSessionUser } from '../../../lib/session';
import { AdminOnly } from '../components/admin-only';
import { formatCents, ProductEditor } from '../components/product-editor';
import '../care.css';
import '../catalogue.css';

/** The clinic's catalogue (issue 15): its products and their prices, as the shop and its checkout sell them. */
export default function CataloguePage() {
  const user = useSessionUser();
  if (!staffCan(user?.role ?? '', 'manage_settings'))
    return <AdminOnly title="Catalogue" what="change the clinic's catalogue" />;
  return <CatalogueScreen />;
}

/** The products whose name, product name or slug holds the search, of the type chosen. */
export function filterCatalogue(
  products: readonly CatalogueProduct[],
  search: string,
  type: ProductType | '',
): CatalogueProduct[] {
  const q = search.trim().toLowerCase();
  return products.filter(
    (p) =>
      (!type || p.type === type) &&
      (!q || [p.name, p.product_name, p.slug].some((s) => s.toLowerCase().includes(q))),
  );
}

const TYPES = Object.entries(PRODUCT_TYPE_LABELS).map(([value, label]) => ({ value, label }));

function CatalogueScreen() {
  const catalogue = useQuery(careCatalogueQueryOptions());
  const [params, setParams] = useSearchParams();
  const editing = params.get('product');
  const [search, setSearch] = useState('');
  const [type, setType] = useState<ProductType | ''>('');
  const countId = useId();
  const products = catalogue.data?.products ?? [];
  const shown = useMemo(() => filterCatalogue(products, search, type), [products, search, type]);
  const open = (id: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id) next.set('product', id);
      else next.delete('product');
      return next;
    });

  if (catalogue.isPending)
    return (
      <div className="care-page">
        <h1 className="care-page__title">Catalogue</h1>
        <div className="care-loading">
          <Spinner label="Loading the catalogue" />
        </div>
      </div>
    );
  if (catalogue.isError)
    return (
      <div className="care-page">
        <h1 className="care-page__title">Catalogue</h1>
        <Alert tone="error" title="The catalogue could not be loaded.">
          <p>{catalogue.error.message}</p>
          <Button variant="secondary" size="sm" onClick={() => void catalogue.refetch()}>
            Try again
          </Button>
        </Alert>
      </div>
    );

  if (editing) {
    const product = editing === 'new' ? null : products.find((p) => p.id === editing);
    return (
      <div className="care-page">
        <Button variant="ghost" size="sm" className="care-back" onClick={() => open(null)}>
          ← Back to the catalogue
        </Button>
        {product === undefined ? (
          <div className="care-empty">
            <h1 className="care-empty__title">This product is not in the catalogue</h1>
          </div>
        ) : (
          <ProductEditor key={product?.id ?? 'new'} product={product} onCreated={(id) => open(id)} />
        )}
      </div>
    );
  }

  return (
    <div className="care-page">
      <div className="care-page__head">
        <h1 className="care-page__title">Catalogue</h1>
        <Button onClick={() => open('new')}>Add a product</Button>
      </div>
      <search className="care-filters" aria-label="Catalogue">
        <TextInput
          label="Search"
          type="search"
          value={search}
          placeholder="Name of a product"
          onChange={(e) => setSearch(e.target.value)}
        />
        <Select
          label="Type"
          value={type}
          placeholder="All types"
          options={TYPES}
          onChange={(e) => setType(e.target.value as ProductType | '')}
        />
      </search>
      <p className="care-page__count" id={countId} aria-live="polite">
        {shown.length === products.length
          ? `${products.length} products`
          : `${shown.length} of ${products.length} products`}
      </p>
      {shown.length === 0 ? (
        <div className="care-empty">
          <h2 className="care-empty__title">No product matches</h2>
          <p>Try another name or type.</p>
        </div>
      ) : (
        <div className="care-catalogue__scroll">
          <table className="care-table care-catalogue" aria-describedby={countId}>
            <caption className="ui-visually-hidden">The clinic's products</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Type</th>
                <th scope="col">Prices</th>
                <th scope="col">Shop</th>
                <th scope="col">
                  <span className="ui-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((p) => {
                const onSale = p.prices.filter((x) => x.active);
                const from = Math.min(...onSale.map((x) => x.unit_amount));
                return (
                  <tr key={p.id}>
                    <th scope="row">
                      {p.name}
                      <span className="care-catalogue__sub">{p.product_name}</span>
                    </th>
                    <td>{PRODUCT_TYPE_LABELS[p.type]}</td>
                    <td>
                      {onSale.length === 0
                        ? 'None on sale'
                        : `${onSale.length} on sale, from ${formatCents(from)}`}
                    </td>
                    <td>{!p.active ? 'Off sale' : p.show_in_shop ? 'Listed' : 'Hidden'}</td>
                    <td className="care-table__actions">
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => open(p.id)}
                        aria-label={`Edit ${p.name}`}
                      >
                        Edit
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
