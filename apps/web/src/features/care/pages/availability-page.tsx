import type { PhysicianAvailability } from '@portal/domain/contracts/appointment';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  carePhysiciansQueryOptions,
  physicianAvailabilityQueryOptions,
  useSavePhysicianAvailability,
} from '../../../api/care/schedule';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { TextInput } from '../../../components/ui/text-input';
import {
  type AvailabilityForm,
  formOf,
  formProblems,
  type HoursRow,
  NEW_HOURS,
  nextHours,
  payloadOf,
  timeZoneChoices,
  WEEKDAYS,
} from '../lib/availability-form';
import { serverErrors } from '../lib/form-errors';
import { SCHEDULE_PATH } from '../lib/paths';
import '../care.css';
import '../schedule.css';
import { HiddenSuffix } from '../../../components/ui/hidden-suffix';

/**
 * A physician's availability (issue 16 §7, decision 043): the weekly hours, each weekday off or one or more
 * ranges, in the physician's time zone, and dates with other hours or none. The whole of it is saved at once;
 * booked appointments stay where they are.
 */
export default function AvailabilityPage() {
  const { physicianId = '' } = useParams();
  const physicians = useQuery(carePhysiciansQueryOptions());
  const availability = useQuery(physicianAvailabilityQueryOptions(physicianId));
  const name = physicians.data?.find((p) => p._id === physicianId)?.name;
  return (
    <div className="care-page care-availability">
      <p className="care-availability__back">
        <Link to={SCHEDULE_PATH}>
          <span aria-hidden="true">←</span> Back to the schedule
        </Link>
      </p>
      <h1 className="care-page__title">{name ? `Availability of ${name}` : 'Availability'}</h1>
      {availability.isPending ? (
        <div className="care-loading">
          <Spinner label="Loading the availability" />
        </div>
      ) : availability.isError ? (
        <Alert tone="error" title="The availability could not be loaded.">
          <p>{availability.error.message}</p>
        </Alert>
      ) : (
        <AvailabilityEditor physicianId={physicianId} saved={availability.data} />
      )}
    </div>
  );
}

