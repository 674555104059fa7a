import { Id } from '@portal/domain/contracts/common';
import {
  CancellationInfoBody,
  CancelSubscriptionBody,
  PauseSubscriptionBody,
  PrescriptionContract,
  RescheduleSubscriptionBody,
  ResumeSubscriptionBody,
  SubscriptionDetails,
} from '@portal/domain/contracts/subscription';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isStaff } from '../../platform/auth/access';
import { errorResponses } from '../../platform/errors';
import { createPaymentEventApplier } from '../billing/payment-events';
import { notifierFor } from '../notifications/notifier';
import { createRenewalJob, RENEWAL_QUEUE, RENEWAL_SCHEDULE } from './renewal-job';
import { createSelfServiceRepository } from './self-service.repository';
import { createSelfService } from './self-service.service';
import { createSubscriptionsRepository } from './subscriptions.repository';

const tags = ['subscriptions'];
const one = { 200: SubscriptionDetails, ...errorResponses };
const owner = { access: { kind: 'owner', resource: 'subscription', param: 'id' } } as const;
const BillingType = z.enum(['stripe', 'sandbox']).optional();

/** Subscription self-service: list, details, pause, resume, cancel, reschedule, retention, invoices (001 §4, §7; 002 §7.3). */
export const selfServiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createSelfServiceRepository(app.ctx.db);
  const notifier = notifierFor(app);
  const service = createSelfService({
    repo,
    subscriptions: createSubscriptionsRepository(app.ctx.db),
    payments: app.ctx.payments,
    notifier,
  });

  const renewals = createRenewalJob({
    repo,
    notifier,
    applier: createPaymentEventApplier({ db: app.ctx.db, notifier }),
    log: app.log,
  });
  app.ctx.jobs.register(
    RENEWAL_QUEUE,
    async () => {
      await renewals.runOnce(app.ctx.now());
    },
    { retryLimit: 2, retryDelaySeconds: 60 },
  );
  app.ctx.jobs.schedule(RENEWAL_QUEUE, RENEWAL_SCHEDULE);

  app.get(
    '/users/:org/user/:patient/subscriptions',
    {
      config: { access: { kind: 'patient', param: 'patient' } },
      schema: {
        tags,
        summary: "The patient's subscriptions with billing record and invoices, newest first",
        params: z.object({ org: Id, patient: Id }).strict(),
        response: { 200: z.array(SubscriptionDetails), ...errorResponses },
      },
    },
    async (request) => service.list(request.params.patient),
  );

  app.get(
    '/users/:org/user/:patient/subscriptions/medications',
    {
      config: { access: { kind: 'patient', param: 'patient' } },
      schema: {
        tags,
        summary: "The patient's active medication subscriptions (the Customize Protocol list)",
        params: z.object({ org: Id, patient: Id }).strict(),
        response: { 200: z.array(SubscriptionDetails), ...errorResponses },
      },
    },
    async (request) => service.medications(request.params.patient),
  );

  app.get(
    '/users/:org/user/:patient/subscription/:id',
    {
      config: { access: { kind: 'patient', param: 'patient' } },
      schema: {
        tags,
        summary: 'One subscription; with type, billing details come from the payment provider',
        params: z.object({ org: Id, patient: Id, id: Id }).strict(),
        querystring: z.object({ type: BillingType }).strict(),
        response: one,
      },
    },
    async (request) => service.get(request.params.patient, request.params.id, request.query.type),
  );

  app.get(
    '/users/:org/user/:patient/subscription/:id/medication',
    {
      config: { access: { kind: 'patient', param: 'patient' } },
      schema: {
        tags,
        summary: "A subscription's prescription (the latest one without prescription_id)",
        params: z.object({ org: Id, patient: Id, id: Id }).strict(),
        querystring: z.object({ prescription_id: z.string().min(1).max(64).optional() }).strict(),
        response: { 200: PrescriptionContract, ...errorResponses },
      },
    },
    async (request) =>
      service.prescription(request.params.patient, request.params.id, request.query.prescription_id),
  );

  app.get(
    '/prescriptions/:org/patient/:patient/product/:product',
    {
      config: { access: { kind: 'patient', param: 'patient' } },
      schema: {
        tags,
        summary: "The patient's prescription for a product or product template, expiring last",
        params: z.object({ org: Id, patient: Id, product: Id }).strict(),
        response: {
          200: z.object({ subscription: Id, prescription: PrescriptionContract }),
          ...errorResponses,
        },
      },
    },
    async (request) => service.prescriptionForProduct(request.params.patient, request.params.product),
  );

  app.post(
    '/v2/subscriptions/:id/pause',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Pause collection (active, trialing or rescheduled); a reason is required',
        params: z.object({ id: Id }).strict(),
        body: PauseSubscriptionBody,
        response: one,
      },
    },
    async (request) => service.pause(request.params.id, request.body.data.pause_reason),
  );

  app.post(
    '/v2/subscriptions/:id/resume',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Resume a paused subscription: shipNow bills and ships today, otherwise at the next period',
        params: z.object({ id: Id }).strict(),
        body: ResumeSubscriptionBody,
        response: one,
      },
    },
    async (request) => service.resume(request.params.id, request.body.data.shipNow),
  );

  app.post(
    '/v2/subscriptions/:id/cancel',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Cancel a subscription; a reason is required',
        params: z.object({ id: Id }).strict(),
        body: CancelSubscriptionBody,
        response: one,
      },
    },
    async (request) => service.cancel(request.params.id, request.body.data.cancel_reason),
  );

  app.post(
    '/v2/subscriptions/:id/reschedule',
    {
      config: owner,
      schema: {
        tags,
        summary:
          'Move the next billing date inside the reschedule window (new_time in milliseconds or seconds)',
        params: z.object({ id: Id }).strict(),
        body: RescheduleSubscriptionBody,
        response: one,
      },
    },
    async (request) => service.reschedule(request.params.id, request.body.new_time),
  );

  app.post(
    '/v2/subscriptions/:id/cancellation-info',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Count a cancellation attempt when the retention offer is taken (the first earns 20% off)',
        params: z.object({ id: Id }).strict(),
        body: CancellationInfoBody,
        response: one,
      },
    },
    async (request) => service.cancellationInfo(request.params.id, request.body.incrementCancellationAttempt),
  );

  app.get(
    '/subscriptions/:org/invoice',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags,
        summary: 'An invoice of one of the patient’s subscriptions, as a PDF download',
        params: z.object({ org: Id }).strict(),
        querystring: z.object({ type: BillingType, invoice: Id }).strict(),
        response: { 200: z.any().describe('application/pdf'), ...errorResponses },
      },
      onSend: async (_request, reply) => {
        reply.header('cache-control', 'private, no-store');
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const { fileName, pdf } = await service.invoicePdf(
        auth.userId,
        auth.organizationId,
        request.query.invoice,
        isStaff(auth.role),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(pdf);
    },
  );

  app.get(
    '/users/:org/:user/plan',
    {
      config: { access: { kind: 'patient', param: 'user' } },
      schema: {
        tags,
        summary: "The patient's coaching membership plan, if any",
        params: z.object({ org: Id, user: Id }).strict(),
        response: {
          200: z.object({ membership: Id.nullable(), subscription: SubscriptionDetails.nullable() }),
          ...errorResponses,
        },
      },
    },
    async (request) => service.plan(request.params.user),
  );

  app.put(
    '/users/:org/:user/cancel-plan/:planId',
    {
      config: { access: { kind: 'patient', param: 'user' } },
      schema: {
        tags,
        summary: "Cancel the patient's coaching membership (planId: its subscription or membership id)",
        params: z.object({ org: Id, user: Id, planId: Id }).strict(),
        body: z
          .object({ data: z.object({ cancel_reason: z.string().trim().min(1).max(1000) }).strict() })
          .strict()
          .nullish(),
        response: one,
      },
    },
    async (request) =>
      service.cancelPlan(
        request.params.user,
        request.params.planId,
        request.body?.data.cancel_reason ?? null,
      ),
  );
};
