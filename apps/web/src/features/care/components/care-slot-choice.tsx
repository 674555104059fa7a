import type { AvailableSlot } from '@portal/domain/contracts/appointment';
import { SlotChoice } from '../../../components/slot-picker/slot-choice';

/** A day, then a time of the open slots, in the staff member's zone. */
export function CareSlotChoice(props: {
  slots: readonly AvailableSlot[];
  timeZone: string;
  selected: AvailableSlot | null;
  onSelect: (slot: AvailableSlot | null) => void;
}) {
  return (
    <div className="slot-picker">
      <SlotChoice {...props} zoneNote={`Times in ${props.timeZone}.`} />
    </div>
  );
}
