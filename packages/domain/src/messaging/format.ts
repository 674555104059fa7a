import { wallTimeAt } from '../scheduling/zoned-time';
import { ordinal } from '../subscriptions/status';

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });

/** The runtime's zone: the viewer's own in a browser. */
const runtimeTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * When a message was sent, as 'MMM Do, h:mm A' (001 §9): 'Jun 10th, 12:00 PM', on the clock of `timeZone`,
 * by default the viewer's own. Built from the zone's wall time rather than Intl's time format, whose
 * separator before AM/PM differs between runtimes. An invalid date gives '' rather than breaking the list.
 */
export function messageTime(instant: Date, timeZone: string = runtimeTimeZone()): string {
  if (Number.isNaN(instant.getTime())) return '';
  const w = wallTimeAt(instant, timeZone);
  const month = MONTH.format(new Date(Date.UTC(2000, w.month - 1, 1)));
  const hour = w.hour % 12 || 12;
  const minute = String(w.minute).padStart(2, '0');
  return `${month} ${ordinal(w.day)}, ${hour}:${minute} ${w.hour < 12 ? 'AM' : 'PM'}`;
}
