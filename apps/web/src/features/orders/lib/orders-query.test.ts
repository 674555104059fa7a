import { describe, expect, it } from 'vitest';
import { ordersSearch, readOrdersFilters } from './orders-query';

describe('orders query string', () => {
  it('reads page, product type and status', () => {
    expect(readOrdersFilters(new URLSearchParams('page=3&productType=lab&status=paid'))).toEqual({
      page: 3,
      productType: 'lab',
      status: 'paid',
    });
  });

  it('drops what cannot be sent', () => {
    expect(readOrdersFilters(new URLSearchParams('page=0&productType=car&status=DROP%20TABLE'))).toEqual({
      page: 1,
    });
    expect(readOrdersFilters(new URLSearchParams('page=2.5'))).toEqual({ page: 1 });
  });

  it('writes filters first and leaves out page 1', () => {
    expect(ordersSearch({ page: 1 })).toBe('');
    expect(ordersSearch({ page: 2, status: 'paid' })).toBe('?status=paid&page=2');
    expect(ordersSearch({ page: 1, productType: 'supplement', status: undefined })).toBe(
      '?productType=supplement',
    );
  });
});
