import {
  appointmentActions,
  formatAppointmentTime,
  zoneAbbreviation,
} from '@portal/domain/appointments/appointment-view';
import {
  addCalendarDays,
  calendarDateIn,
  calendarDateLabel,
  groupByLocalDay,
} from '@portal/domain/appointments/schedule-view';
import type { CareScheduleEntry } from '@portal/domain/contracts/appointment';
import { formatCallTime } from '@portal/domain/scheduling/format-slot';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  carePhysiciansQueryOptions,
  careScheduleQueryOptions,
  useCareCancelAppointment,
} from '../../../api/care/schedule';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { TextArea } from '../../../components/ui/text-area';
import { patientTimeZone } from '../../../lib/time-zone';
import { BookAppointmentDialog } from '../components/book-appointment-dialog';
import { RescheduleAppointmentDialog } from '../components/reschedule-appointment-dialog';
import { availabilityPath, chartPath } from '../lib/paths';
import '../care.css';
import '../schedule.css';

const KIND_LABELS: Record<string, string> = {
  'user-verification': 'Identity verification',
  consultation: 'Consultation',
  coaching: 'Coaching',
  'follow-up': 'Follow-up',
};

/**
 * The clinic's schedule (issue 16 §7): every physician's appointments of a day or of its week in the staff
 * member's time zone, cancelled ones marked, each patient a link to their chart, and cancelling with a message
 * the patient receives. The day and the view live in the address (?date=, ?view=week).
 */
export default function SchedulePage() {
  const timeZone = patientTimeZone();
  const [search, setSearch] = useSearchParams();
  const today = calendarDateIn(new Date(), timeZone);
  const date = /^\d{4}-\d{2}-\d{2}$/.test(search.get('date') ?? '') ? search.get('date')! : today;
  const view = search.get('view') === 'week' ? 'week' : 'day';
  const schedule = useQuery(
    careScheduleQueryOptions({ date, view, time_zone: timeZone, include_canceled: 'true' }),
  );
  const physicians = useQuery(carePhysiciansQueryOptions());
  const [cancelling, setCancelling] = useState<CareScheduleEntry | null>(null);
  const [booking, setBooking] = useState(false);
  const [moving, setMoving] = useState<CareScheduleEntry | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const go = (next: { date?: string; view?: 'day' | 'week' }) => {
    const params: Record<string, string> = { date: next.date ?? date };
    if ((next.view ?? view) === 'week') params.view = 'week';
    setSearch(params);
  };
  const step = view === 'week' ? 7 : 1;
  const days = groupByLocalDay(schedule.data?.appointments ?? [], timeZone);
  const now = new Date();

  return (
    <div className="care-page care-schedule">
      <div className="care-page__head">
        <h1 className="care-page__title">Schedule</h1>
        <div className="care-schedule__head-end">
          <p className="care-page__count" aria-live="polite">
            {schedule.data
              ? `${view === 'week' ? 'Week of' : ''} ${calendarDateLabel(view === 'week' ? schedule.data.from.slice(0, 10) : date)}`.trim()
              : '\u00a0'}
          </p>
          <Button
            size="sm"
            onClick={() => {
              setOutcome(null);
              setBooking(true);
            }}
          >
            Book appointment
          </Button>
        </div>
      </div>
      <div className="care-schedule__controls">
        <fieldset className="care-schedule__views">
          <legend className="ui-visually-hidden">View</legend>
          <button type="button" aria-pressed={view === 'day'} onClick={() => go({ view: 'day' })}>
            Day
          </button>
          <button type="button" aria-pressed={view === 'week'} onClick={() => go({ view: 'week' })}>
            Week
          </button>
        </fieldset>
        <div className="care-schedule__nav">
          <Button size="sm" variant="secondary" onClick={() => go({ date: addCalendarDays(date, -step) })}>
            <span aria-hidden="true">←</span> Previous {view}
          </Button>
          <Button size="sm" variant="ghost" disabled={date === today} onClick={() => go({ date: today })}>
            Today
          </Button>
          <Button size="sm" variant="secondary" onClick={() => go({ date: addCalendarDays(date, step) })}>
            Next {view} <span aria-hidden="true">→</span>
          </Button>
        </div>
        <p className="care-schedule__zone">Times in {timeZone}</p>
      </div>

      {physicians.data && physicians.data.length > 0 ? (
        <nav className="care-schedule__availability" aria-label="Physicians' availability">
          <h2 className="care-schedule__availability-title">Availability</h2>
          <ul className="care-schedule__physicians">
            {physicians.data
              .filter((p) => p.active)
              .map((p) => (
                <li key={p._id}>
                  <Link to={availabilityPath(p._id)}>{p.name}</Link>
                </li>
              ))}
          </ul>
        </nav>
      ) : null}

      <div role="status">{outcome ? <Alert tone="success">{outcome}</Alert> : null}</div>

      {schedule.isPending ? (
        <div className="care-loading">
          <Spinner label="Loading the schedule" />
        </div>
      ) : schedule.isError ? (
        <Alert tone="error">{schedule.error.message}</Alert>
      ) : days.length === 0 ? (
        <div className="care-empty">
          <h2 className="care-empty__title">No appointments</h2>
          <p>Nothing is booked {view === 'week' ? 'this week' : 'on this day'}.</p>
        </div>
      ) : (
        days.map((day) => (
          <section key={day.date} className="care-schedule__day" aria-label={calendarDateLabel(day.date)}>
            <h2 className="care-schedule__day-title">{calendarDateLabel(day.date)}</h2>
            <ul className="care-schedule__list">
              {day.items.map((a) => {
                const start = new Date(a.event.start_time);
                const actions = appointmentActions(a.event, now);
                return (
                  <li key={a._id} className={`care-schedule__item${a.event.canceled ? ' is-canceled' : ''}`}>
                    <span className="care-schedule__time">
                      {formatAppointmentTime(start, timeZone)}–
                      {formatAppointmentTime(new Date(a.event.end_time), timeZone)}{' '}
                      {zoneAbbreviation(start, timeZone)}
                    </span>
                    <span className="care-schedule__who">
                      <Link to={chartPath(a.patient._id)}>{a.patient.name}</Link>
                      <span className="care-schedule__meta">
                        {KIND_LABELS[a.event_type.kind] ?? a.event.name}
                        {a.physician ? ` with ${a.physician.name}` : ''}
                      </span>
                    </span>
                    <span className="care-schedule__state">
                      {a.event.canceled ? <span className="care-schedule__badge">Canceled</span> : null}
                      {actions.canReschedule && a.physician ? (
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => {
                            setOutcome(null);
                            setMoving(a);
                          }}
                        >
                          Reschedule
                        </Button>
                      ) : null}
                      {actions.canCancel ? (
                        <Button size="sm" variant="ghost" onClick={() => setCancelling(a)}>
                          Cancel
                        </Button>
                      ) : null}
                    </span>
                  </li>
                );
              })}
            </ul>
          </section>
        ))
      )}

      {booking ? (
        <BookAppointmentDialog
          timeZone={timeZone}
          onClose={() => setBooking(false)}
          onBooked={(appointment, patient) => {
            const start = new Date(appointment.event.start_time);
            setBooking(false);
            setOutcome(
              `Booked ${patient.name} for ${formatCallTime(start, timeZone)}${appointment.physician ? ` with ${appointment.physician.name}` : ''}. They have been told.`,
            );
            go({ date: calendarDateIn(start, timeZone) });
          }}
        />
      ) : null}

      {moving ? (
        <RescheduleAppointmentDialog
          entry={moving}
          timeZone={timeZone}
          onClose={() => setMoving(null)}
          onMoved={(appointment) => {
            const start = new Date(appointment.event.start_time);
            setMoving(null);
            setOutcome(
              `Moved ${moving.patient.name}'s appointment to ${formatCallTime(start, timeZone)}. They have been told.`,
            );
            go({ date: calendarDateIn(start, timeZone) });
          }}
        />
      ) : null}

      {cancelling ? (
        <CancelDialog
          entry={cancelling}
          timeZone={timeZone}
          onClose={() => setCancelling(null)}
          onDone={(text) => {
            setCancelling(null);
            setOutcome(text);
          }}
        />
      ) : null}
    </div>
  );
}

