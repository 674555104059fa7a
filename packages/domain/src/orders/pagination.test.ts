import { describe, expect, it } from 'vitest';
import { pageFlags, pageNumbers } from './pagination';

describe('pageNumbers', () => {
  it('shows every page when there are 5 or fewer', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(2, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('centres the current page in a window of 5', () => {
    // Page 6 of 12: two either side, 4..8.
    expect(pageNumbers(6, 12)).toEqual([4, 5, 6, 7, 8]);
  });

  it('keeps 5 numbers at the ends', () => {
    // Page 2 of 12 would start at 0: the window is pushed to 1..5; page 11 of 12 to 8..12.
    expect(pageNumbers(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(2, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(11, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageNumbers(12, 12)).toEqual([8, 9, 10, 11, 12]);
  });

  it('clamps a page outside the range and answers nothing without pages', () => {
    expect(pageNumbers(40, 7)).toEqual([3, 4, 5, 6, 7]);
    expect(pageNumbers(-3, 7)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(1, 0)).toEqual([]);
  });
});

describe('pageFlags', () => {
  it('counts pages and says which neighbours exist', () => {
    // 23 purchases by 10: pages of 10, 10 and 3.
    expect(pageFlags(1, 23, 10)).toEqual({ page: 1, totalPages: 3, hasNextPage: true, hasPrevPage: false });
    expect(pageFlags(2, 23, 10)).toEqual({ page: 2, totalPages: 3, hasNextPage: true, hasPrevPage: true });
    expect(pageFlags(3, 23, 10)).toEqual({ page: 3, totalPages: 3, hasNextPage: false, hasPrevPage: true });
  });

  it('has one empty page when there is nothing', () => {
    expect(pageFlags(1, 0, 10)).toEqual({ page: 1, totalPages: 1, hasNextPage: false, hasPrevPage: false });
  });
});
