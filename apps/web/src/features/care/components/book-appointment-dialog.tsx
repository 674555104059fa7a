import type { Appointment, AvailableSlot, BookableKind } from '@portal/domain/contracts/appointment';
import { APPOINTMENT_TYPE_NAMES } from '@portal/domain/scheduling/appointment-types';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import {
  CARE_PICKER_DAYS,
  carePatientSearchQueryOptions,
  carePhysiciansQueryOptions,
  careSlotsQueryOptions,
  useCareBookAppointment,
} from '../../../api/care/schedule';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { TextInput } from '../../../components/ui/text-input';
import { CareSlotChoice } from './care-slot-choice';

const KINDS: readonly BookableKind[] = ['user-verification', 'consultation', 'coaching'];
const FIRST_AVAILABLE = '';

type Chosen = { _id: string; name: string };

/**
 * Booking on a patient's behalf (issue 16 §7): find the patient, choose the kind of call and a physician (or
 * whoever is free first), then one of the open times that patient would be offered, shown in the staff
 * member's zone. A time taken meanwhile (409) is explained and the times reloaded.
 */
export function BookAppointmentDialog({
  timeZone,
  onClose,
  onBooked,
}: {
  timeZone: string;
  onClose: () => void;
  onBooked: (appointment: Appointment, patient: Chosen) => void;
}) {
  const [text, setText] = useState('');
  const search = useDeferredValue(text);
  const [patient, setPatient] = useState<Chosen | null>(null);
  const [kind, setKind] = useState<BookableKind>('consultation');
  const [physicianId, setPhysicianId] = useState(FIRST_AVAILABLE);
  const [slot, setSlot] = useState<AvailableSlot | null>(null);
  const patients = useQuery(carePatientSearchQueryOptions(search));
  const physicians = useQuery(carePhysiciansQueryOptions());
  const slots = useQuery({
    ...careSlotsQueryOptions({
      patient_id: patient?._id ?? '',
      kind,
      days: CARE_PICKER_DAYS,
      ...(physicianId ? { physician_id: physicianId } : {}),
    }),
    enabled: patient !== null,
  });
  const book = useCareBookAppointment();
  const resultsId = useId();

  const reset = () => {
    setSlot(null);
    book.reset();
  };

  function confirm() {
    if (!patient || !slot) return;
    book.mutate(
      {
        patient_id: patient._id,
        kind,
        start_time: slot.start_time,
        ...(physicianId ? { physician_id: physicianId } : {}),
      },
      { onSuccess: (appointment) => onBooked(appointment, patient), onError: () => setSlot(null) },
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      title="Book an appointment"
      actions={
        <>
          <Button onClick={confirm} disabled={!patient || !slot} loading={book.isPending}>
            Book
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      <div className="care-book">
        {patient ? (
          <div className="care-book__patient">
            <p>
              Patient: <strong>{patient.name}</strong>
            </p>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setPatient(null);
                reset();
              }}
            >
              Change patient
            </Button>
          </div>
        ) : (
          <>
            <TextInput
              label="Find the patient"
              hint="Their name or e-mail, 2 letters at least."
              type="search"
              autoComplete="off"
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
            <div id={resultsId} aria-live="polite">
              {search.trim().length < 2 ? null : patients.isPending ? (
                <Spinner label="Searching the patients" />
              ) : patients.isError ? (
                <Alert tone="error">{patients.error.message}</Alert>
              ) : patients.data.length === 0 ? (
                <p>No patient of the clinic matches “{search.trim()}”.</p>
              ) : (
                <ul className="care-book__results" aria-label="Matching patients">
                  {patients.data.map((p) => (
                    <li key={p._id}>
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => {
                          setPatient({ _id: p._id, name: p.name });
                          reset();
                        }}
                      >
                        {p.name} <span className="care-book__email">{p.email}</span>
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </>
        )}

        <div className="care-book__choices">
          <Select
            label="Kind of call"
            value={kind}
            options={KINDS.map((k) => ({ value: k, label: APPOINTMENT_TYPE_NAMES[k] }))}
            onChange={(e) => {
              setKind(e.target.value as BookableKind);
              reset();
            }}
          />
          <Select
            label="Physician"
            value={physicianId}
            options={[
              { value: FIRST_AVAILABLE, label: 'First available' },
              ...(physicians.data ?? [])
                .filter((p) => p.active)
                .map((p) => ({ value: p._id, label: p.name })),
            ]}
            onChange={(e) => {
              setPhysicianId(e.target.value);
              reset();
            }}
          />
        </div>

        {!patient ? null : slots.isPending ? (
          <Spinner label="Loading open times" />
        ) : slots.isError ? (
          <Alert tone="error">{slots.error.message}</Alert>
        ) : slots.data.slots.length === 0 ? (
          <Alert tone="info">No times are open in the next {CARE_PICKER_DAYS} days for this choice.</Alert>
        ) : (
          <CareSlotChoice
            key={`${patient._id}-${kind}-${physicianId}`}
            slots={slots.data.slots}
            timeZone={timeZone}
            selected={slot}
            onSelect={(s) => {
              book.reset();
              setSlot(s);
            }}
          />
        )}
        {book.isError ? <Alert tone="error">{book.error.message}</Alert> : null}
      </div>
    </Modal>
  );
}
