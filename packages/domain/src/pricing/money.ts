import { CURRENCY } from '../constants';

/**
 * Made on the first price shown, not when the module loads: the browser's first number format loads its
 * locale data (about 40 ms of a signed-in page's start on a busy machine), and pages that load this module
 * for their dialogs or later screens show no price at first.
 */
let usd: Intl.NumberFormat | undefined;
const USD = (): Intl.NumberFormat =>
  (usd ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: CURRENCY,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }));

/** Converts integer cents to dollars (display only: cents / 100). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Formats integer cents as US dollars with 2 decimals and thousands separators: 8700 -> "$87.00", 123450 -> "$1,234.50". */
export function formatUsd(cents: number): string {
  return USD().format(centsToDollars(Number.isFinite(cents) ? cents : 0));
}
