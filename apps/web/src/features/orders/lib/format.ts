import { formatShortDate } from '@portal/domain/format/month-names';

/** "Nov 14, 2026". */
export function formatDate(iso: string): string {
  return formatShortDate(new Date(iso));
}