/** Cancelling on the patient's behalf: the message goes to them with the cancellation. */
function CancelDialog({
  entry,
  timeZone,
  onClose,
  onDone,
}: {
  entry: CareScheduleEntry;
  timeZone: string;
  onClose: () => void;
  onDone: (outcome: string) => void;
}) {
  const cancel = useCareCancelAppointment();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const start = new Date(entry.event.start_time);
  function submit() {
    if (!message.trim()) {
      setError('Write a message to the patient.');
      return;
    }
    cancel.mutate(
      { id: entry._id, message: message.trim() },
      { onSuccess: () => onDone(`Cancelled ${entry.patient.name}'s appointment; they have your message.`) },
    );
  }
  return (
    <Modal
      open
      onClose={onClose}
      title="Cancel this appointment?"
      actions={
        <>
          <Button variant="danger" loading={cancel.isPending} onClick={submit}>
            Cancel and send
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Keep appointment
          </Button>
        </>
      }
    >
      <p>
        {entry.patient.name}, {calendarDateLabel(calendarDateIn(start, timeZone))} at{' '}
        {formatAppointmentTime(start, timeZone)}
        {entry.physician ? ` with ${entry.physician.name}` : ''}.
      </p>
      <TextArea
        label="Message to the patient"
        hint="Say why, and how to book another time."
        value={message}
        error={error}
        maxLength={1000}
        onChange={(e) => {
          setMessage(e.target.value);
          setError(undefined);
        }}
      />
      {cancel.isError ? <Alert tone="error">{cancel.error.message}</Alert> : null}
    </Modal>
  );
}
