import { staffCan } from '@portal/domain/care/staff-roles';
import {
  type AppointmentTypeSetting,
  AppointmentTypeSettings,
  AppointmentTypesBody,
  BookableKind,
} from '@portal/domain/contracts/appointment';
import { Id } from '@portal/domain/contracts/common';
import { APPOINTMENT_TYPE_NAMES, defaultAppointmentRules } from '@portal/domain/scheduling/appointment-types';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { appointmentTypes } from '../../db/schema/appointments';
import type { Auth } from '../../platform/auth/access';
import { Errors, errorResponses } from '../../platform/errors';

const tags = ['care', 'appointments'];

export function createAppointmentTypesRepository(db: Db) {
  return {
    list: (organizationId: string) =>
      db.select().from(appointmentTypes).where(eq(appointmentTypes.organizationId, organizationId)),

    /** Writes each kind's rules, creating the clinic's row of a kind that had the built-in ones. */
    async save(organizationId: string, types: AppointmentTypesBody['types']): Promise<void> {
      await db
        .insert(appointmentTypes)
        .values(
          types.map((t) => ({
            organizationId,
            kind: t.kind,
            name: APPOINTMENT_TYPE_NAMES[t.kind],
            durationMinutes: t.duration_minutes,
            bufferBeforeMinutes: t.buffer_before_minutes,
            bufferAfterMinutes: t.buffer_after_minutes,
            minimumNoticeMinutes: t.minimum_notice_minutes,
            horizonDays: t.horizon_days,
            slotIntervalMinutes: t.slot_interval_minutes,
          })),
        )
        .onConflictDoUpdate({
          target: [appointmentTypes.organizationId, appointmentTypes.kind],
          set: {
            durationMinutes: sql`excluded.duration_minutes`,
            bufferBeforeMinutes: sql`excluded.buffer_before_minutes`,
            bufferAfterMinutes: sql`excluded.buffer_after_minutes`,
            minimumNoticeMinutes: sql`excluded.minimum_notice_minutes`,
            horizonDays: sql`excluded.horizon_days`,
            slotIntervalMinutes: sql`excluded.slot_interval_minutes`,
            updatedAt: sql`now()`,
          },
        });
    },
  };
}

/** Every kind a patient books, with the clinic's rules where it set them and the built-in ones elsewhere. */
export function appointmentTypeSettings(
  rows: readonly (typeof appointmentTypes.$inferSelect)[],
): AppointmentTypeSettings {
  return {
    types: BookableKind.options.map((kind): AppointmentTypeSetting => {
      const row = rows.find((r) => r.kind === kind);
      if (row)
        return {
          kind,
          name: row.name,
          custom: true,
          duration_minutes: row.durationMinutes,
          buffer_before_minutes: row.bufferBeforeMinutes,
          buffer_after_minutes: row.bufferAfterMinutes,
          minimum_notice_minutes: row.minimumNoticeMinutes,
          horizon_days: row.horizonDays,
          slot_interval_minutes: row.slotIntervalMinutes,
        };
      const rules = defaultAppointmentRules(kind);
      return {
        kind,
        name: APPOINTMENT_TYPE_NAMES[kind],
        custom: false,
        duration_minutes: rules.durationMinutes,
        buffer_before_minutes: rules.bufferBeforeMinutes,
        buffer_after_minutes: rules.bufferAfterMinutes,
        minimum_notice_minutes: rules.minimumNoticeMinutes,
        horizon_days: rules.horizonDays,
        slot_interval_minutes: rules.slotIntervalMinutes ?? null,
      };
    }),
  };
}

/**
 * GET and PUT /care/{org}/appointment-types (decision 043): each kind's duration, buffers, notice, horizon and
 * grid. The access hook keeps the routes to the clinic's staff and audits each call; changing the clinic's
 * rules is an admin's (manage_settings), as its other settings are. Slots and bookings read the rows at once.
 */
export const appointmentTypesRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createAppointmentTypesRepository(app.ctx.db);
  const params = z.object({ org: Id }).strict();
  const allow = (auth: Auth) => {
    if (!staffCan(auth.role, 'manage_settings')) throw Errors.forbidden();
  };

  app.get(
    '/care/:org/appointment-types',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary:
          'Each kind of call’s duration, buffers, notice, horizon and grid, built-in where unset (admins)',
        params,
        response: { 200: AppointmentTypeSettings, ...errorResponses },
      },
    },
    async (request) => {
      allow(request.auth!);
      return appointmentTypeSettings(await repo.list(request.params.org));
    },
  );

  app.put(
    '/care/:org/appointment-types',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary:
          'Set the rules of the kinds sent; the next slots offered and bookings follow them, booked calls stay (admins)',
        params,
        body: AppointmentTypesBody,
        response: { 200: AppointmentTypeSettings, ...errorResponses },
      },
    },
    async (request) => {
      allow(request.auth!);
      await repo.save(request.params.org, request.body.types);
      return appointmentTypeSettings(await repo.list(request.params.org));
    },
  );
};
