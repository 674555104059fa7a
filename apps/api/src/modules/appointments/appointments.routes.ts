import {
  Appointment,
  AppointmentsQuery,
  Availability,
  AvailabilityQuery,
  BookAppointmentBody,
  CancelAppointmentBody,
  RescheduleAppointmentBody,
} from '@portal/domain/contracts/appointment';
import { Id } from '@portal/domain/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, errorResponses } from '../../platform/errors';
import {
  createCalcomClient,
  parseEventTypeSlugs,
  parseEventTypes,
  parseUsernames,
} from '../../platform/scheduling/calcom-api';
import { createCalendlyClient } from '../../platform/scheduling/calendly-api';
import { parseCalendlyEventLinks } from '../../platform/scheduling/calendly-link';
import { notifierFor } from '../notifications/notifier';
import { physiciansRoutes } from '../physicians/physicians.routes';
import { appointmentTypesRoutes } from './appointment-types.routes';
import { createAppointmentsRepository } from './appointments.repository';
import { createAppointmentsService } from './appointments.service';
import { createCalcomScheduling } from './calcom-scheduling';
import { createCalendlyScheduling } from './calendly-scheduling';
import { careSchedulingRoutes } from './care-scheduling.routes';
import { createOutsideBookingsRepository } from './outside-bookings.repository';
import { createOutsideBookings } from './outside-bookings.service';
import {
  APPOINTMENT_REMINDER_QUEUE,
  APPOINTMENT_REMINDER_SWEEP_QUEUE,
  createAppointmentReminders,
  REMINDER_SWEEP_SCHEDULE,
} from './reminders';
import { schedulingWebhookRoutes } from './scheduling-webhooks.routes';

const tags = ['appointments'];

/** Identity verification calls and coaching sessions booked in the portal (000 §2 Screen 9; 001 §2; 002 §7.7). */
export const appointmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reminders = createAppointmentReminders({
    db: app.ctx.db,
    notifier: notifierFor(app),
    now: () => app.ctx.now(),
  });
  app.ctx.jobs.register(
    APPOINTMENT_REMINDER_SWEEP_QUEUE,
    async () => {
      await reminders.sweep();
    },
    { retryLimit: 2, retryDelaySeconds: 20 },
  );
  app.ctx.jobs.schedule(APPOINTMENT_REMINDER_SWEEP_QUEUE, REMINDER_SWEEP_SCHEDULE);
  // one job per reminder, as they were planned before the sweep: those still queued run as they did
  app.ctx.jobs.register<{ reminderId: string }>(
    APPOINTMENT_REMINDER_QUEUE,
    async (data) => {
      await reminders.run(data);
    },
    { retryLimit: 3, retryDelaySeconds: 60 },
  );
  const repo = createAppointmentsRepository(app.ctx.db);
  const outsideRepo = createOutsideBookingsRepository(app.ctx.db);
  const outside = createOutsideBookings({
    repo: outsideRepo,
    notifier: notifierFor(app),
    reminders,
    now: () => app.ctx.now(),
  });
  const { config } = app.ctx;
  const scheduler =
    config.SCHEDULING_PROVIDER === 'calcom' && config.CALCOM_API_KEY
      ? createCalcomScheduling({
          client: createCalcomClient({ apiKey: config.CALCOM_API_KEY, baseUrl: config.CALCOM_API_URL }),
          eventTypes: parseEventTypes(config.CALCOM_EVENT_TYPES),
          eventTypeSlugs: parseEventTypeSlugs(config.CALCOM_EVENT_TYPES),
          usernames: parseUsernames(config.CALCOM_USERNAMES),
          organizationSlug: config.CALCOM_ORGANIZATION_SLUG,
          repo,
          outsideRepo,
          outside,
          now: () => app.ctx.now(),
        })
      : config.SCHEDULING_PROVIDER === 'calendly'
        ? createCalendlyScheduling({
            links: parseCalendlyEventLinks(config.CALENDLY_EVENT_LINKS).links,
            client: config.CALENDLY_API_TOKEN
              ? createCalendlyClient({ token: config.CALENDLY_API_TOKEN, baseUrl: config.CALENDLY_API_URL })
              : undefined,
            repo,
            outsideRepo,
            now: () => app.ctx.now(),
          })
        : undefined;
  const service = createAppointmentsService({
    repo,
    notifier: notifierFor(app),
    now: app.ctx.now,
    reminders,
    ...(scheduler ? { outside: scheduler } : {}),
  });

  app.get(
    '/v2/appointments/availability',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags,
        summary:
          'Open slots of a kind of call for the caller (its duration, buffers, notice and horizon): verification calls and consultations with physicians licensed in their state, coaching with any of the clinic’s; physician_id narrows to one',
        querystring: AvailabilityQuery,
        response: { 200: Availability, ...errorResponses },
      },
    },
    async (request) => service.availability(request.auth!, request.query),
  );

  app.post(
    '/v2/appointments',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags,
        summary: 'Book an open slot for the caller with an available physician (409 when it was just taken)',
        body: BookAppointmentBody,
        response: { 201: Appointment, ...errorResponses, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const appointment = await service.book(request.auth!, request.body, request.log);
      return reply.code(201).send(appointment);
    },
  );

  app.get(
    '/v2/appointments/:org/user/:patient',
    {
      config: { access: { kind: 'patient', param: 'patient' } },
      schema: {
        tags,
        summary: 'The patient’s appointments, oldest first (productVariant: a kind or a subscription id)',
        params: z.object({ org: Id, patient: Id }).strict(),
        querystring: AppointmentsQuery,
        response: { 200: z.array(Appointment), ...errorResponses },
      },
    },
    async (request) => service.list(request.params.patient, request.query.productVariant),
  );

  app.post(
    '/v2/appointments/cancel',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags,
        summary: 'Cancel one of the caller’s own appointments before it starts (invoiceId or appointment_id)',
        body: CancelAppointmentBody,
        response: { 200: Appointment, ...errorResponses },
      },
    },
    async (request) => {
      const { invoiceId, appointment_id } = request.body;
      return service.cancel(request.auth!, (invoiceId ?? appointment_id)!, request.log);
    },
  );

  app.post(
    '/v2/appointments/:id/reschedule',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags,
        summary:
          'Move one of the caller’s own appointments to another open slot of its physician (same id; 409 when the time was just taken)',
        params: z.object({ id: Id }).strict(),
        body: RescheduleAppointmentBody,
        response: { 200: Appointment, ...errorResponses, 409: ErrorBody },
      },
    },
    async (request) => service.reschedule(request.auth!, request.params.id, request.body, false, request.log),
  );

  await app.register(physiciansRoutes);
  await app.register(careSchedulingRoutes, { service });
  await app.register(appointmentTypesRoutes);
  await app.register(schedulingWebhookRoutes, { outside });
};
