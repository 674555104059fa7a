import { Id } from '@portal/domain/contracts/common';
import { PrescriptionChangeResult } from '@portal/domain/contracts/subscription';
import { PrescriptionChangeBody, readPrescriptionChange } from '@portal/domain/dashboard/prescription-change';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/errors';
import { createPrescriptionChangeRepository } from './prescription-change.repository';
import { createPrescriptionChangeService } from './prescription-change.service';

/** POST /v2/subscriptions/{id}/request-prescription-change (001 §7), from the Customize Protocol panel. */
export const prescriptionChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPrescriptionChangeService(createPrescriptionChangeRepository(app.ctx.db));

  app.post(
    '/v2/subscriptions/:id/request-prescription-change',
    {
      config: { access: { kind: 'owner', resource: 'subscription', param: 'id' } },
      schema: {
        tags: ['subscriptions'],
        summary: 'Ask the clinical team to change the prescription of an active medication subscription',
        description:
          'Body requestType (RaiseDosage, LowerDosage or Other) and comment; subscriptionId, reqType and modDetails are accepted as well. The subscription becomes prescription_requested and the patient is notified. Any other subscription answers 400.',
        params: z.object({ id: Id }).strict(),
        body: PrescriptionChangeBody,
        response: { 201: PrescriptionChangeResult, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { requestType, comment } = readPrescriptionChange(request.body);
      const result = await service.request(request.params.id, {
        requestType,
        comment,
        bodySubscriptionId: request.body.subscriptionId,
      });
      return reply.code(201).send(result);
    },
  );
};
