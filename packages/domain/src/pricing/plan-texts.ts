/**
 * "N month(s)" as the spec writes it: the "(s)" is resolved by N, so 1 gives "1 month" and any other N
 * gives "N months". The number is always shown, also for 1 ("every 1 month"), to keep the spec's wording.
 */
export function monthsText(months: number): string {
  return months === 1 ? '1 month' : `${months} months`;
}

/** Renewal text of the checkout panel, 'Renews every N month(s)' (000 §9, 002 §2.7): "Renews every 1 month", "Renews every 3 months". */
export function renewsEveryText(months: number): string {
  return `Renews every ${monthsText(months)}`;
}

/** Billing text of the subscriptions area, 'Billing every N month(s)' (001 §9): "Billing every 1 month", "Billing every 6 months". */
export function billingEveryText(months: number): string {
  return `Billing every ${monthsText(months)}`;
}
