import type { AppointmentTypeRules, DateOverride } from '@portal/domain/scheduling/availability';
import type { TimeRange, WeeklyHours } from '@portal/domain/scheduling/slots';
import { and, asc, eq, gte, lt, ne, type SQL, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import type { Db } from '../../db/client';
import { inOneTransaction, prebuiltSql } from '../../db/prepared-sql';
import { appointments, appointmentTypes, type EventTypeKind } from '../../db/schema/appointments';
import {
  physicianAvailability,
  physicianAvailabilityOverrides,
  physicians,
} from '../../db/schema/physicians';
import { subscriptions } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';
import { isExclusionViolation } from '../../platform/db-errors';
import type { Notifier, Recipient } from '../notifications/notifier';

export type PhysicianRef = {
  id: string;
  firstName: string;
  lastName: string;
  credentials: string | null;
  roomLink: string | null;
};
export type BookedRange = { physicianId: string; start: Date; end: Date };

/** A physician as a look at the calendar reads them: who, their hours, and their bookings near the window. */
export type CalendarPhysician = PhysicianRef & {
  /** Their weekly hours and the window's overrides as read (a text: equal texts, equal hours). */
  hours: string;
  /** The same hours, parsed. */
  schedule(): { weekly: WeeklyHours[]; overrides: DateOverride[] };
  /** Blocked ranges (calls with their buffers) of live bookings that can meet the window. */
  booked: TimeRange[];
};

/** Everything a look at the calendar (open times, or a booking) needs, read in one statement. */
export type CalendarRead = {
  patient: { state: string | null; email: string; firstName: string; lastName: string } | null;
  rules: (AppointmentTypeRules & { name: string }) | null;
  /** Whether the subscription asked about is the patient's own (true when none was asked about). */
  ownsSubscription: boolean;
  /** The zone of the patient's most recently changed appointment that has one (when asked for). */
  lastTimeZone: string | null;
  /** The patient as the notifier reads them (when asked for): a booking's e-mail needs no read of its own. */
  recipient: Recipient | null;
  physicians: CalendarPhysician[];
};

type CalendarJson = Omit<CalendarRead, 'physicians' | 'rules'> & {
  rules:
    | (Omit<AppointmentTypeRules, 'slotIntervalMinutes'> & {
        name: string;
        slotIntervalMinutes: number | null;
      })
    | null;
  physicians: (PhysicianRef & { hours: string; booked: { start: number; end: number }[] })[];
};
type HoursJson = {
  weekly: WeeklyHours[];
  overrides: { date: string; start: string | null; end: string | null; timeZone: string }[];
};

const appointmentColumns = {
  id: appointments.id,
  patientId: appointments.patientId,
  physicianId: appointments.physicianId,
  subscriptionId: appointments.subscriptionId,
  name: appointments.name,
  startTime: appointments.startTime,
  endTime: appointments.endTime,
  canceled: appointments.canceled,
  location: appointments.location,
  externalSource: appointments.externalSource,
  uuid: appointments.uuid,
  externalEventId: appointments.externalEventId,
  rescheduleUrl: appointments.rescheduleUrl,
  eventTypeKind: appointments.eventTypeKind,
  createdAt: appointments.createdAt,
  sequence: appointments.sequence,
  timeZone: appointments.timeZone,
  organizationId: appointments.organizationId,
  physicianFirstName: physicians.firstName,
  physicianLastName: physicians.lastName,
  physicianCredentials: physicians.credentials,
  physicianRoomLink: physicians.roomLink,
};
export type AppointmentRow = {
  id: string;
  patientId: string;
  physicianId: string | null;
  subscriptionId: string | null;
  name: string;
  startTime: Date;
  endTime: Date;
  canceled: boolean;
  location: string | null;
  externalSource: string | null;
  uuid: string | null;
  /** Outside bookings only (decision 047); a booking the portal just made has neither. */
  externalEventId?: string | null;
  rescheduleUrl?: string | null;
  eventTypeKind: EventTypeKind;
  createdAt: Date;
  sequence: number;
  timeZone: string | null;
  organizationId: string;
  physicianFirstName: string | null;
  physicianLastName: string | null;
  physicianCredentials: string | null;
  physicianRoomLink: string | null;
};

/** The time a live booking keeps: its blocked range (call and buffers), or its call when it has none. */
const blockedStart = sql<Date>`coalesce(${appointments.blockedStart}, ${appointments.startTime})`;
const blockedEnd = sql<Date>`coalesce(${appointments.blockedEnd}, ${appointments.endTime})`;
const blockedOverlaps = (start: Date, end: Date) =>
  and(
    sql`${blockedStart} < ${end.toISOString()}::timestamptz`,
    sql`${blockedEnd} > ${start.toISOString()}::timestamptz`,
  );

const notCanceled = eq(appointments.canceled, false);
/** The furthest a slot's blocked range reaches from its start: 480 minutes' call and 240 of buffer each side. */
const BLOCK_REACH = 12 * 3_600_000;
/** Drivers hand timestamps back as Date (postgres.js) or text (PGlite, see db/client.ts). */
const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
/** "09:00:00" -> "09:00"; PostgreSQL writes midnight at the end of a day as "24:00:00". */
const hhmm = (value: string) => value.slice(0, 5);
const DAY = 86_400_000;

/** Override rows (one per block; a day off has one without times) as each date's override. */
function overridesOf(
  rows: readonly { date: string; start: string | null; end: string | null; timeZone: string }[],
): DateOverride[] {
  const byDate = new Map<string, DateOverride & { blocks: { start: string; end: string }[] }>();
  for (const row of rows) {
    let found = byDate.get(row.date);
    if (!found) {
      found = { date: row.date, timeZone: row.timeZone, blocks: [] };
      byDate.set(row.date, found);
    }
    if (row.start && row.end) found.blocks.push({ start: hhmm(row.start), end: hhmm(row.end) });
  }
  return [...byDate.values()];
}

const ph = (name: string) => sql.placeholder(name);

/** The calendar read (see `calendar`), built once: it is long, and building it was a visible part of a look. */
const calendarStatement = prebuiltSql<{ calendar: string }>(
  'appointments_calendar',
  sql`with patient as (
      select state, email, first_name, last_name from users where id = ${ph('patient')}
    ),
    doctors as (
      select d.id, d.first_name, d.last_name, d.credentials, d.room_link, d.weekly_hours from physicians d
      where d.organization_id = ${ph('organization')} and d.active and d.is_provider
        and (${ph('physician')}::text is null or d.id = ${ph('physician')}::text)
        and (not ${ph('licensedOnly')}::boolean or (select state from patient) is null
          or exists (select 1 from physician_states s
                     where s.physician_id = d.id and s.state = (select state from patient)))
    )
    select json_build_object(
      'patient', (select json_build_object('state', state, 'email', email, 'firstName', first_name,
          'lastName', last_name) from patient),
      'rules', (select json_build_object('name', name, 'durationMinutes', duration_minutes,
          'bufferBeforeMinutes', buffer_before_minutes, 'bufferAfterMinutes', buffer_after_minutes,
          'minimumNoticeMinutes', minimum_notice_minutes, 'horizonDays', horizon_days,
          'slotIntervalMinutes', slot_interval_minutes)
        from appointment_types where organization_id = ${ph('organization')} and kind = ${ph('kind')}),
      'ownsSubscription', ${ph('subscription')}::text is null or exists (
        select 1 from subscriptions where id = ${ph('subscription')}::text
          and user_id = ${ph('patient')} and organization_id = ${ph('organization')}),
      'recipient', case when ${ph('withRecipient')}::boolean then (
        select json_build_object('email', u.email, 'firstName', u.first_name, 'lastName', u.last_name,
          'mobileNumber', u.mobile_number, 'mobileVerified', u.mobile_verified,
          'organizationId', u.organization_id, 'appUrl', o.app_url, 'organizationName', o.name,
          'settings', o.settings, 'preferences', np.preferences)
        from users u join organizations o on o.id = u.organization_id
          left join notification_preferences np on np.user_id = u.id
        where u.id = ${ph('patient')}) end,
      'lastTimeZone', case when ${ph('withLastTimeZone')}::boolean then (
        select time_zone from appointments
        where patient_id = ${ph('patient')} and time_zone is not null
        order by updated_at desc limit 1) end,
      'physicians', coalesce((select json_agg(json_build_object(
          'id', d.id, 'firstName', d.first_name, 'lastName', d.last_name,
          'credentials', d.credentials, 'roomLink', d.room_link,
          'hours', json_build_object(
            'weekly', d.weekly_hours,
            'overrides', coalesce((select json_agg(json_build_object('date', o.date,
                'start', o.start_time, 'end', o.end_time, 'timeZone', o.time_zone)
                order by o.date, o.start_time)
              from physician_availability_overrides o
              where o.physician_id = d.id and o.date >= ${ph('firstDate')}::date
                and o.date < ${ph('lastDate')}::date), '[]'::json)
          )::text,
          'booked', coalesce((select json_agg(json_build_object(
              'start', extract(epoch from coalesce(b.blocked_start, b.start_time)) * 1000,
              'end', extract(epoch from coalesce(b.blocked_end, b.end_time)) * 1000))
            from appointments b
            where b.physician_id = d.id and not b.canceled
              and b.start_time >= ${ph('startsFrom')}::timestamptz
              and b.start_time < ${ph('startsBefore')}::timestamptz
              and coalesce(b.blocked_start, b.start_time) < ${ph('reachTo')}::timestamptz
              and coalesce(b.blocked_end, b.end_time) > ${ph('reachFrom')}::timestamptz),
            '[]'::json)
        ) order by d.id) from doctors d), '[]'::json)
    )::text as calendar`,
);

/** The patient's row held to the end of the booking's transaction (one booking of a patient at a time). */
const lockPatientStatement = prebuiltSql<{ id: string }>(
  'appointments_lock_patient',
  sql`select id from users where id = ${ph('patient')} for update`,
);

/** The booking (see `bookUnlessTaken`), built once and run after the patient's lock in one transaction. */
const bookingStatement = prebuiltSql<{ result: string }>(
  'appointments_book',
  sql`with conflict as (
      select event_type_kind from appointments
      where patient_id = ${ph('patient')} and not canceled and case when ${ph('verification')}::boolean
        then end_time > ${ph('now')}::timestamptz and event_type_kind = 'user-verification'
        else start_time < ${ph('end')}::timestamptz and end_time > ${ph('start')}::timestamptz end
      limit 1
    ),
    booked as (
      insert into appointments (id, patient_id, physician_id, organization_id, subscription_id, name,
        start_time, end_time, blocked_start, blocked_end, time_zone, external_source, event_type_kind,
        booked_by)
      select ${ph('id')}, ${ph('patient')}, ${ph('physician')}, ${ph('organization')}, ${ph('subscription')}::text,
        ${ph('name')}, ${ph('start')}::timestamptz, ${ph('end')}::timestamptz,
        ${ph('blockedStart')}::timestamptz, ${ph('blockedEnd')}::timestamptz, ${ph('timeZone')}::text,
        ${ph('source')}, ${ph('kind')}, ${ph('bookedBy')}
      where not exists (select 1 from conflict)
      on conflict do nothing
      returning id, created_at
    ),
    notice as (
      insert into notifications (id, user_id, organization_id, category, message, data)
      select ${ph('noticeId')}, ${ph('patient')}, ${ph('organization')}, 'appointments',
        ${ph('notice')}, jsonb_build_object('type', 'other', 'appointmentId', booked.id)
      from booked
    ),
    reminders as (
      insert into appointment_reminders (id, appointment_id, kind, sequence, start_time, due_at)
      select r.id, booked.id, r.kind, 0, ${ph('start')}::timestamptz, r.due_at
      from booked, json_to_recordset(${ph('reminders')}::json) as r(id text, kind text, due_at timestamptz)
    ),
    consultation as (
      update subscriptions set cancellation_info = cancellation_info
        || jsonb_build_object('free_consultation_scheduled_date', ${ph('start')}::text)
      where id = ${ph('freeConsultationOf')}::text and exists (select 1 from booked)
    )
    select json_build_object(
      'conflict', (select event_type_kind from conflict),
      'createdAt', (select created_at from booked)
    )::text as result`,
);

function queries(db: Db) {
  return {
    /**
     * The calendar around [from, to) in one statement (a look at it is the scheduler's hottest path, and each
     * statement is a round trip): the patient, the kind's rules, the clinic's active providers (with
     * `licensedOnly`, those licensed in the patient's state when they have one; with `physicianId`, that one)
     * with their weekly hours, the overrides of the local dates around the window and the live bookings that
     * can meet it (a slot with its buffers reaches at most 12 hours beyond it, appointment_types_minutes_check;
     * a booking starts at most a day before what it blocks, so the physician's start-time index narrows).
     */
    async calendar(input: {
      patientId: string;
      organizationId: string;
      kind: EventTypeKind;
      licensedOnly: boolean;
      physicianId?: string | undefined;
      subscriptionId?: string | undefined;
      withLastTimeZone?: boolean;
      withRecipient?: boolean;
      from: Date;
      to: Date;
    }): Promise<CalendarRead> {
      const { from, to } = input;
      const day = (d: Date) => d.toISOString().slice(0, 10);
      const iso = (d: Date) => d.toISOString();
      const [row] = await calendarStatement(db, {
        patient: input.patientId,
        organization: input.organizationId,
        physician: input.physicianId ?? null,
        licensedOnly: input.licensedOnly,
        kind: input.kind,
        subscription: input.subscriptionId ?? null,
        withLastTimeZone: input.withLastTimeZone ?? false,
        withRecipient: input.withRecipient ?? false,
        firstDate: day(new Date(from.getTime() - 2 * DAY)),
        lastDate: day(new Date(to.getTime() + 2 * DAY)),
        startsFrom: iso(new Date(from.getTime() - DAY)),
        startsBefore: iso(new Date(to.getTime() + DAY)),
        reachFrom: iso(new Date(from.getTime() - BLOCK_REACH)),
        reachTo: iso(new Date(to.getTime() + BLOCK_REACH)),
      });
      const read = JSON.parse(row!.calendar) as CalendarJson;
      return {
        ...read,
        rules: read.rules && {
          ...read.rules,
          slotIntervalMinutes: read.rules.slotIntervalMinutes ?? undefined,
        },
        physicians: read.physicians.map(({ booked, ...physician }) => ({
          ...physician,
          schedule: () => {
            const { weekly, overrides } = JSON.parse(physician.hours) as HoursJson;
            return { weekly, overrides: overridesOf(overrides) };
          },
          booked: booked
            .map((b) => ({ start: new Date(b.start), end: new Date(b.end) }))
            .filter((b) => b.start < to && b.end > from),
        })),
      };
    },

    async weeklyHours(physicianIds: string[]): Promise<Map<string, WeeklyHours[]>> {
      const byPhysician = new Map<string, WeeklyHours[]>(physicianIds.map((id) => [id, []]));
      if (physicianIds.length === 0) return byPhysician;
      const list = await db
        .select({
          physicianId: physicianAvailability.physicianId,
          weekday: physicianAvailability.weekday,
          start: physicianAvailability.startTime,
          end: physicianAvailability.endTime,
          timeZone: physicianAvailability.timeZone,
        })
        .from(physicianAvailability)
        .where(anyOf(physicianAvailability.physicianId, physicianIds));
      for (const { physicianId, ...hours } of list) byPhysician.get(physicianId)?.push(hours);
      return byPhysician;
    },

    /** The blocked ranges (calls with their buffers) of these physicians' live bookings meeting [from, to). */
    async booked(physicianIds: string[], from: Date, to: Date, except?: string): Promise<BookedRange[]> {
      if (physicianIds.length === 0) return [];
      const list = await db
        .select({
          physicianId: appointments.physicianId,
          start: appointments.startTime,
          end: appointments.endTime,
          blockedStart: appointments.blockedStart,
          blockedEnd: appointments.blockedEnd,
        })
        .from(appointments)
        .where(
          and(
            anyOf(appointments.physicianId, physicianIds),
            notCanceled,
            // The physician index narrows by start; a booking starts at most a day before what it blocks.
            gte(appointments.startTime, new Date(from.getTime() - 86_400_000)),
            lt(appointments.startTime, new Date(to.getTime() + 86_400_000)),
            // Only what can meet a slot of [from, to): a slot with its buffers reaches at most 12 hours
            // beyond it (appointment_types_minutes_check), so a booking checks a handful of rows, not a day's.
            blockedOverlaps(new Date(from.getTime() - BLOCK_REACH), new Date(to.getTime() + BLOCK_REACH)),
            except ? ne(appointments.id, except) : undefined,
          ),
        );
      return list
        .map((r) => ({
          physicianId: r.physicianId,
          start: toDate(r.blockedStart ?? r.start),
          end: toDate(r.blockedEnd ?? r.end),
        }))
        .filter((r): r is BookedRange => r.physicianId !== null && r.start < to && r.end > from);
    },

    /** Each physician's weekly hours and the overrides of the local dates around [from, to). */
    async schedules(
      physicianIds: string[],
      from: Date,
      to: Date,
    ): Promise<Map<string, { weekly: WeeklyHours[]; overrides: DateOverride[] }>> {
      const out = new Map(
        physicianIds.map((id) => [id, { weekly: [] as WeeklyHours[], overrides: [] as DateOverride[] }]),
      );
      if (physicianIds.length === 0) return out;
      const day = (d: Date) => d.toISOString().slice(0, 10);
      const [weekly, overrides] = await Promise.all([
        this.weeklyHours(physicianIds),
        db
          .select({
            physicianId: physicianAvailabilityOverrides.physicianId,
            date: physicianAvailabilityOverrides.date,
            start: physicianAvailabilityOverrides.startTime,
            end: physicianAvailabilityOverrides.endTime,
            timeZone: physicianAvailabilityOverrides.timeZone,
          })
          .from(physicianAvailabilityOverrides)
          .where(
            and(
              anyOf(physicianAvailabilityOverrides.physicianId, physicianIds),
              gte(physicianAvailabilityOverrides.date, day(new Date(from.getTime() - 2 * 86_400_000))),
              lt(physicianAvailabilityOverrides.date, day(new Date(to.getTime() + 2 * 86_400_000))),
            ),
          ),
      ]);
      for (const [id, hours] of weekly) out.get(id)!.weekly = hours;
      for (const id of physicianIds)
        out.get(id)!.overrides = overridesOf(overrides.filter((o) => o.physicianId === id));
      return out;
    },

    /** The clinic's rules for a kind of call, when it set its own. */
    async typeRules(
      organizationId: string,
      kind: EventTypeKind,
    ): Promise<(AppointmentTypeRules & { name: string }) | undefined> {
      const [row] = await db
        .select({
          name: appointmentTypes.name,
          durationMinutes: appointmentTypes.durationMinutes,
          bufferBeforeMinutes: appointmentTypes.bufferBeforeMinutes,
          bufferAfterMinutes: appointmentTypes.bufferAfterMinutes,
          minimumNoticeMinutes: appointmentTypes.minimumNoticeMinutes,
          horizonDays: appointmentTypes.horizonDays,
          slotIntervalMinutes: appointmentTypes.slotIntervalMinutes,
        })
        .from(appointmentTypes)
        .where(and(eq(appointmentTypes.organizationId, organizationId), eq(appointmentTypes.kind, kind)));
      return row ? { ...row, slotIntervalMinutes: row.slotIntervalMinutes ?? undefined } : undefined;
    },

    async patient(userId: string) {
      const [row] = await db
        .select({
          state: users.state,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /** Whether a live booking of the physician (other than `except`) keeps any of [start, end). */
    async physicianBusy(physicianId: string, start: Date, end: Date, except?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(
          and(
            eq(appointments.physicianId, physicianId),
            notCanceled,
            gte(appointments.startTime, new Date(start.getTime() - 86_400_000)),
            lt(appointments.startTime, end),
            blockedOverlaps(start, end),
            except ? ne(appointments.id, except) : undefined,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * The booking itself, in a transaction of its own sent in one round trip (inOneTransaction): the patient's
     * row locked (one booking of a patient at a time), then in one statement the patient's own conflict (a
     * call overlapping the time, or for a verification call one still ahead), then the appointment unless the exclusion constraint finds the physician's time taken (ON CONFLICT DO NOTHING,
     * the one form PostgreSQL offers for an exclusion constraint; an uncommitted booking is waited for), and
     * with it its portal notice, its reminders and the retention offer's free consultation date (001 §3).
     * Answers the conflict's kind, or when the appointment was made (null: the physician's time was taken).
     */
    async bookUnlessTaken(input: {
      values: {
        id: string;
        patientId: string;
        physicianId: string;
        organizationId: string;
        subscriptionId: string | null;
        name: string;
        startTime: Date;
        endTime: Date;
        blockedStart: Date;
        blockedEnd: Date;
        timeZone: string | null;
        externalSource: string;
        eventTypeKind: EventTypeKind;
        bookedBy: string;
      };
      now: Date;
      notice: { id: string; message: string };
      reminders: readonly { id: string; kind: string; dueAt: Date }[];
      freeConsultationOf?: string | null | undefined;
    }): Promise<{ conflict: EventTypeKind | null; createdAt: Date | null }> {
      const v = input.values;
      const iso = (d: Date) => d.toISOString();
      const reminders = JSON.stringify(
        input.reminders.map((r) => ({ id: r.id, kind: r.kind, due_at: iso(r.dueAt) })),
      );
      const [, rows] = await inOneTransaction(db, [
        { statement: lockPatientStatement, values: { patient: v.patientId } },
        {
          statement: bookingStatement,
          values: {
            patient: v.patientId,
            verification: v.eventTypeKind === 'user-verification',
            now: iso(input.now),
            id: v.id,
            physician: v.physicianId,
            organization: v.organizationId,
            subscription: v.subscriptionId,
            name: v.name,
            start: iso(v.startTime),
            end: iso(v.endTime),
            blockedStart: iso(v.blockedStart),
            blockedEnd: iso(v.blockedEnd),
            timeZone: v.timeZone,
            source: v.externalSource,
            kind: v.eventTypeKind,
            bookedBy: v.bookedBy,
            noticeId: input.notice.id,
            notice: input.notice.message,
            reminders,
            freeConsultationOf: input.freeConsultationOf ?? null,
          },
        },
      ]);
      const [row] = rows as { result: string }[];
      const result = JSON.parse(row!.result) as { conflict: EventTypeKind | null; createdAt: string | null };
      return { conflict: result.conflict, createdAt: result.createdAt ? new Date(result.createdAt) : null };
    },

    /** Moves a live appointment; false when the exclusion constraint refuses the new time. */
    async move(
      id: string,
      values: {
        startTime: Date;
        endTime: Date;
        blockedStart: Date;
        blockedEnd: Date;
        timeZone: string | null;
        at: Date;
      },
    ): Promise<boolean> {
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(appointments)
            .set({
              startTime: values.startTime,
              endTime: values.endTime,
              blockedStart: values.blockedStart,
              blockedEnd: values.blockedEnd,
              timeZone: values.timeZone,
              sequence: sql`${appointments.sequence} + 1`,
              updatedAt: values.at,
            })
            .where(and(eq(appointments.id, id), notCanceled));
        });
        return true;
      } catch (error) {
        if (isExclusionViolation(error)) return false;
        throw error;
      }
    },

    /** Holds the appointment's row to the end of the transaction. */
    async lockAppointment(id: string): Promise<void> {
      await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(eq(appointments.id, id))
        .for('update');
    },

    /** Stored within the booking's transaction; the notifier delivers it once that commits. */
    async storeNotice(
      notifier: Pick<Notifier, 'store'>,
      userId: string,
      organizationId: string,
      message: string,
      appointmentId: string,
    ) {
      await notifier.store(db, userId, organizationId, {
        category: 'appointments',
        message,
        data: { type: 'other', appointmentId },
      });
    },

    async ownSubscription(subscriptionId: string, userId: string, organizationId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.id, subscriptionId),
            eq(subscriptions.userId, userId),
            eq(subscriptions.organizationId, organizationId),
          ),
        );
      return row !== undefined;
    },

    async find(id: string, filter?: SQL): Promise<AppointmentRow | undefined> {
      const [row] = await db
        .select(appointmentColumns)
        .from(appointments)
        .leftJoin(physicians, eq(physicians.id, appointments.physicianId))
        .where(and(eq(appointments.id, id), filter));
      return row as AppointmentRow | undefined;
    },

    async listOf(
      patientId: string,
      filter: { kind?: EventTypeKind; subscriptionId?: string },
    ): Promise<AppointmentRow[]> {
      const list = await db
        .select(appointmentColumns)
        .from(appointments)
        .leftJoin(physicians, eq(physicians.id, appointments.physicianId))
        .where(
          and(
            eq(appointments.patientId, patientId),
            filter.kind ? eq(appointments.eventTypeKind, filter.kind) : undefined,
            filter.subscriptionId ? eq(appointments.subscriptionId, filter.subscriptionId) : undefined,
          ),
        )
        .orderBy(asc(appointments.startTime));
      return list as AppointmentRow[];
    },

    /** Marks the patient's appointment canceled; false when it was already. */
    async cancel(
      id: string,
      patientId: string,
      at: Date,
      by?: { userId: string; message?: string | undefined },
    ): Promise<boolean> {
      const changed = await db
        .update(appointments)
        .set({
          canceled: true,
          canceledAt: at,
          updatedAt: at,
          sequence: sql`${appointments.sequence} + 1`,
          canceledBy: by?.userId ?? patientId,
          cancelMessage: by?.message ?? null,
        })
        .where(
          and(
            eq(appointments.id, id),
            eq(appointments.patientId, patientId),
            ne(appointments.canceled, true),
          ),
        )
        .returning({ id: appointments.id });
      return changed.length > 0;
    },
  };
}

export type AppointmentQueries = ReturnType<typeof queries>;

/** The only place touching the appointment tables; `transaction` binds the same queries to one transaction. */
export function createAppointmentsRepository(db: Db) {
  return {
    ...queries(db),
    transaction<T>(fn: (q: AppointmentQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(queries(tx as unknown as Db)));
    },
  };
}
export type AppointmentsRepository = ReturnType<typeof createAppointmentsRepository>;
