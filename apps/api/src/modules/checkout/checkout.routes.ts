import { AddCompletedIntakeBody, CompleteIntakeBody } from '@portal/domain/contracts/checkout';
import { Id } from '@portal/domain/contracts/common';
import { Intake } from '@portal/domain/contracts/intake';
import { PatientUser } from '@portal/domain/contracts/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Errors, errorResponses } from '../../platform/errors';
import { notifierFor } from '../notifications/notifier';
import { createIntakesRepository } from '../intakes/intakes.repository';
import { createCheckoutRepository } from './checkout.repository';
import { createCheckoutService } from './checkout.service';

const tags = ['checkout'];

/** Completing a visit at checkout (000 §4 "Checkout submit", "Intake lifecycle"; 000 §7). */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, organizations, users } = app.ctx;
  const checkout = createCheckoutService({
    repo: createCheckoutRepository(db),
    intakes: createIntakesRepository(db),
    brandName: async (id) => (await organizations.findById(id))?.name ?? 'our clinic',
    notifier: notifierFor(app),
  });

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
