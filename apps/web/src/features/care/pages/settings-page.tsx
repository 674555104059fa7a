import { staffCan } from '@portal/domain/care/staff-roles';
import { type ClinicSettings, ClinicSettingsBody } from '@portal/domain/contracts/care';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { clinicSettingsQueryOptions, useSaveClinicSettings } from '../../../api/care/settings';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Spinner } from '../../../components/ui/spinner';
import { TextInput } from '../../../components/ui/text-input';
import { isApiError } from '../../../lib/api-error';
import { useSessionUser } from '../../../lib/session';
import { AdminOnly } from '../components/admin-only';
import { AppointmentTypesSection } from '../components/appointment-types-section';
import { VisitIntrosSection } from '../components/visit-intros-section';
import '../care.css';
import '../settings.css';

/**
 * The clinic's settings (issue 12 §1): the reminder of an unread message, booking from the Appointments list
 * and the appointment types (issue 16), and each visit's introduction.
 */
export default function SettingsPage() {
  const user = useSessionUser();
  if (!staffCan(user?.role ?? '', 'manage_settings'))
    return <AdminOnly title="Clinic settings" what="change the clinic's settings" />;
  return <ClinicSettingsScreen />;
}

function ClinicSettingsScreen() {
  const settings = useQuery(clinicSettingsQueryOptions());
  return (
    <div className="care-page">
      <h1 className="care-page__title">Clinic settings</h1>
      {settings.isPending ? (
        <div className="care-loading">
          <Spinner label="Loading the clinic settings" />
        </div>
      ) : settings.isError ? (
        <Alert tone="error" title="The clinic settings could not be loaded.">
          <p>{settings.error.message}</p>
          <Button
            variant="secondary"
            size="sm"
            loading={settings.isFetching}
            onClick={() => void settings.refetch()}
          >
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <MessagesSection saved={settings.data} />
          <AppointmentsSection saved={settings.data} />
          <AppointmentTypesSection />
          <VisitIntrosSection />
        </>
      )}
    </div>
  );
}

/**
 * What was typed, as the contract checks it: digits (a thousands comma allowed) as a number, nothing as
 * missing, anything else as text, so the messages are the server's own.
 */
export function minutesOf(text: string): unknown {
  const value = text.trim().replaceAll(',', '');
  if (value === '') return undefined;
  return /^[+-]?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** 45 → "45 minutes"; 90 → "1 hour 30 minutes"; 10080 → "7 days". */
export function formatMinutes(total: number): string {
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const minutes = total % 60;
  const parts = [
    days ? plural(days, 'day') : '',
    hours ? plural(hours, 'hour') : '',
    minutes ? plural(minutes, 'minute') : '',
  ].filter(Boolean);
  return parts.join(' ') || plural(0, 'minute');
}

/**
 * The server's refusal of the body (`body.messaging.reminder_delay_minutes`) on the one field; anything else
 * (no access, no network) for the form.
 */
function serverRefusal(error: unknown): { field: string | undefined; form: string | null } {
  if (!error) return { field: undefined, form: null };
  if (isApiError(error)) {
    const onField = error.fields.find((f) => f.path === 'body' || f.path.startsWith('body.'));
    if (onField) return { field: onField.message, form: null };
  }
  return {
    field: undefined,
    form: error instanceof Error ? error.message : 'The settings could not be saved.',
  };
}

function MessagesSection({ saved }: { saved: ClinicSettings }) {
  const headingId = useId();
  const save = useSaveClinicSettings();
  const [minutes, setMinutes] = useState(String(saved.messaging.reminder_delay_minutes));
  const [invalid, setInvalid] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<string | null>(null);
  const server = serverRefusal(save.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    setOutcome(null);
    const parsed = ClinicSettingsBody.safeParse({
      messaging: { reminder_delay_minutes: minutesOf(minutes) },
    });
    if (!parsed.success) {
      save.reset();
      setInvalid(parsed.error.issues[0]?.message);
      return;
    }
    setInvalid(undefined);
    save.mutate(parsed.data, {
      onSuccess: (stored) => {
        const delay = stored.messaging.reminder_delay_minutes;
        setMinutes(String(delay));
        setOutcome(
          `Settings saved. A patient who has not read a message from the care team gets their reminder after ${formatMinutes(delay)}.`,
        );
      },
    });
  }

  return (
    <section className="care-section care-settings" aria-labelledby={headingId}>
      <h2 className="care-section__title" id={headingId}>
        Messages
      </h2>
      <form className="care-settings__form" noValidate onSubmit={submit}>
        {server.form ? <Alert tone="error">{server.form}</Alert> : null}
        <TextInput
          label="Reminder after (minutes)"
          hint={
            <>
              If a patient has not read a message from the care team after this many minutes, they get one
              e-mail or text, by their notification preferences. It never contains the message. From 1 minute
              to 10,080 (one week).
            </>
          }
          name="reminder_delay_minutes"
          inputMode="numeric"
          autoComplete="off"
          className="care-settings__minutes"
          value={minutes}
          error={invalid ?? server.field}
          onChange={(e) => {
            setMinutes(e.target.value);
            setOutcome(null);
            setInvalid(undefined);
            if (save.error) save.reset();
          }}
        />
        <Button type="submit" loading={save.isPending}>
          Save
        </Button>
      </form>
      <div className="care-settings__status" aria-live="polite">
        {outcome ? <Alert tone="success">{outcome}</Alert> : null}
      </div>
    </section>
  );
}

/** Whether the patient's Appointments list offers its own Book button (off unless the clinic turns it on). */
function AppointmentsSection({ saved }: { saved: ClinicSettings }) {
  const headingId = useId();
  const save = useSaveClinicSettings();
  const [listBooking, setListBooking] = useState(saved.appointments.list_booking);
  const [outcome, setOutcome] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setOutcome(null);
    save.mutate(
      { appointments: { list_booking: listBooking } },
      {
        onSuccess: (stored) => {
          setListBooking(stored.appointments.list_booking);
          setOutcome(
            stored.appointments.list_booking
              ? 'Settings saved. Patients can book from their Appointments list.'
              : 'Settings saved. Patients book from the steps of their visits only.',
          );
        },
      },
    );
  }

  return (
    <section className="care-section care-settings" aria-labelledby={headingId}>
      <h2 className="care-section__title" id={headingId}>
        Appointments
      </h2>
      <form className="care-settings__form" noValidate onSubmit={submit}>
        {save.isError ? <Alert tone="error">{save.error.message}</Alert> : null}
        <Checkbox
          label="Patients can book from their Appointments list"
          checked={listBooking}
          onChange={(e) => {
            setListBooking(e.target.checked);
            setOutcome(null);
            if (save.error) save.reset();
          }}
        />
        <Button type="submit" loading={save.isPending}>
          Save list booking
        </Button>
      </form>
      <div className="care-settings__status" aria-live="polite">
        {outcome ? <Alert tone="success">{outcome}</Alert> : null}
      </div>
    </section>
  );
}
