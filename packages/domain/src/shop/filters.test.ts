import { describe, expect, it } from 'vitest';
import {
  NO_SHOP_FILTERS,
  offeredShopFilters,
  parseShopFilters,
  type SearchParamsLike,
  SHOP_FILTER_PARAMS,
  type ShopFilters,
  shopFilterParams,
  shopProductsQuery,
  toggleShopFilter,
} from './filters';

/** A query string as the rules read it (the domain package has no DOM types). */
function q(search: string): SearchParamsLike & { pairs: [string, string][] } {
  const pairs = search
    .replace(/^\?/, '')
    .split('&')
    .filter(Boolean)
    .map((p) => p.split('=').map((x) => decodeURIComponent(x.replace(/\+/g, ' '))) as [string, string]);
  return {
    pairs,
    get: (k) => pairs.find(([key]) => key === k)?.[1] ?? null,
    getAll: (k) => pairs.filter(([key]) => key === k).map(([, v]) => v),
  };
}

/** The address with its filters replaced, other parameters kept (as the page writes it). */
function withShopFilters(search: string, filters: ShopFilters) {
  const kept = q(search).pairs.filter(([k]) => !(SHOP_FILTER_PARAMS as readonly string[]).includes(k));
  const all = [...kept, ...shopFilterParams(filters)];
  return q(all.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'));
}

const text = (p: { pairs: [string, string][] }) => p.pairs.map(([k, v]) => `${k}=${v}`).join('&');

describe('shop filters in the query string (002 §2.6)', () => {
  it('reads comma-joined groups and the page', () => {
    expect(
      parseShopFilters(q('?type=lab,supplement&protocols=Longevity&benefits=Energy,Heart%20health&page=2')),
    ).toEqual({
      type: ['lab', 'supplement'],
      protocols: ['Longevity'],
      benefits: ['Energy', 'Heart health'],
      page: 2,
    });
  });

  it('reads /shop?type=lab as labs preselected, and junk as All and page 1', () => {
    expect(parseShopFilters(q('type=lab'))).toEqual({ ...NO_SHOP_FILTERS, type: ['lab'] });
    expect(parseShopFilters(q('type=all&protocols=,,&page=0'))).toEqual(NO_SHOP_FILTERS);
    expect(parseShopFilters(q('page=2.5')).page).toBe(1);
    expect(parseShopFilters(q('page=abc')).page).toBe(1);
    expect(parseShopFilters(q('type=LAB&type=lab')).type).toEqual(['lab']);
  });

  it('round-trips any filters and keeps other parameters', () => {
    const cases: ShopFilters[] = [
      NO_SHOP_FILTERS,
      { type: ['lab'], protocols: [], benefits: [], page: 1 },
      {
        type: ['lab', 'supplement'],
        protocols: ['Longevity', 'Metabolic'],
        benefits: ['Heart health'],
        page: 3,
      },
      { type: [], protocols: ['A&B=C'], benefits: [], page: 2 },
    ];
    for (const filters of cases) {
      const search = withShopFilters('checkout=abc', filters);
      expect(search.get('checkout')).toBe('abc');
      expect(parseShopFilters(search)).toEqual(filters);
    }
    expect(text(withShopFilters('', NO_SHOP_FILTERS))).toBe('');
    expect(text(withShopFilters('page=4&type=lab', { ...NO_SHOP_FILTERS, type: ['supplement'] }))).toBe(
      'type=supplement',
    );
  });

  it('toggles a value, clears a group with All and goes back to page 1', () => {
    const start = { ...NO_SHOP_FILTERS, type: ['lab'], page: 3 };
    expect(toggleShopFilter(start, 'type', 'supplement', true)).toEqual({
      ...start,
      type: ['lab', 'supplement'],
      page: 1,
    });
    expect(toggleShopFilter(start, 'type', 'lab', false)).toEqual({ ...start, type: [], page: 1 });
    expect(toggleShopFilter(start, 'type', 'all', true)).toEqual({ ...start, type: [], page: 1 });
    expect(toggleShopFilter(start, 'type', 'LAB', true).type).toEqual(['lab']);
  });

  it('keeps only the values the clinic offers, in its spelling', () => {
    const parsed = parseShopFilters(q('type=lab,pets&benefits=energy'));
    expect(offeredShopFilters(parsed, { type: ['lab', 'supplement'], benefits: ['Energy'] })).toEqual({
      ...NO_SHOP_FILTERS,
      type: ['lab'],
      benefits: ['Energy'],
    });
  });

  it('asks the API for types and for protocols and benefits as tags', () => {
    expect(
      shopProductsQuery(
        { type: ['lab', 'supplement'], protocols: ['Longevity'], benefits: ['Energy'], page: 2 },
        9,
      ),
    ).toEqual({
      page: 2,
      limit: 9,
      product_type: 'lab,supplement',
      tags: 'Longevity,Energy',
    });
    expect(shopProductsQuery(NO_SHOP_FILTERS, 9)).toEqual({ page: 1, limit: 9 });
  });
});
