import type { ShopFilterType } from '@portal/domain/contracts/shop';
import { MESSAGES } from '@portal/domain/messages';
import { PRODUCT_TYPES as TYPES } from '@portal/domain/products/product-types';
import {
  hasShopFilters,
  NO_SHOP_FILTERS,
  offeredShopFilters,
  parseShopFilters,
  SHOP_FILTER_PARAMS,
  type ShopFilters,
  shopFilterParams,
} from '@portal/domain/shop/filters';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { shopProductsQueryOptions, shopSettingsQueryOptions } from '../../../api/shop';
import { Pagination } from '../../../components/pagination/pagination';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { SidePanel } from '../../../components/ui/side-panel';
import { useSessionUser } from '../../../lib/session';
import { storeSignupProduct } from '../../../lib/signup-storage';
import { useMediaQuery } from '../../../lib/use-media-query';
import { CHECKOUT_PARAM, type CheckoutPurchaseResult } from '../checkout-panel-contract';
import { HeroCarousel } from '../components/hero-carousel';
import { ProductCard } from '../components/product-card';
import { ShopFilterGroups } from '../components/shop-filters';
import { HeroSkeleton, ShopGridSkeleton } from '../components/shop-skeleton';
import '../shop.css';

const CheckoutPanel = lazy(() => import('../checkout-panel/checkout-panel'));

/** Below this width the filters move behind a Filters button (002 §2.6 "on mobile"). */
const WIDE_FILTERS_QUERY = '(min-width: 768px)';

const PRODUCT_TYPES = new Set<string>(TYPES);

/** The address's filters before the settings are known: only real product types, so the API is never asked junk. */
function sanitized(filters: ShopFilters): ShopFilters {
  return { ...filters, type: filters.type.filter((t) => PRODUCT_TYPES.has(t)) };
}

/**
 * The shop (/shop, 002 §2.6) inside the focus shell, whose bar has back, the logo and Return to Dashboard:
 * the hero carousel of the clinic's banners, filters kept in the address, the paged grid of products, and the
 * direct checkout panel for `?checkout={templateId}`.
 */
