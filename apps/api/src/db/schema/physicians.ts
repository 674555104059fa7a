import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, ref, updatedAt } from './columns';
import { organizations, states } from './organizations';
import { users } from './users';

/** A prescribing provider of a clinic; may be linked to a staff user account. */
export const physicians = pgTable(
  'physicians',
  {
    id: idColumn(),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: ref('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: varchar('first_name', { length: 35 }).notNull(),
    lastName: varchar('last_name', { length: 35 }).notNull(),
    /** Credentials shown after the name, e.g. 'MD'. */
    credentials: varchar('credentials', { length: 16 }),
    npiNum: varchar('npi_num', { length: 10 }).notNull(),
    profileImgUrl: text('profile_img_url'),
    bio: text('bio').notNull().default(''),
    schedulingLink: text('scheduling_link'),
    /** The physician's own video room (their meeting service), opened from the waiting room (decision 043). */
    roomLink: text('room_link'),
    /**
     * The weekly hours as the calendar reads them (a JSON array of { weekday, start, end, timeZone } in weekday
     * and start order), kept by a trigger on physician_availability (migration 0028): a look at the calendar
     * then reads one value per physician instead of aggregating their rows.
     */
    weeklyHours: jsonb('weekly_hours').notNull().default(sql`'[]'::jsonb`),
    /** Listed to patients as a provider (is_provider). */
    isProvider: boolean('is_provider').notNull().default(true),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('physicians_organization_id_npi_num_idx').on(t.organizationId, t.npiNum),
    index('physicians_user_id_idx').on(t.userId),
    check('physicians_npi_num_check', sql`${t.npiNum} ~ '^[0-9]{10}$'`),
  ],
);

/** The states a physician is licensed in. */
export const physicianStates = pgTable(
  'physician_states',
  {
    physicianId: ref('physician_id')
      .notNull()
      .references(() => physicians.id, { onDelete: 'cascade' }),
    state: varchar('state', { length: 2 })
      .notNull()
      .references(() => states.abbreviation),
  },
  (t) => [primaryKey({ columns: [t.physicianId, t.state] }), index('physician_states_state_idx').on(t.state)],
);

/** Weekly working hours, in the physician's time zone. */
export const physicianAvailability = pgTable(
  'physician_availability',
  {
    id: idColumn(),
    physicianId: ref('physician_id')
      .notNull()
      .references(() => physicians.id, { onDelete: 'cascade' }),
    /** 0 Sunday to 6 Saturday. */
    weekday: smallint('weekday').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    timeZone: text('time_zone').notNull(),
  },
  (t) => [
    index('physician_availability_physician_id_weekday_idx').on(t.physicianId, t.weekday),
    check('physician_availability_weekday_check', sql`${t.weekday} between 0 and 6`),
    check('physician_availability_range_check', sql`${t.startTime} < ${t.endTime}`),
  ],
);

/**
 * Hours that replace the weekly ones on one local date of the physician's zone (decision 043). A date's rows
 * with no times are a day off; otherwise each row is one block of hours.
 */
export const physicianAvailabilityOverrides = pgTable(
  'physician_availability_overrides',
  {
    id: idColumn(),
    physicianId: ref('physician_id')
      .notNull()
      .references(() => physicians.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: time('start_time'),
    endTime: time('end_time'),
    timeZone: text('time_zone').notNull(),
  },
  (t) => [
    index('physician_availability_overrides_physician_id_date_idx').on(t.physicianId, t.date),
    check(
      'physician_availability_overrides_range_check',
      sql`(${t.startTime} is null and ${t.endTime} is null) or (${t.startTime} is not null and ${t.endTime} is not null and ${t.startTime} < ${t.endTime})`,
    ),
  ],
);
