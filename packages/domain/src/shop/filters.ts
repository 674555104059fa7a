import type { ShopFilterType } from '../contracts/shop';

/** The shop's filter choices (002 §2.6). An empty group means All. Page numbers start at 1. */
export type ShopFilters = { type: string[]; protocols: string[]; benefits: string[]; page: number };

export const SHOP_FILTER_GROUPS: readonly ShopFilterType[] = ['type', 'protocols', 'benefits'];

export const NO_SHOP_FILTERS: ShopFilters = { type: [], protocols: [], benefits: [], page: 1 };

/** The part of URLSearchParams the rules read (the domain package has no DOM types). */
export interface SearchParamsLike {
  get(key: string): string | null;
  getAll(key: string): string[];
}

/** The query parameters the filters own; any other (`checkout`) is left alone. */
export const SHOP_FILTER_PARAMS = [...SHOP_FILTER_GROUPS, 'page'] as const;

const MAX_VALUES = 20;
const MAX_PAGE = 10_000;

/** Comma-joined or repeated values, trimmed, without empties, `all` or repeats (case kept, compared without). */
function values(search: SearchParamsLike, key: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of search.getAll(key).flatMap((v) => v.split(','))) {
    const value = raw.trim().slice(0, 50);
    const folded = value.toLowerCase();
    if (!value || folded === 'all' || seen.has(folded)) continue;
    seen.add(folded);
    out.push(value);
  }
  return out.slice(0, MAX_VALUES);
}

/** The filters of a shop address (`?type=lab,supplement&protocols=…&benefits=…&page=2`); junk reads as All / 1. */
export function parseShopFilters(params: SearchParamsLike): ShopFilters {
  const page = Number(params.get('page'));
  return {
    type: values(params, 'type').map((t) => t.toLowerCase()),
    protocols: values(params, 'protocols'),
    benefits: values(params, 'benefits'),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/**
 * The query parameters of `filters`, in order (groups comma-joined, an All group and page 1 left out); with
 * the other parameters of the address put back, `parseShopFilters` reads the same filters.
 */
export function shopFilterParams(filters: ShopFilters): [string, string][] {
  const out: [string, string][] = [];
  for (const group of SHOP_FILTER_GROUPS) {
    if (filters[group].length > 0) out.push([group, filters[group].join(',')]);
  }
  if (filters.page > 1) out.push(['page', String(filters.page)]);
  return out;
}

/** A choice in a group changed: All clears the group; the page goes back to 1 (002 §2.6). */
export function toggleShopFilter(
  filters: ShopFilters,
  group: ShopFilterType,
  value: string | 'all',
  checked: boolean,
): ShopFilters {
  const current = filters[group];
  const next =
    value === 'all'
      ? []
      : checked
        ? current.some((v) => v.toLowerCase() === value.toLowerCase())
          ? current
          : [...current, value]
        : current.filter((v) => v.toLowerCase() !== value.toLowerCase());
  return { ...filters, [group]: next, page: 1 };
}

/** Only the values the clinic offers in each group (in the clinic's spelling); others are dropped. */
export function offeredShopFilters(
  filters: ShopFilters,
  offered: Partial<Record<ShopFilterType, readonly string[]>>,
): ShopFilters {
  const keep = (group: ShopFilterType) => {
    const valid = offered[group] ?? [];
    return filters[group]
      .map((v) => valid.find((o) => o.toLowerCase() === v.toLowerCase()))
      .filter((v): v is string => v !== undefined);
  };
  return { type: keep('type'), protocols: keep('protocols'), benefits: keep('benefits'), page: filters.page };
}

/** The GET /v2/products query of the filters (002 §7.5): types as product_type, protocols and benefits as tags. */
export function shopProductsQuery(filters: ShopFilters, limit: number): Record<string, string | number> {
  const tags = [...filters.protocols, ...filters.benefits];
  return {
    page: filters.page,
    limit,
    ...(filters.type.length > 0 ? { product_type: filters.type.join(',') } : {}),
    ...(tags.length > 0 ? { tags: tags.join(',') } : {}),
  };
}

export function hasShopFilters(filters: ShopFilters): boolean {
  return SHOP_FILTER_GROUPS.some((g) => filters[g].length > 0);
}
