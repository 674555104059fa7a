import { addDays } from '@portal/domain/subscriptions/reschedule';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

const WEEKDAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'];
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const parts = (iso: string) => iso.split('-').map(Number) as [number, number, number];
const monthOf = (iso: string) => iso.slice(0, 7);
const weekday = (iso: string) => {
  const [y, m, d] = parts(iso);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
};

/** 'Monday, March 29, 2027': the accessible name of a day. */
export function dayLabel(iso: string): string {
  const [y, m, d] = parts(iso);
  return `${WEEKDAY_NAMES[weekday(iso)]}, ${MONTHS[m - 1]} ${d}, ${y}`;
}

function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * A month calendar limited to [min, max] with some days disabled (001 §5 "Reschedule"). The arrow keys move
 * between days (one focusable day at a time), Enter or Space chooses.
 */
export function DatePicker({
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
  const [month, setMonth] = useState(monthOf(value));
  const [focused, setFocused] = useState(value);
  const grid = useRef<HTMLFieldSetElement>(null);
  const moveFocus = useRef(false);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  const first = `${month}-01`;
  const days: (string | null)[] = Array.from({ length: weekday(first) }, () => null);
  for (let d = first; monthOf(d) === month; d = addDays(d, 1)) days.push(d);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));

  const [y, m] = month.split('-').map(Number) as [number, number];
  const canPrev = shiftMonth(month, -1) >= monthOf(min);
  const canNext = shiftMonth(month, 1) <= monthOf(max);

  function onKeyDown(event: KeyboardEvent<HTMLFieldSetElement>) {
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = addDays(focused, step);
    if (next < min || next > max) return;
    moveFocus.current = true;
    setFocused(next);
    setMonth(monthOf(next));
  }

  return (
    <div className="sub-calendar">
      <div className="sub-calendar__header">
        <button
          type="button"
          className="sub-calendar__nav"
          aria-label="Previous month"
          disabled={!canPrev}
          onClick={() => setMonth(shiftMonth(month, -1))}
        >
          ‹
        </button>
        <p className="sub-calendar__month" aria-live="polite">
          {MONTHS[m - 1]} {y}
        </p>
        <button
          type="button"
          className="sub-calendar__nav"
          aria-label="Next month"
          disabled={!canNext}
          onClick={() => setMonth(shiftMonth(month, 1))}
        >
          ›
        </button>
      </div>
      <fieldset ref={grid} className="sub-calendar__days" onKeyDown={onKeyDown}>
        <legend className="ui-visually-hidden">{label}</legend>
        <table className="sub-calendar__grid">
          <thead>
            <tr>
              {WEEKDAYS.map((w, i) => (
                <th key={w} scope="col" abbr={WEEKDAY_NAMES[i]}>
                  {w}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.find(Boolean) ?? 'empty'}>
                {Array.from({ length: 7 }, (_, i) => {
                  const day = week[i] ?? null;
                  // biome-ignore lint/suspicious/noArrayIndexKey: a blank cell has nothing but its place
                  if (!day) return <td key={`blank-${i}`} />;
                  const disabled = day < min || day > max || isDisabled(day);
                  const selected = day === value;
                  const tabbable = monthOf(focused) === month ? day === focused : day === first;
                  return (
                    <td key={day}>
                      <button
                        type="button"
                        data-day={day}
                        className="sub-calendar__day"
                        aria-label={dayLabel(day)}
                        aria-pressed={selected}
                        disabled={disabled}
                        tabIndex={tabbable ? 0 : -1}
                        onFocus={() => setFocused(day)}
                        onClick={() => onChange(day)}
                      >
                        {Number(day.slice(8))}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </fieldset>
    </div>
  );
}
