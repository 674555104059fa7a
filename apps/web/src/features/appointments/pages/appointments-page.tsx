import {
  appointmentsForList,
  formatAppointmentDate,
  formatAppointmentTime,
  hasUpcoming,
} from '@portal/domain/appointments/appointment-view';
import type { Appointment, BookableKind, Physician } from '@portal/domain/contracts/appointment';
import { MESSAGES } from '@portal/domain/messages';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { allAppointmentsQueryOptions, useCancelAppointment } from '../../../api/appointments';
import { patientQueryOptions } from '../../../api/patient';
import { providersInStateQueryOptions } from '../../../api/physicians';
import { BookingConfirmation } from '../../../components/slot-picker/booking-confirmation';
import { SlotPicker } from '../../../components/slot-picker/slot-picker';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-error';
import { useBrand } from '../../../lib/brand';
import { patientTimeZone } from '../../../lib/time-zone';
import { AppointmentCard } from '../components/appointment-card';
import { PhysicianCard } from '../components/physician-card';
import '../appointments.css';
import { NewTabNote } from '../../../components/ui/hidden-suffix';

/** A visit with a physician booked from the Appointments or Providers page. */
const PHYSICIAN_VISIT: BookableKind = 'consultation';

/** The kind the scheduler books again when an appointment is moved. */
const rebookKind = (a: Appointment): BookableKind =>
  a.event_type.kind === 'follow-up' ? PHYSICIAN_VISIT : a.event_type.kind;

/**
 * The Appointments page (001 §2, §4): the patient's appointments, newest first, with cancel, reschedule and
 * the waiting room for those to come; 'Book Physician' (the physicians licensed in the patient's state) and
 * 'Schedule Appointment' (one physician's open times) for bookings that start here when the clinic allows
 * it, or on the Providers page (`?physician={id}`, `?view=book`); `?reschedule={id}` moves one.
 */
