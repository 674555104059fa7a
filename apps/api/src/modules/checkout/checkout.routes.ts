import { AddCompletedIntakeBody, CompleteIntakeBody } from '@portal/domain/contracts/checkout';
import { CheckoutRequest, CheckoutResult, IdempotencyKey } from '@portal/domain/contracts/checkout-submit';
import { Id } from '@portal/domain/contracts/common';
import { Intake } from '@portal/domain/contracts/intake';
import { PatientUser } from '@portal/domain/contracts/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isStaff } from '../../platform/auth/access';
import { ErrorBody, Errors, errorResponses } from '../../platform/errors';
import { createIntakesRepository } from '../intakes/intakes.repository';
import { notifierFor } from '../notifications/notifier';
import { createCheckoutRepository } from './checkout.repository';
import { createCheckoutService } from './checkout.service';
import { createCheckoutUseCase } from './checkout-use-case';

const tags = ['checkout'];

/** Completing a visit at checkout (000 §4 "Checkout submit", "Intake lifecycle"; 000 §7). */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, organizations, users } = app.ctx;
  const brandName = async (id: string) => (await organizations.findById(id))?.name ?? 'our clinic';
  const checkout = createCheckoutService({
    repo: createCheckoutRepository(db),
    intakes: createIntakesRepository(db),
    brandName,
    notifier: notifierFor(app),
  });
  const submit = createCheckoutUseCase({
    db,
    payments: app.ctx.payments,
    users,
    notifier: notifierFor(app),
    brandName,
    now: () => app.ctx.now(),
  });

  app.post(
    '/v2/checkout',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags,
        summary: 'The whole checkout in one call: consultation, signup lab or supplement, or a shop cart',
        description:
          'Validates everything first, then runs the documented steps in order (address, card, membership and ' +
          'coaching subscription, visit completion; or orders, one charge, subscriptions; then marketing tags). ' +
          'The Idempotency-Key header names the checkout: the same request again answers the stored result ' +
          '(Idempotent-Replayed: true), or 409 while it runs; another body with the key answers 422. A failed ' +
          'checkout is retried with the same key (a corrected address or card may be sent) and continues from ' +
          'the step that failed, named in the Checkout-Step header of the error. Decision 013.',
        headers: z.object({ 'idempotency-key': IdempotencyKey }),
        body: CheckoutRequest,
        response: {
          200: CheckoutResult,
          ...errorResponses,
          402: ErrorBody,
          409: ErrorBody,
          422: ErrorBody,
          500: ErrorBody,
          502: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      // Checkout may only be used by a logged-in patient (002 §6).
      if (isStaff(auth.role)) throw Errors.forbidden();
      const { result, replayed } = await submit.submit(
        auth,
        request.headers['idempotency-key'],
        request.body,
        request.log,
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return result;
    },
  );

  app.post(
    '/v2/intakes/:intake/complete',
    {
      config: { access: { kind: 'owner', resource: 'intake', param: 'intake' } },
      schema: {
        tags,
        summary:
          'Complete the visit once every question is answered (nothing is charged until a physician approves)',
        params: z.object({ intake: Id }).strict(),
        body: CompleteIntakeBody,
        response: { 200: Intake, ...errorResponses },
      },
    },
    async (request) =>
      checkout.complete(
        request.params.intake,
        request.auth!.organizationId,
        request.body?.promo_code ?? null,
      ),
  );

  app.post(
    '/users/:org/user/:user/add-completed-intake',
    {
      config: { access: { kind: 'patient', param: 'user' } },
      schema: {
        tags,
        summary: 'Mark the patient as having a completed visit (complete_intake, requires_intake false)',
        params: z.object({ org: Id, user: Id }).strict(),
        body: AddCompletedIntakeBody,
        response: { 200: PatientUser, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = request.params;
      await checkout.addCompletedIntake(user, request.body.intake);
      const patient = await users.findPatient(user);
      if (!patient) throw Errors.notFound('The patient');
      return patient;
    },
  );
};
