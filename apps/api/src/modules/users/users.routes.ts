import { Id } from '@portal/domain/contracts/common';
import { LifestyleResponse, PatchUserBody } from '@portal/domain/contracts/lifestyle';
import { PatientUser, UpdateUserBody } from '@portal/domain/contracts/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/errors';
import { createUsersService } from './users.service';

const PatientParams = z.object({ org: Id, id: Id });

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createUsersService(app.ctx.users);

  app.get(
    '/users/:org/user/:id/patient',
    {
      config: { access: { kind: 'patient', param: 'id' } },
      schema: {
        tags: ['users'],
        summary: 'The patient record',
        params: PatientParams,
        response: { 200: PatientUser, ...errorResponses },
      },
    },
    async (request) => service.patient(request.params.id),
  );

  app.put(
    '/users/:org/:id',
    {
      config: { access: { kind: 'patient', param: 'id' } },
      schema: {
        tags: ['users'],
        summary: 'Update the patient record',
        params: PatientParams,
        body: UpdateUserBody,
        response: { 200: PatientUser, ...errorResponses },
      },
    },
    async (request) => service.update(request.params.org, request.params.id, request.body),
  );

  const V2Params = z.object({ id: Id }).strict();

  app.patch(
    '/v2/users/:id',
    {
      config: { access: { kind: 'patient', param: 'id' } },
      schema: {
        tags: ['users'],
        summary: 'Save lifestyle answers into medical_profile.lifestyle (merged by question slug)',
        params: V2Params,
        body: PatchUserBody,
        response: { 200: PatientUser, ...errorResponses },
      },
    },
    async (request) => service.mergeLifestyle(request.params.id, request.body.medical_profile.lifestyle),
  );

  app.get(
    '/v2/users/:id/lifestyle',
    {
      config: { access: { kind: 'patient', param: 'id' } },
      schema: {
        tags: ['users'],
        summary: 'The lifestyle questions with the patient’s current answers',
        params: V2Params,
        response: { 200: LifestyleResponse, ...errorResponses },
      },
    },
    async (request) => service.lifestyle(request.params.id),
  );
};
