import {
  type AppointmentTypeSetting,
  AppointmentTypesBody,
  type BookableKind,
} from '@portal/domain/contracts/appointment';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { appointmentTypesQueryOptions, useSaveAppointmentTypes } from '../../../api/care/appointment-types';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { TextInput } from '../../../components/ui/text-input';
import { issuesToErrors, serverErrors } from '../lib/form-errors';

type Field =
  | 'duration_minutes'
  | 'buffer_before_minutes'
  | 'buffer_after_minutes'
  | 'minimum_notice_minutes'
  | 'horizon_days'
  | 'slot_interval_minutes';

const FIELDS: readonly { name: Field; label: string; hint?: string }[] = [
  { name: 'duration_minutes', label: 'Length (minutes)' },
  { name: 'buffer_before_minutes', label: 'Free before (minutes)', hint: 'Kept free to prepare.' },
  { name: 'buffer_after_minutes', label: 'Free after (minutes)', hint: 'Kept free for notes.' },
  { name: 'minimum_notice_minutes', label: 'Minimum notice (minutes)', hint: 'How soon a call may start.' },
  { name: 'horizon_days', label: 'Bookable ahead (days)' },
  {
    name: 'slot_interval_minutes',
    label: 'Start times every (minutes)',
    hint: 'Empty: every call length (30 minutes gives 9:00, 9:30, ...).',
  },
];

/** What was typed, as the contract checks it: digits as a number, nothing as empty, anything else as text. */
const numberOf = (text: string): unknown => {
  const value = text.trim();
  if (value === '') return null;
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
};

/**
 * The clinic's appointment types (decision 043): for each kind of call its length, the time kept free either
 * side, the notice and how far ahead it may be booked, and the grid of start times. A kind the clinic has not
 * set shows the built-in rules.
 */
export function AppointmentTypesSection() {
  const headingId = useId();
  const types = useQuery(appointmentTypesQueryOptions());
  const [kind, setKind] = useState<BookableKind | null>(null);
  const list = types.data?.types ?? [];
  const current = list.find((t) => t.kind === kind) ?? list[0];
  return (
    <section className="care-section care-settings" aria-labelledby={headingId}>
      <h2 className="care-section__title" id={headingId}>
        Appointment types
      </h2>
      <p className="care-muted">How each kind of call sits in the physicians' calendars.</p>
      {types.isPending ? (
        <Spinner label="Loading the appointment types" />
      ) : types.isError ? (
        <Alert tone="error" title="The appointment types could not be loaded.">
          <p>{types.error.message}</p>
        </Alert>
      ) : current ? (
        <>
          <Select
            label="Kind of call"
            value={current.kind}
            onChange={(e) => setKind(e.target.value as BookableKind)}
            options={list.map((t) => ({
              value: t.kind,
              label: `${t.name}${t.custom ? '' : ' · built-in rules'}`,
            }))}
          />
          <TypeForm key={current.kind} type={current} />
        </>
      ) : null}
    </section>
  );
}

function TypeForm({ type }: { type: AppointmentTypeSetting }) {
  const save = useSaveAppointmentTypes();
  const [values, setValues] = useState<Record<Field, string>>(
    () =>
      Object.fromEntries(FIELDS.map((f) => [f.name, String(type[f.name] ?? '')])) as Record<Field, string>,
  );
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<string | null>(null);
  const server = serverErrors(save.error, 'The appointment type could not be saved.');

  function submit(event: FormEvent) {
    event.preventDefault();
    setOutcome(null);
    const parsed = AppointmentTypesBody.safeParse({
      types: [
        { kind: type.kind, ...Object.fromEntries(FIELDS.map((f) => [f.name, numberOf(values[f.name])])) },
      ],
    });
    if (!parsed.success) {
      save.reset();
      setInvalid(issuesToErrors(parsed.error.issues));
      return;
    }
    setInvalid({});
    save.mutate(parsed.data, {
      onSuccess: () => setOutcome(`${type.name} saved. Open times follow it from now on; booked calls stay.`),
    });
  }

  return (
    <form className="care-settings__form" noValidate onSubmit={submit}>
      {server.form ? <Alert tone="error">{server.form}</Alert> : null}
      <div className="care-types__fields">
        {FIELDS.map((f) => (
          <TextInput
            key={f.name}
            label={f.label}
            hint={f.hint}
            inputMode="numeric"
            autoComplete="off"
            value={values[f.name]}
            error={invalid[`types.0.${f.name}`] ?? server.fields[`types.0.${f.name}`]}
            onChange={(e) => {
              setValues((v) => ({ ...v, [f.name]: e.target.value }));
              setOutcome(null);
              setInvalid((i) => {
                const { [`types.0.${f.name}`]: _gone, ...rest } = i;
                return rest;
              });
            }}
          />
        ))}
      </div>
      <Button type="submit" loading={save.isPending}>
        Save {type.name.toLowerCase()}
      </Button>
      <div className="care-settings__status" aria-live="polite">
        {outcome ? <Alert tone="success">{outcome}</Alert> : null}
      </div>
    </form>
  );
}
