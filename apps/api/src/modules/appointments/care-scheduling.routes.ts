import {
  Appointment,
  Availability,
  CareAvailabilityQuery,
  CareBookAppointmentBody,
  CareCancelAppointmentBody,
  CarePatientMatch,
  CarePatientSearchQuery,
  CarePhysician,
  CareSchedule,
  CareScheduleQuery,
  PhysicianAvailability,
  RescheduleAppointmentBody,
} from '@portal/domain/contracts/appointment';
import { Id } from '@portal/domain/contracts/common';
import { clockOf, minutesOfDay } from '@portal/domain/scheduling/availability';
import { DEFAULT_APPOINTMENT_TIME_ZONE } from '@portal/domain/scheduling/format-slot';
import { addCalendarDays, weekdayOf, zonedTimeToUtc } from '@portal/domain/scheduling/zoned-time';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, Errors, errorResponses } from '../../platform/errors';
import { createAppointmentsRepository } from './appointments.repository';
import { type AppointmentsService, toAppointment } from './appointments.service';
import { createCareSchedulingRepository } from './care-scheduling.repository';

const tags = ['care', 'appointments'];
const PhysicianParams = z.object({ org: Id, id: Id }).strict();

/** "09:00:00" -> "09:00"; a stored 24:00:00 stays "24:00". */
const clock = (value: string) => clockOf(minutesOfDay(value));

/** The instant a local date starts in a zone (its first minute that exists). */
function startOfDate(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  for (let minute = 0; minute < 180; minute += 15) {
    const at = zonedTimeToUtc(
      { year, month, day, hour: Math.floor(minute / 60), minute: minute % 60 },
      timeZone,
    );
    if (at) return at;
  }
  throw Errors.badRequest('This date does not exist in the time zone.');
}

/**
 * The clinic's side of the scheduler in the care-team workspace (issue 16 §7): each physician's availability
 * and overrides, the schedule by day and week, booking on a patient's behalf, cancelling with a message.
 */
