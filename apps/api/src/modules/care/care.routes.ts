import { CareClaim, CareQueuePage, CareQueueQuery, CareVisitParams } from '@portal/domain/contracts/care';
import { Id } from '@portal/domain/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/errors';
import { createCareRepository } from './care.repository';
import { createCareService } from './care.service';

const tags = ['care'];

/** The clinic's side (issue 12, decision 028): staff of the organization in the path, by role. */
export const careRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCareService({ repo: createCareRepository(app.ctx.db), now: app.ctx.now });

  app.get(
    '/care/:org/queue',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary:
          'Visits awaiting physician review, oldest first; a physician sees their licensed states only',
        params: z.object({ org: Id }).strict(),
        querystring: CareQueueQuery,
        response: { 200: CareQueuePage, ...errorResponses },
      },
    },
    async (request) => service.queue(request.auth!, request.query),
  );

  app.post(
    '/care/:org/visits/:id/claim',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary: 'Take a visit awaiting review: the others see who is on it',
        params: CareVisitParams,
        response: { 200: CareClaim, ...errorResponses },
      },
    },
    async (request) => {
      const { claim, patientId } = await service.claim(request.auth!, request.params.id);
      if (request.auditTarget) request.auditTarget.patientId = patientId;
      return claim;
    },
  );
};
