import { Alert, CreateAlertBody } from '@portal/domain/contracts/alert';
import { CareResolveAlertBody, CareResolveAlertResult } from '@portal/domain/contracts/care';
import { Id } from '@portal/domain/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/errors';
import { createAlertsRepository } from './alerts.repository';
import { createAlertsService } from './alerts.service';

/** Alerts to the clinic (002 §7.8) and the care team marking them done. */
export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const alerts = createAlertsService({ repo: createAlertsRepository(app.ctx.db), now: app.ctx.now });

  app.post(
    '/alerts/:org/create/:alertId',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags: ['alerts'],
        summary: 'Raise an alert about a patient for the care team (one open alert per patient and kind)',
        description:
          'alertId: image-mismatch (ID/Profile Image Mismatch), identity-verification or payment-failed. ' +
          'The signed-in patient sends nothing; staff send the patient_id. 201 with the new alert, or 200 ' +
          'with the one already open.',
        params: z.object({ org: Id, alertId: z.string().max(100) }).strict(),
        body: CreateAlertBody.nullish(),
        response: { 200: Alert, 201: Alert, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { alert, created } = await alerts.raise(
        request.auth!,
        request.params.alertId,
        request.body,
        (patientId) => {
          if (request.auditTarget) request.auditTarget.patientId = patientId;
        },
      );
      return reply.code(created ? 201 : 200).send(alert);
    },
  );

  app.post(
    '/care/:org/alerts/:id/resolve',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags: ['care'],
        summary: 'Mark an alert about a patient done, with what was done about it',
        params: z.object({ org: Id, id: Id }).strict(),
        body: CareResolveAlertBody,
        response: { 200: CareResolveAlertResult, ...errorResponses },
      },
    },
    async (request) =>
      alerts.resolve(request.auth!, request.params.id, request.body, (patientId) => {
        if (request.auditTarget) request.auditTarget.patientId = patientId;
      }),
  );
};