export const careSchedulingRoutes: FastifyPluginAsyncZod<{ service: AppointmentsService }> = async (
  app,
  { service },
) => {
  const care = createCareSchedulingRepository(app.ctx.db);
  const appointments = createAppointmentsRepository(app.ctx.db);

  async function physicianOfClinic(org: string, id: string) {
    if (!(await care.physicianOf(org, id))) throw Errors.notFound('The physician');
  }

  async function availabilityOf(id: string): Promise<PhysicianAvailability> {
    const [rows, roomLink] = await Promise.all([care.availability(id), care.roomLink(id)]);
    const timeZone = rows.weekly[0]?.timeZone ?? rows.overrides[0]?.timeZone ?? DEFAULT_APPOINTMENT_TIME_ZONE;
    const overrides = new Map<string, { start: string; end: string }[]>();
    for (const o of rows.overrides) {
      const blocks = overrides.get(o.date) ?? [];
      if (o.start && o.end) blocks.push({ start: clock(o.start), end: clock(o.end) });
      overrides.set(o.date, blocks);
    }
    return {
      time_zone: timeZone,
      room_link: roomLink,
      weekly: rows.weekly.map((w) => ({ weekday: w.weekday, start: clock(w.start), end: clock(w.end) })),
      overrides: [...overrides].map(([date, blocks]) => ({ date, blocks })),
    };
  }

  app.get(
    '/care/:org/physicians',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary: 'The clinic’s physicians by name, active ones first',
        params: z.object({ org: Id }).strict(),
        response: { 200: z.array(CarePhysician), ...errorResponses },
      },
    },
    async (request) =>
      (await care.physicians(request.params.org)).map((p) => ({
        _id: p.id,
        name: `${p.firstName} ${p.lastName}`.trim() + (p.credentials ? `, ${p.credentials}` : ''),
        active: p.active,
        user_id: p.userId,
      })),
  );

  app.get(
    '/care/:org/patients',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary: 'Up to 20 of the clinic’s patients whose name or e-mail holds q (booking on their behalf)',
        params: z.object({ org: Id }).strict(),
        querystring: CarePatientSearchQuery,
        response: { 200: z.array(CarePatientMatch), ...errorResponses },
      },
    },
    async (request) =>
      (await care.searchPatients(request.params.org, request.query.q)).map((p) => ({
        _id: p.id,
        name: `${p.firstName} ${p.lastName}`.trim(),
        email: p.email,
      })),
  );

  app.get(
    '/care/:org/availability',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary:
          'Open slots of a kind of call for one of the clinic’s patients, exactly as that patient is offered them',
        params: z.object({ org: Id }).strict(),
        querystring: CareAvailabilityQuery,
        response: { 200: Availability, ...errorResponses },
      },
    },
    async (request) => {
      const { patient_id, ...query } = request.query;
      if (request.auditTarget) request.auditTarget.patientId = patient_id;
      if (!(await care.patientOf(request.params.org, patient_id))) throw Errors.notFound('The patient');
      return service.availability({ userId: patient_id, organizationId: request.params.org }, query);
    },
  );

  app.get(
    '/care/:org/physicians/:id/availability',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary:
          'A physician’s weekly hours and date overrides, in their time zone, and their video room link',
        params: PhysicianParams,
        response: { 200: PhysicianAvailability, ...errorResponses },
      },
    },
    async (request) => {
      await physicianOfClinic(request.params.org, request.params.id);
      return availabilityOf(request.params.id);
    },
  );

  app.put(
    '/care/:org/physicians/:id/availability',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary:
          'Replace a physician’s weekly hours and date overrides (a date with no blocks is a day off) and, when given, their video room link; booked appointments stay',
        params: PhysicianParams,
        body: PhysicianAvailability,
        response: { 200: PhysicianAvailability, ...errorResponses },
      },
    },
    async (request) => {
      await physicianOfClinic(request.params.org, request.params.id);
      const { time_zone, weekly, overrides, room_link } = request.body;
      await care.replaceAvailability(request.params.id, time_zone, weekly, overrides, room_link);
      return availabilityOf(request.params.id);
    },
  );

  app.get(
    '/care/:org/schedule',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary:
          'The clinic’s appointments of one local day, or of the week (Monday to Sunday) holding it, with patient and physician',
        params: z.object({ org: Id }).strict(),
        querystring: CareScheduleQuery,
        response: { 200: CareSchedule, ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const timeZone = q.time_zone ?? DEFAULT_APPOINTMENT_TIME_ZONE;
      const [year, month, day] = q.date.split('-').map(Number) as [number, number, number];
      const first =
        q.view === 'week'
          ? addCalendarDays({ year, month, day }, -((weekdayOf({ year, month, day }) + 6) % 7))
          : { year, month, day };
      const last = addCalendarDays(first, q.view === 'week' ? 7 : 1);
      const key = (d: typeof first) =>
        `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
      const from = startOfDate(key(first), timeZone);
      const to = startOfDate(key(last), timeZone);
      if (q.physician_id) await physicianOfClinic(request.params.org, q.physician_id);
      const rows = await care.schedule(request.params.org, from, to, {
        physicianId: q.physician_id,
        includeCanceled: q.include_canceled === 'true',
      });
      return {
        from: from.toISOString(),
        to: to.toISOString(),
        time_zone: timeZone,
        appointments: rows.map((row) => ({
          ...toAppointment(row),
          patient: { _id: row.patientId, name: `${row.patientFirstName} ${row.patientLastName}`.trim() },
        })),
      };
    },
  );

  app.post(
    '/care/:org/appointments',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary:
          'Book an open slot on a patient’s behalf, under the same rules as the patient (409 when it was just taken)',
        params: z.object({ org: Id }).strict(),
        body: CareBookAppointmentBody,
        response: { 201: Appointment, ...errorResponses, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const { patient_id, ...body } = request.body;
      if (request.auditTarget) request.auditTarget.patientId = patient_id;
      if (!(await care.patientOf(request.params.org, patient_id))) throw Errors.notFound('The patient');
      const appointment = await service.book(
        { userId: patient_id, organizationId: request.params.org },
        body,
        request.log,
        request.auth!.userId,
      );
      return reply.code(201).send(appointment);
    },
  );

  app.post(
    '/care/:org/appointments/:id/reschedule',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary: 'Move a patient’s appointment to another open slot of its physician',
        params: PhysicianParams,
        body: RescheduleAppointmentBody,
        response: { 200: Appointment, ...errorResponses, 409: ErrorBody },
      },
    },
    async (request) => {
      const row = await appointments.find(request.params.id);
      if (!row || row.organizationId !== request.params.org) throw Errors.notFound('The appointment');
      if (request.auditTarget) request.auditTarget.patientId = row.patientId;
      return service.reschedule(request.auth!, request.params.id, request.body, true, request.log);
    },
  );

  app.post(
    '/care/:org/appointments/:id/cancel',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary:
          'Cancel a patient’s appointment before it starts; the patient is notified with the message (in the portal, and by e-mail or text as they chose)',
        params: PhysicianParams,
        body: CareCancelAppointmentBody,
        response: { 200: Appointment, ...errorResponses },
      },
    },
    async (request) => {
      const row = await appointments.find(request.params.id);
      if (!row || row.organizationId !== request.params.org) throw Errors.notFound('The appointment');
      if (request.auditTarget) request.auditTarget.patientId = row.patientId;
      return service.cancel(request.auth!, row.id, request.log, {
        userId: request.auth!.userId,
        message: request.body.message,
      });
    },
  );
};
