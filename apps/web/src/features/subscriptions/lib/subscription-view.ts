import type { SubscriptionDetails } from '@portal/domain/contracts/subscription';
import { formatIsoDate, toCalendarDate } from '@portal/domain/format/date';
import { isoDateOf, type RescheduleWindow, rescheduleWindow } from '@portal/domain/subscriptions/reschedule';

/** The patient's calendar day, 'YYYY-MM-DD'. */
export function localToday(now: Date = new Date()): string {
  return formatIsoDate(toCalendarDate(now));
}

/** The latest prescription's expiration date (001 §9 'overdue' warning), or null. */
export function prescriptionExpiration(sub: SubscriptionDetails): string | null {
  const last = sub.prescriptions.at(-1) as { medication?: { expiration_date?: unknown } } | undefined;
  const date = last?.medication?.expiration_date;
  return typeof date === 'string' ? date : null;
}

export function windowOf(sub: SubscriptionDetails, today: string): RescheduleWindow | null {
  if (!sub.billing) return null;
  return rescheduleWindow({
    currentPeriodStart: isoDateOf(Date.parse(sub.billing.current_period_start)),
    durationMonths: sub.duration,
    scheduled: isoDateOf(Date.parse(sub.billing.scheduled_date)),
    today,
  });
}
