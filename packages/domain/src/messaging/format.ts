import { formatClockTime, MONTH_ABBREVIATIONS } from '../format/month-names';
import { wallTimeAt } from '../scheduling/zoned-time';
import { ordinal } from '../subscriptions/status';

/** The viewer's own clock: the runtime's local time, read without Intl (whose first use loads ICU data). */
function localWallTime(instant: Date) {
  return {
    month: instant.getMonth() + 1,
    day: instant.getDate(),
    hour: instant.getHours(),
    minute: instant.getMinutes(),
  };
}

/**
 * When a message was sent, as 'MMM Do, h:mm A' (001 §9): 'Jun 10th, 12:00 PM', on the clock of `timeZone`,
 * by default the viewer's own. Built from the zone's wall time rather than Intl's time format, whose
 * separator before AM/PM differs between runtimes. An invalid date gives '' rather than breaking the list.
 */
export function messageTime(instant: Date, timeZone?: string): string {
  if (Number.isNaN(instant.getTime())) return '';
  const w = timeZone ? wallTimeAt(instant, timeZone) : localWallTime(instant);
  return `${MONTH_ABBREVIATIONS[w.month - 1]} ${ordinal(w.day)}, ${formatClockTime(w.hour, w.minute)}`;
}
