const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** "Nov 14, 2026". */
export function formatDate(iso: string): string {
  return DATE.format(new Date(iso));
}
