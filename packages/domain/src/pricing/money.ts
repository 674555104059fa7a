import { CURRENCY } from '../constants';

/** The symbol prices are written with, for the portal's currency (constants' CURRENCY). */
const SYMBOL: Record<typeof CURRENCY, string> = { USD: '$' };

/** Converts integer cents to dollars (display only: cents / 100). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Formats integer cents as US dollars with 2 decimals and thousands separators: 8700 -> "$87.00", 123450 -> "$1,234.50". */
export function formatUsd(cents: number): string {
  const value = Number.isFinite(cents) ? cents : 0;
  const rounded = Math.round(Math.abs(value));
  const dollars = String(Math.floor(rounded / 100)).replace(THOUSANDS, ',');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${SYMBOL[CURRENCY]}${dollars}.${String(rounded % 100).padStart(2, '0')}`;
}

/** The places a thousands comma goes in a run of digits. */
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;
