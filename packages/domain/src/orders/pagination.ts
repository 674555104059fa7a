import { PAGINATION_PAGE_NUMBERS } from '../constants';

/**
 * The page numbers a pager shows (001 §9, 002 §9: 5 at a time): a window around the current page, moved
 * inwards at either end so it always holds `count` numbers when there are that many pages.
 */
export function pageNumbers(current: number, totalPages: number, count = PAGINATION_PAGE_NUMBERS): number[] {
  if (totalPages < 1) return [];
  const page = Math.min(Math.max(1, Math.trunc(current)), totalPages);
  const size = Math.min(count, totalPages);
  const first = Math.min(Math.max(1, page - Math.floor((size - 1) / 2)), totalPages - size + 1);
  return Array.from({ length: size }, (_, i) => first + i);
}

/** The page flags of a paged answer (docs, page, totalPages, hasNextPage, hasPrevPage). */
export function pageFlags(page: number, totalDocs: number, limit: number) {
  const totalPages = Math.max(1, Math.ceil(totalDocs / limit));
  return { page, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1 };
}
