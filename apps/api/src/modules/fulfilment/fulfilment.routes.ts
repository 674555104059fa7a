import { Id } from '@portal/domain/contracts/common';
import {
  CareFulfilmentAdvanceBody,
  CareFulfilmentOrder,
  CareFulfilmentPage,
  CareFulfilmentQuery,
} from '@portal/domain/contracts/fulfilment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/errors';
import { notifierFor } from '../notifications/notifier';
import { createFulfilmentService } from './fulfilment.service';

const tags = ['care'];

/** The care workspace's fulfilment list and steps (issue 12 §4): staff of the clinic in the path. */
export const fulfilmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createFulfilmentService({ db: app.ctx.db, notifier: notifierFor(app), now: app.ctx.now });

  app.get(
    '/care/:org/fulfilment',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary: "The clinic's fulfilment orders at one step, oldest first, with the count at each open step",
        params: z.object({ org: Id }).strict(),
        querystring: CareFulfilmentQuery,
        response: { 200: CareFulfilmentPage, ...errorResponses },
      },
    },
    async (request) => service.list(request.auth!, request.query),
  );

  app.post(
    '/care/:org/fulfilment/:id/advance',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary:
          'Move a fulfilment order one step on (shipping needs a tracking number); the patient is told',
        description:
          'The same step again answers the order unchanged. A step out of order is a 409; shipping without a tracking number a 400.',
        params: z.object({ org: Id, id: Id }).strict(),
        body: CareFulfilmentAdvanceBody,
        response: { 200: CareFulfilmentOrder, ...errorResponses },
      },
    },
    async (request) =>
      service.advance(request.auth!, request.params.id, request.body, (patientId) => {
        if (request.auditTarget) request.auditTarget.patientId = patientId;
      }),
  );
};
