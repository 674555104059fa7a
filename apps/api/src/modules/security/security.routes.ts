import { Id } from '@portal/domain/contracts/common';
import {
  SecurityActionBody,
  SecurityActionResponse,
  SecurityOverview,
} from '@portal/domain/contracts/security';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceName } from '../../platform/auth/device-name';
import { Errors, errorResponses } from '../../platform/errors';
import { createSecurityService } from './security.service';

const PatientParams = z.object({ org: Id, id: Id });
/** The patient's own account only: staff manage no one's second factor. */
const OWN_ACCOUNT = { access: { kind: 'patient', param: 'id' } } as const;

/** Account security (002 §7.7 POST .../security): two-factor sign-in and the signed-in sessions. */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = createSecurityService(app.ctx);

  // Beyond the central check (the patient, or staff of the clinic): a second factor and the session list are
  // the account holder's alone.
  app.addHook('preValidation', async (request) => {
    const { id } = request.params as { id?: string };
    if (request.auth?.userId !== id) throw Errors.forbidden();
  });

  app.get(
    '/users/:org/:id/security',
    {
      config: OWN_ACCOUNT,
      schema: {
        tags: ['users'],
        summary: 'Two-factor sign-in state, recovery codes left and the signed-in sessions',
        params: PatientParams,
        response: { 200: SecurityOverview, ...errorResponses },
      },
    },
    async (request) => security.overview(request.params.id, request.auth?.sessionId),
  );

  app.post(
    '/users/:org/:id/security',
    {
      config: OWN_ACCOUNT,
      schema: {
        tags: ['users'],
        summary:
          'start_two_factor, enable_two_factor, disable_two_factor, regenerate_recovery_codes or sign_out_other_sessions',
        params: PatientParams,
        body: SecurityActionBody,
        response: { 200: SecurityActionResponse, ...errorResponses },
      },
    },
    async (request) =>
      security.act(
        request.params.id,
        request.body,
        { sid: request.auth?.sessionId, device: deviceName(request.headers['user-agent']) },
        request.log,
      ),
  );
};
