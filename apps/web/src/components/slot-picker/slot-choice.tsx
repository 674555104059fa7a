import type { AvailableSlot } from '@portal/domain/contracts/appointment';
import { formatSlotTime, groupSlotsByDay } from '@portal/domain/scheduling/format-slot';
import { useMemo, useState } from 'react';
import './slot-picker.css';

/**
 * A day, then a time of the open slots, worded in `timeZone`. The chosen slot is the caller's: choosing a
 * time selects it, choosing another day clears it (null). The first day is shown until another is chosen.
 */
export function SlotChoice({
  slots,
  timeZone,
  selected,
  onSelect,
  zoneNote,
}: {
  slots: readonly AvailableSlot[];
  timeZone: string;
  selected: AvailableSlot | null;
  onSelect: (slot: AvailableSlot | null) => void;
  /** The line under the times saying whose zone they are in. */
  zoneNote: string;
}) {
  const days = useMemo(() => groupSlotsByDay(slots, timeZone), [slots, timeZone]);
  const [dayKey, setDayKey] = useState<string | null>(null);
  const day = days.find((d) => d.key === dayKey) ?? days[0];
  if (!day) return null;
  return (
    <>
      <fieldset className="slot-picker__group">
        <legend className="slot-picker__legend">Choose a day</legend>
        <div className="slot-picker__days">
          {days.map((d) => (
            <button
              key={d.key}
              type="button"
              className="slot-picker__day"
              aria-pressed={d.key === day.key}
              onClick={() => {
                setDayKey(d.key);
                onSelect(null);
              }}
            >
              {d.label}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset className="slot-picker__group">
        <legend className="slot-picker__legend">Choose a time on {day.label}</legend>
        <div className="slot-picker__times">
          {day.slots.map((s) => (
            <button
              key={s.start_time}
              type="button"
              className="slot-picker__time"
              aria-pressed={selected?.start_time === s.start_time}
              onClick={() => onSelect(s)}
            >
              {formatSlotTime(new Date(s.start_time), timeZone)}
            </button>
          ))}
        </div>
      </fieldset>
      <p className="slot-picker__zone">{zoneNote}</p>
    </>
  );
}