export default function AppointmentsPage() {
  const { userId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const headingId = useId();
  const timeZone = patientTimeZone();
  const { organization } = useBrand();
  const listBooking = organization?.settings.appointments?.list_booking === true;
  const patient = useQuery(patientQueryOptions(userId));
  const appointments = useQuery(allAppointmentsQueryOptions(userId));
  const state = patient.data?.state ?? '';
  const physicians = useQuery({ ...providersInStateQueryOptions(state), enabled: Boolean(state) });
  // a booking belongs to the address it was made at: leaving it (View your appointments) leaves the confirmation
  const [confirmation, setConfirmation] = useState<{ at: string; appointment: Appointment } | null>(null);
  const booked = confirmation?.at === search.toString() ? confirmation.appointment : null;
  const setBooked = (appointment: Appointment | null) =>
    setConfirmation(appointment ? { at: search.toString(), appointment } : null);
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const cancel = useCancelAppointment();

  const physicianId = search.get('physician');
  const rescheduleId = search.get('reschedule');
  const view = rescheduleId
    ? 'reschedule'
    : physicianId
      ? 'selected'
      : search.get('view') === 'book'
        ? 'select'
        : 'list';
  const only = physicians.data?.length === 1 ? physicians.data[0] : undefined;

  const go = (params: Record<string, string>) => {
    setBooked(null);
    setSearch(params);
  };
  /** Book: straight to the one physician when only one exists (001 §4). */
  const startBooking = () => go(only ? { physician: only._id } : { view: 'book' });

  const now = new Date();
  const list = appointmentsForList(appointments.data ?? []);

  let content: React.ReactNode;
  if (booked) {
    content = <BookingConfirmation appointment={booked} userId={userId} />;
  } else if (view === 'select' || view === 'selected') {
    content = (
      <BookingViews
        physicianId={physicianId}
        physicians={physicians.data}
        loading={Boolean(state) && physicians.isPending}
        failed={physicians.isError}
        hasState={Boolean(state) || patient.isPending}
        email={patient.data?.email}
        userId={userId}
        onChoose={(p) => go({ physician: p._id })}
        onClose={() => go(only || view === 'select' ? {} : { view: 'book' })}
        onBooked={setBooked}
      />
    );
  } else if (view === 'reschedule') {
    const moving = list.find((a) => a._id === rescheduleId);
    content = moving ? (
      <section className="appointments-booking" aria-labelledby={`${headingId}-move`}>
        <h2 id={`${headingId}-move`} className="appointments-booking__title">
          Reschedule {moving.event.name}
        </h2>
        <p className="appointments-booking__note">
          Now {formatAppointmentDate(new Date(moving.event.start_time), timeZone)} at{' '}
          {formatAppointmentTime(new Date(moving.event.start_time), timeZone)}. Pick a new time
          {moving.physician ? ` with ${moving.physician.name}` : ''}.
        </p>
        <SlotPicker
          kind={rebookKind(moving)}
          physicianId={moving.physician?._id}
          rescheduling={moving._id}
          onBooked={setBooked}
        />
        <Button variant="ghost" onClick={() => go({})}>
          Keep the current time
        </Button>
      </section>
    ) : appointments.isPending ? (
      <Spinner label="Loading appointments" />
    ) : (
      <Alert tone="warning">This appointment can no longer be rescheduled.</Alert>
    );
  } else if (appointments.isPending) {
    content = (
      <div className="appointments-page__loading">
        <Spinner label="Loading appointments" />
      </div>
    );
  } else if (appointments.isError) {
    content = (
      <Alert tone="error">
        <p>{MESSAGES.generic}</p>
        <Button size="sm" variant="secondary" onClick={() => void appointments.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  } else {
    content = (
      <>
        {hasUpcoming(
          list.map((a) => a.event),
          now,
        ) ? null : (
          <div className="appointments-empty">
            <h2 className="appointments-empty__title">No Upcoming Appointments</h2>
            {listBooking ? (
              <p className="appointments-empty__text">Book a visit with one of our physicians.</p>
            ) : null}
          </div>
        )}
        {list.length > 0 ? (
          <ul className="appointments-list" aria-label="Your appointments">
            {list.map((a) => (
              <AppointmentCard
                key={a._id}
                appointment={a}
                timeZone={timeZone}
                now={now}
                onCancel={() => {
                  cancel.reset();
                  setCancelling(a);
                }}
                onReschedule={() => go({ reschedule: a._id })}
              />
            ))}
          </ul>
        ) : null}
      </>
    );
  }

  return (
    <section className="appointments-page" aria-labelledby={headingId}>
      <header className="appointments-page__header">
        <h1 id={headingId} className="appointments-page__title">
          Appointments
        </h1>
        {view === 'list' && !booked && listBooking ? <Button onClick={startBooking}>Book</Button> : null}
      </header>
      {content}
      <Modal
        open={cancelling !== null}
        onClose={() => setCancelling(null)}
        title="Cancel this appointment?"
        actions={
          <>
            <Button
              variant="danger"
              loading={cancel.isPending}
              onClick={() =>
                cancelling && cancel.mutate(cancelling._id, { onSuccess: () => setCancelling(null) })
              }
            >
              Cancel appointment
            </Button>
            <Button variant="secondary" onClick={() => setCancelling(null)}>
              Keep appointment
            </Button>
          </>
        }
      >
        {cancelling ? (
          <p>
            {cancelling.event.name} on{' '}
            {formatAppointmentDate(new Date(cancelling.event.start_time), timeZone)} at{' '}
            {formatAppointmentTime(new Date(cancelling.event.start_time), timeZone)}
            {cancelling.physician ? ` with ${cancelling.physician.name}` : ''}. The time is freed for other
            patients and no reminder will be sent.
          </p>
        ) : null}
        {cancel.isError ? (
          <Alert tone="error">
            {isApiError(cancel.error) && cancel.error.status < 500 ? cancel.error.message : MESSAGES.generic}
          </Alert>
        ) : null}
      </Modal>
    </section>
  );
}

/** 'Book Physician' (choose among those licensed in the patient's state) and 'Schedule Appointment'. */
function BookingViews({
  physicianId,
  physicians,
  loading,
  failed,
  hasState,
  email,
  userId,
  onChoose,
  onClose,
  onBooked,
}: {
  physicianId: string | null;
  physicians: Physician[] | undefined;
  loading: boolean;
  failed: boolean;
  hasState: boolean;
  email: string | undefined;
  userId: string;
  onChoose: (p: Physician) => void;
  onClose: () => void;
  onBooked: (a: Appointment) => void;
}) {
  const titleId = useId();
  if (!hasState)
    return (
      <Alert tone="info">
        Add your home state in <Link to={`/dashboard/${encodeURIComponent(userId)}/settings`}>Settings</Link>{' '}
        to see the physicians licensed to treat you.
      </Alert>
    );
  if (loading) return <Spinner label="Loading physicians" />;
  if (failed) return <Alert tone="error">{MESSAGES.generic}</Alert>;
  const chosen = physicianId ? physicians?.find((p) => p._id === physicianId) : undefined;

  if (physicianId) {
    if (!chosen) return <Alert tone="warning">This physician is not available to book in your state.</Alert>;
    return (
      <section className="appointments-booking" aria-labelledby={titleId}>
        <h2 id={titleId} className="appointments-booking__title">
          Schedule Appointment
        </h2>
        <PhysicianCard physician={chosen} />
        <p className="appointments-booking__note">
          Book with your account e-mail{email ? ` (${email})` : ''}: the confirmation, its calendar invitation
          and your reminders go there.
        </p>
        {chosen.scheduling_link ? (
          <a
            className={buttonClassName({ block: true })}
            href={chosen.scheduling_link}
            target="_blank"
            rel="noopener noreferrer"
          >
            Open {chosen.first_name}'s booking page
            <NewTabNote />
          </a>
        ) : (
          <SlotPicker kind={PHYSICIAN_VISIT} physicianId={chosen._id} onBooked={onBooked} />
        )}
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </section>
    );
  }

  return (
    <section className="appointments-booking" aria-labelledby={titleId}>
      <h2 id={titleId} className="appointments-booking__title">
        Book Physician
      </h2>
      {physicians && physicians.length > 0 ? (
        <ul className="appointments-physicians">
          {physicians.map((p) => (
            <li key={p._id}>
              <PhysicianCard physician={p}>
                <Button size="sm" onClick={() => onChoose(p)}>
                  Book with {p.first_name}
                </Button>
              </PhysicianCard>
            </li>
          ))}
        </ul>
      ) : (
        <Alert tone="info">
          No physician of the clinic is licensed in your state yet. Please message us.
        </Alert>
      )}
      <Button variant="ghost" onClick={onClose}>
        Close
      </Button>
    </section>
  );
}
