import type { Appointment, AvailableSlot } from '@portal/domain/contracts/appointment';
import { BookableKind, type CareScheduleEntry } from '@portal/domain/contracts/appointment';
import { formatCallTime } from '@portal/domain/scheduling/format-slot';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  CARE_PICKER_DAYS,
  careSlotsQueryOptions,
  useCareRescheduleAppointment,
} from '../../../api/care/schedule';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { CareSlotChoice } from './care-slot-choice';

/**
 * Moving a patient's appointment (decision 043: same appointment, next sequence) to another time its physician
 * has open for that patient. The patient is told of the new time.
 */
export function RescheduleAppointmentDialog({
  entry,
  timeZone,
  onClose,
  onMoved,
}: {
  entry: CareScheduleEntry;
  timeZone: string;
  onClose: () => void;
  onMoved: (appointment: Appointment) => void;
}) {
  const kind = BookableKind.safeParse(entry.event_type.kind);
  const slots = useQuery({
    ...careSlotsQueryOptions({
      patient_id: entry.patient._id,
      kind: kind.success ? kind.data : 'consultation',
      days: CARE_PICKER_DAYS,
      ...(entry.physician ? { physician_id: entry.physician._id } : {}),
    }),
    enabled: kind.success && entry.physician !== null,
  });
  const move = useCareRescheduleAppointment();
  const [slot, setSlot] = useState<AvailableSlot | null>(null);
  const movable = kind.success && entry.physician !== null;

  return (
    <Modal
      open
      onClose={onClose}
      title="Reschedule this appointment"
      actions={
        <>
          <Button
            onClick={() =>
              slot &&
              move.mutate(
                { id: entry._id, start_time: slot.start_time },
                { onSuccess: onMoved, onError: () => setSlot(null) },
              )
            }
            disabled={!slot}
            loading={move.isPending}
          >
            Move to this time
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Keep the time
          </Button>
        </>
      }
    >
      <div className="care-book">
        <p>
          {entry.patient.name}, now {formatCallTime(new Date(entry.event.start_time), timeZone)}
          {entry.physician ? ` with ${entry.physician.name}` : ''}.
        </p>
        {!movable ? (
          <Alert tone="info">
            This appointment has no physician of the clinic's calendar to move it with.
          </Alert>
        ) : slots.isPending ? (
          <Spinner label="Loading open times" />
        ) : slots.isError ? (
          <Alert tone="error">{slots.error.message}</Alert>
        ) : slots.data.slots.length === 0 ? (
          <Alert tone="info">
            {entry.physician?.name} has no other open times in the next {CARE_PICKER_DAYS} days.
          </Alert>
        ) : (
          <CareSlotChoice
            slots={slots.data.slots}
            timeZone={timeZone}
            selected={slot}
            onSelect={(s) => {
              move.reset();
              setSlot(s);
            }}
          />
        )}
        {move.isError ? <Alert tone="error">{move.error.message}</Alert> : null}
      </div>
    </Modal>
  );
}
