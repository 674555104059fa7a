import { CURRENCY } from '../constants';

const USD = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Converts integer cents to dollars (display only: cents / 100). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Formats integer cents as US dollars with 2 decimals and thousands separators: 8700 -> "$87.00", 123450 -> "$1,234.50". */
export function formatUsd(cents: number): string {
  return USD.format(centsToDollars(Number.isFinite(cents) ? cents : 0));
}