export default function ShopPage() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const wide = useMediaQuery(WIDE_FILTERS_QUERY);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [draft, setDraft] = useState<ShopFilters>(NO_SHOP_FILTERS);
  const [purchased, setPurchased] = useState(false);

  const settings = useQuery(shopSettingsQueryOptions());
  const groups = settings.data?.filters ?? [];
  const offered = useMemo(() => {
    const byGroup: Partial<Record<ShopFilterType, string[]>> = {};
    for (const g of settings.data?.filters ?? []) byGroup[g.type] = g.valid_values;
    // /shop?type=lab works even where the clinic offers no type group
    byGroup.type ??= [...PRODUCT_TYPES];
    return byGroup;
  }, [settings.data]);
  const fromAddress = parseShopFilters(search);
  const filters = settings.data ? offeredShopFilters(fromAddress, offered) : sanitized(fromAddress);
  const products = useQuery(shopProductsQueryOptions(filters));
  const checkoutId = search.get(CHECKOUT_PARAM);

  /** The address with the filters replaced and everything else (an open checkout) kept. */
  const searchWith = (next: ShopFilters) => {
    const params = new URLSearchParams(search);
    for (const key of SHOP_FILTER_PARAMS) params.delete(key);
    for (const [key, value] of shopFilterParams(next)) params.set(key, value);
    return params;
  };
  const applyFilters = (next: ShopFilters) => setSearch(searchWith(next));
  const setCheckout = (templateId: string | null) => {
    const params = new URLSearchParams(search);
    if (templateId) params.set(CHECKOUT_PARAM, templateId);
    else params.delete(CHECKOUT_PARAM);
    setSearch(params);
  };
  const onPurchased = (result: CheckoutPurchaseResult) => {
    // a lab purchase moves on to the lab's page by itself: changing the shop's address here would undo that
    if (result.kind === 'lab') return;
    setCheckout(null);
    setPurchased(true);
  };
  const onLabVisit = (productTemplateId: string, to: string) => {
    storeSignupProduct({ _id: productTemplateId, type: 'lab' });
    void navigate(to);
  };

  const page = products.data;
  const filterCount = ['type', 'protocols', 'benefits'].reduce(
    (n, g) => n + filters[g as ShopFilterType].length,
    0,
  );

  return (
    <div className="shop">
      <h1 className="ui-visually-hidden">Shop</h1>
      {settings.isPending ? (
        <HeroSkeleton />
      ) : settings.data && settings.data.banners.length > 0 ? (
        <HeroCarousel banners={settings.data.banners} userId={user?._id ?? ''} onLabVisit={onLabVisit} />
      ) : null}

      <div className="shop__layout">
        {groups.length > 0 && wide ? (
          <aside className="shop__filters" aria-label="Filters">
            <h2 className="shop__filters-title">Filters</h2>
            <ShopFilterGroups
              groups={groups}
              filters={filters}
              onChange={applyFilters}
              idPrefix="shop-filter"
            />
          </aside>
        ) : null}

        <section className="shop__products" aria-labelledby="shop-products-title">
          <div className="shop__products-head">
            <h2 id="shop-products-title" className="shop__products-title">
              Products
            </h2>
            {groups.length > 0 && !wide ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  setDraft(filters);
                  setFiltersOpen(true);
                }}
              >
                Filters{filterCount > 0 ? ` (${filterCount})` : ''}
              </Button>
            ) : null}
          </div>

          {products.isPending ? (
            <ShopGridSkeleton />
          ) : products.isError && !page ? (
            <Alert tone="error" title={MESSAGES.networkError}>
              <Button variant="secondary" size="sm" onClick={() => products.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : page && page.docs.length === 0 && page.totalDocs > 0 ? (
            // an address with a page past the last one (products were removed since it was shared)
            <div className="shop__empty" role="status">
              <p>There are no products on this page.</p>
              <Button variant="secondary" size="sm" onClick={() => applyFilters({ ...filters, page: 1 })}>
                Go to the first page
              </Button>
            </div>
          ) : page && page.docs.length === 0 ? (
            <div className="shop__empty" role="status">
              <p>
                {hasShopFilters(filters)
                  ? 'No products match these filters.'
                  : 'There are no products in the shop yet.'}
              </p>
              {hasShopFilters(filters) ? (
                <Button variant="secondary" size="sm" onClick={() => applyFilters(NO_SHOP_FILTERS)}>
                  Clear filters
                </Button>
              ) : null}
            </div>
          ) : page ? (
            <>
              <ul className="shop-grid" aria-busy={products.isPlaceholderData || undefined}>
                {page.docs.map((product) => (
                  <ProductCard
                    key={product._id}
                    product={product}
                    patientState={user?.state}
                    onPurchase={(id) => setCheckout(id)}
                  />
                ))}
              </ul>
              <Pagination
                page={page.page}
                totalPages={page.totalPages}
                hrefFor={(n) => `?${searchWith({ ...filters, page: n }).toString()}`}
              />
            </>
          ) : null}
        </section>
      </div>

      <SidePanel
        open={filtersOpen && !wide}
        onClose={() => setFiltersOpen(false)}
        title="Filters"
        closeLabel="Close filters"
      >
        <form
          className="shop-filters__panel"
          onSubmit={(event) => {
            event.preventDefault();
            applyFilters({ ...draft, page: 1 });
            setFiltersOpen(false);
          }}
        >
          <ShopFilterGroups
            groups={groups}
            filters={draft}
            onChange={setDraft}
            idPrefix="shop-panel-filter"
          />
          <div className="shop-filters__panel-actions">
            <Button type="submit">Submit</Button>
            <Button variant="secondary" onClick={() => setDraft(NO_SHOP_FILTERS)}>
              Reset
            </Button>
            <Button variant="ghost" onClick={() => setFiltersOpen(false)}>
              Close
            </Button>
          </div>
        </form>
      </SidePanel>

      {checkoutId ? (
        <Suspense fallback={null}>
          <CheckoutPanel
            templateId={checkoutId}
            onClose={() => setCheckout(null)}
            onPurchased={onPurchased}
          />
        </Suspense>
      ) : null}

      <Modal
        open={purchased}
        onClose={() => setPurchased(false)}
        title={MESSAGES.actionSuccess}
        actions={<Button onClick={() => setPurchased(false)}>Continue Shopping</Button>}
      >
        <p>
          Thank you for your order. We have emailed your receipt, and we will let you know when it is on its
          way.
        </p>
      </Modal>
    </div>
  );
}
