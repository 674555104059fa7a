import { Id } from '@portal/domain/contracts/common';
import {
  IntakeAnswerBody as AnswerBody,
  IntakeChildAnswersBody as ChildBody,
  IntakeCreateBody as CreateBody,
  IntakeExpirationBody as ExpirationBody,
  Intake,
  IntakeProductsBody,
  IntakeResponse,
  IntakeUpdateBody as UpdateBody,
} from '@portal/domain/contracts/intake';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/errors';
import { describeError } from '../../platform/log-safe';
import { createMarketingRepository, TAG_EVENT } from '../marketing/marketing.repository';
import { createIntakesRepository } from './intakes.repository';
import { createIntakesService } from './intakes.service';

const PATIENT = { access: { kind: 'patient', param: 'user' } } as const;
const OWNER = { access: { kind: 'owner', resource: 'intake', param: 'id' } } as const;

const PatientParams = z.object({ org: Id, user: Id }).strict();
const IntakeParams = z.object({ org: Id, user: Id, intake: Id }).strict();
const tags = ['intakes'];
const one = { 200: Intake, ...errorResponses };

/** The patient's intake instances and answers (000 §3, §4, §7; 002 §4.11, §7.6). */
export const intakesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createIntakesService(createIntakesRepository(app.ctx.db));
  const marketing = createMarketingRepository(app.ctx.db);

  app.post(
    '/users/:org/user/:userId/template/:templateId',
    {
      config: { access: { kind: 'patient', param: 'userId' } },
      schema: {
        tags,
        summary: 'Create an intake instance of a template',
        params: z.object({ org: Id, userId: Id, templateId: Id }).strict(),
        body: CreateBody,
        response: { 201: Intake, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { org, userId, templateId } = request.params;
      const intake = await service.create(org, userId, templateId);
      // 001 §7: a started visit makes the patient's status:intake:incomplete tag active. The visit is
      // started whatever becomes of the tag.
      await marketing
        .record(org, userId, TAG_EVENT, { tag: 'status:intake:incomplete', status: 'active' })
        .catch((error: Error) =>
          request.log.error({ err: describeError(error) }, 'marketing tag not recorded'),
        );
      return reply.code(201).send(intake);
    },
  );

  app.get(
    '/intakes/:org/patient/:user/patient-intake/:id',
    {
      config: PATIENT,
      schema: {
        tags,
        summary: 'One intake of the patient',
        params: z.object({ org: Id, user: Id, id: Id }).strict(),
        response: one,
      },
    },
    async (request) => service.get(request.params.id, request.params.user),
  );

  app.get(
    '/intakes/:org/patient/:user/incomplete',
    {
      config: PATIENT,
      schema: {
        tags,
        summary: 'Open intakes the patient has not completed, newest first',
        params: PatientParams,
        response: { 200: z.array(Intake), ...errorResponses },
      },
    },
    async (request) => service.list(request.params.user, 'incomplete'),
  );

  app.get(
    '/intakes/:org/patient/:user',
    {
      config: PATIENT,
      schema: {
        tags,
        summary: "All the patient's intakes, newest first",
        params: PatientParams,
        response: { 200: z.array(Intake), ...errorResponses },
      },
    },
    async (request) => service.list(request.params.user, 'all'),
  );

  app.put(
    '/intakes/:org/patient/:user/intake/:intake',
    {
      config: PATIENT,
      schema: {
        tags,
        summary: 'Update subscriptions, image verification or the awaiting-update flag',
        params: IntakeParams,
        body: UpdateBody,
        response: one,
      },
    },
    async (request) => service.update(request.params.intake, request.params.user, request.body),
  );

  app.put(
    '/intakes/:org/patient/:user/intake/:intake/response/:responseId',
    {
      config: PATIENT,
      schema: {
        tags,
        summary: 'Answer a question',
        params: IntakeParams.extend({ responseId: Id }).strict(),
        body: AnswerBody,
        response: one,
      },
    },
    async (request) =>
      service.answer(request.params.intake, request.params.user, request.params.responseId, request.body),
  );

  app.put(
    '/intakes/:org/patient/:user/intake/:intake/question/:parent/response/child/update',
    {
      config: PATIENT,
      schema: {
        tags,
        summary: 'Answer the follow-up questions of a question',
        params: IntakeParams.extend({ parent: Id }).strict(),
        body: ChildBody,
        response: one,
      },
    },
    async (request) =>
      service.answerChildren(
        request.params.intake,
        request.params.user,
        request.params.parent,
        request.body.responses,
      ),
  );

  app.get(
    '/intakes/:org/patient/:user/intake/:intake/response/:questionId',
    {
      config: PATIENT,
      schema: {
        tags,
        summary: 'The answer to a question of the intake',
        params: IntakeParams.extend({ questionId: Id }).strict(),
        response: { 200: IntakeResponse, ...errorResponses },
      },
    },
    async (request) =>
      service.responseFor(request.params.intake, request.params.user, request.params.questionId),
  );

  app.put(
    '/intakes/:org/patient/:user/patient-intake/:intake/patient-close',
    {
      config: PATIENT,
      schema: {
        tags,
        summary: 'The patient closes an intake',
        params: IntakeParams,
        body: z.object({}).strict().nullish(),
        response: one,
      },
    },
    async (request) => service.close(request.params.intake, request.params.user),
  );

  app.put(
    '/intakes/:org/patient/:user/intake/:intake/set-expiration',
    {
      config: PATIENT,
      schema: {
        tags,
        summary: 'Set when the open intake expires (30 days ahead unless days is given)',
        params: IntakeParams,
        body: ExpirationBody,
        response: one,
      },
    },
    async (request) => service.setExpiration(request.params.intake, request.params.user, request.body?.days),
  );

  for (const method of ['post', 'delete'] as const) {
    app[method](
      '/v2/intakes/:id/products',
      {
        config: OWNER,
        schema: {
          tags,
          summary:
            method === 'post'
              ? 'Add products (ids or configurations) to the intake'
              : 'Remove products from the intake',
          params: z.object({ id: Id }).strict(),
          body: IntakeProductsBody,
          response: one,
        },
      },
      async (request) =>
        service.changeProducts(
          request.params.id,
          request.auth!.organizationId,
          request.body.products,
          method === 'post' ? 'add' : 'remove',
        ),
    );
  }
};