function AvailabilityEditor({ physicianId, saved }: { physicianId: string; saved: PhysicianAvailability }) {
  const counter = useRef(0);
  const newKey = () => `o${++counter.current}`;
  const [form, setForm] = useState<AvailabilityForm>(() => formOf(saved, newKey));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<string | null>(null);
  const save = useSavePhysicianAvailability(physicianId);
  const zones = useMemo(() => timeZoneChoices(form.timeZone), [form.timeZone]);
  const server = serverErrors(save.error, 'The availability could not be saved.');
  const weeklyId = useId();
  const overridesId = useId();

  const change = (next: (f: AvailabilityForm) => AvailabilityForm) => {
    setForm((f) => next(f));
    setOutcome(null);
    if (save.error) save.reset();
  };
  const setDay = (weekday: number, rows: HoursRow[]) =>
    change((f) => ({ ...f, weekly: f.weekly.map((r, i) => (i === weekday ? rows : r)) }));
  const setOverride = (key: string, patch: Partial<AvailabilityForm['overrides'][number]>) =>
    change((f) => ({ ...f, overrides: f.overrides.map((o) => (o.key === key ? { ...o, ...patch } : o)) }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = formProblems(form);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setOutcome(null);
      // the first field at fault takes the focus, so its message is read out
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>('.care-availability [aria-invalid="true"]')?.focus(),
      );
      return;
    }
    save.mutate(payloadOf(form), {
      onSuccess: (stored) => {
        setForm(formOf(stored, newKey));
        setOutcome('Availability saved. New bookings follow these hours; booked appointments stay.');
      },
    });
  }

  return (
    <form className="care-availability__form" noValidate onSubmit={submit}>
      {server.form ? <Alert tone="error">{server.form}</Alert> : null}
      {Object.keys(problems).some((field) => field !== 'roomLink') ? (
        <Alert tone="error">Some hours need a look: see the messages below.</Alert>
      ) : null}
      <Select
        label="Time zone"
        hint="The physician's hours are read in this zone; patients see times in their own."
        value={form.timeZone}
        options={zones}
        fieldClassName="care-availability__zone"
        onChange={(e) => {
          const timeZone = e.target.value;
          change((f) => ({ ...f, timeZone }));
        }}
      />
      <TextInput
        label="Video room link"
        type="url"
        inputMode="url"
        autoComplete="off"
        hint="Patients join this physician's video calls here from their appointments. Leave it empty to use each booking's own location."
        value={form.roomLink}
        error={problems.roomLink ?? server.fields.room_link}
        fieldClassName="care-availability__room"
        onChange={(e) => {
          const roomLink = e.target.value;
          change((f) => ({ ...f, roomLink }));
        }}
      />

      <section className="care-section" aria-labelledby={weeklyId}>
        <h2 className="care-section__title" id={weeklyId}>
          Weekly hours
        </h2>
        <div className="care-availability__days">
          {WEEKDAYS.map(({ weekday, name }) => (
            <HoursFieldset
              key={weekday}
              legend={name}
              rows={form.weekly[weekday]!}
              prefix={`weekly.${weekday}`}
              problems={problems}
              offText="Off"
              onChange={(rows) => setDay(weekday, rows)}
            />
          ))}
        </div>
      </section>

      <section className="care-section" aria-labelledby={overridesId}>
        <h2 className="care-section__title" id={overridesId}>
          Date overrides
        </h2>
        <p className="care-muted">A date listed here takes these hours instead of its weekday's, or none.</p>
        {form.overrides.length === 0 ? <p>No dates with other hours.</p> : null}
        <ul className="care-availability__overrides">
          {form.overrides.map((o, index) => {
            const label = o.date || `New date ${index + 1}`;
            return (
              <li key={o.key} className="care-availability__override">
                <TextInput
                  label="Date"
                  type="date"
                  value={o.date}
                  error={problems[`overrides.${o.key}.date`]}
                  fieldClassName="care-availability__date"
                  onChange={(e) => setOverride(o.key, { date: e.target.value })}
                />
                <Checkbox
                  label="Day off"
                  checked={o.off}
                  onChange={(e) =>
                    setOverride(o.key, {
                      off: e.target.checked,
                      blocks: !e.target.checked && o.blocks.length === 0 ? [NEW_HOURS] : o.blocks,
                    })
                  }
                />
                {o.off ? null : (
                  <HoursFieldset
                    legend={`Hours on ${label}`}
                    rows={o.blocks}
                    prefix={`overrides.${o.key}.blocks`}
                    problems={problems}
                    offText="No hours yet."
                    onChange={(blocks) => setOverride(o.key, { blocks })}
                  />
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    change((f) => ({ ...f, overrides: f.overrides.filter((x) => x.key !== o.key) }))
                  }
                >
                  Remove date <span className="ui-visually-hidden">{label}</span>
                </Button>
              </li>
            );
          })}
        </ul>
        <Button
          size="sm"
          variant="secondary"
          onClick={() =>
            change((f) => ({
              ...f,
              overrides: [...f.overrides, { key: newKey(), date: '', off: true, blocks: [] }],
            }))
          }
        >
          Add a date
        </Button>
      </section>

      <Button type="submit" loading={save.isPending}>
        Save availability
      </Button>
      <div className="care-availability__status" role="status">
        {outcome ? <Alert tone="success">{outcome}</Alert> : null}
      </div>
    </form>
  );
}

/** One day's ranges: each a From and a To with its own Remove, and Add hours. */
function HoursFieldset({
  legend,
  rows,
  prefix,
  problems,
  offText,
  onChange,
}: {
  legend: string;
  rows: HoursRow[];
  prefix: string;
  problems: Record<string, string>;
  offText: string;
  onChange: (rows: HoursRow[]) => void;
}) {
  const set = (i: number, patch: Partial<HoursRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const dayProblem = problems[prefix];
  return (
    <fieldset className="care-availability__day">
      <legend className="care-availability__legend">{legend}</legend>
      {rows.length === 0 ? <p className="care-availability__off">{offText}</p> : null}
      {dayProblem ? (
        <p className="ui-field__error" role="alert">
          {dayProblem}
        </p>
      ) : null}
      {rows.map((row, i) => (
        // the rows have no identity of their own: a range is where it is in the day
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={i} className="care-availability__range">
          <TextInput
            label={
              <>
                From<HiddenSuffix>({legend})</HiddenSuffix>
              </>
            }
            type="time"
            value={row.start}
            error={problems[`${prefix}.${i}.start`]}
            onChange={(e) => set(i, { start: e.target.value })}
          />
          <TextInput
            label={
              <>
                To<HiddenSuffix>({legend})</HiddenSuffix>
              </>
            }
            type="time"
            value={row.end}
            error={problems[`${prefix}.${i}.end`]}
            onChange={(e) => set(i, { end: e.target.value })}
          />
          <Button size="sm" variant="ghost" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            Remove{' '}
            <span className="ui-visually-hidden">
              {legend} {row.start}–{row.end}
            </span>
          </Button>
        </div>
      ))}
      <Button size="sm" variant="secondary" onClick={() => onChange([...rows, nextHours(rows)])}>
        Add hours <span className="ui-visually-hidden">({legend})</span>
      </Button>
    </fieldset>
  );
}
