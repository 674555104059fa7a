import { MONTH_NAMES } from '@portal/domain/format/month-names';
import { ordinal } from '@portal/domain/subscriptions/status';

/** A date as labs show it (002 §9): "MMMM Do YYYY" in local time, e.g. "June 10th 2026"; '' when unreadable. */
export function formatLabDate(value: string | null | undefined): string {
  if (!value) return '';
  // a bare calendar date (YYYY-MM-DD) is that day wherever the patient is
  const bare = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = bare ? new Date(Number(bare[1]), Number(bare[2]) - 1, Number(bare[3])) : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${MONTH_NAMES[date.getMonth()]} ${ordinal(date.getDate())} ${date.getFullYear()}`;
}
