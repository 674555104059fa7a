import { type CalendarDate, parseDate } from '@internationalized/date';
import { MONTH_NAMES, WEEKDAY_NAMES } from '@portal/domain/format/month-names';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  Heading,
} from 'react-aria-components';

/** 'Monday, March 29, 2027': how a day is named to assistive technology (the calendar's cell label). */
export function dayLabel(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return `${WEEKDAY_NAMES[day]}, ${MONTH_NAMES[m - 1]} ${d}, ${y}`;
}

/**
 * A month calendar limited to [min, max] with some days unavailable (001 §5 "Reschedule"), built on React
 * Aria Components' Calendar (decision 015): a grid with the APG date picker keys (arrows by day and week,
 * Home/End, Page Up/Down by month, Shift+Page by year, Enter or Space chooses), one focusable day that never
 * lands on a day that cannot be reached, unavailable days announced as such and not chosen, and the month
 * heading announced as it changes. Dates are ISO days (YYYY-MM-DD) without a time zone, in and out.
 */
export default function DatePicker({
  value,
  min,
  max,
  isDisabled,
  onChange,
  label,
}: {
  value: string;
  min: string;
  max: string;
  isDisabled: (iso: string) => boolean;
  onChange: (iso: string) => void;
  label: string;
}) {
  return (
    <Calendar<CalendarDate>
      aria-label={label}
      className="sub-calendar"
      value={parseDate(value)}
      minValue={parseDate(min)}
      maxValue={parseDate(max)}
      isDateUnavailable={(date) => isDisabled(date.toString())}
      onChange={(date) => onChange(date.toString())}
    >
      <div className="sub-calendar__header">
        <Button slot="previous" className="sub-calendar__nav" aria-label="Previous month">
          ‹
        </Button>
        <Heading className="sub-calendar__month" />
        <Button slot="next" className="sub-calendar__nav" aria-label="Next month">
          ›
        </Button>
      </div>
      <CalendarGrid className="sub-calendar__grid" weekdayStyle="short">
        <CalendarGridHeader>
          {(day) => <CalendarHeaderCell className="sub-calendar__weekday">{day}</CalendarHeaderCell>}
        </CalendarGridHeader>
        <CalendarGridBody>
          {(date) => <CalendarCell date={date} className="sub-calendar__day" />}
        </CalendarGridBody>
      </CalendarGrid>
    </Calendar>
  );
}
