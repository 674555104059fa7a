import { ClientErrorBody, ClientErrorResponse } from '@portal/domain/contracts/client-error';
import { scrubPath, scrubText } from '@portal/domain/reporting/scrub';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Errors, errorResponses } from '../../platform/errors';

/** Reports a client may send per address and window: enough for a bad page, not for flooding the log. */
const REPORTS_PER_WINDOW = 30;
const WINDOW_SECONDS = 15 * 60;

/**
 * Browser errors without an error-reporting service (issue 11 §1): logged, scrubbed, with this request's id,
 * so a patient's crash is found in the server's log and nothing leaves the machine.
 */
export const clientErrorsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v2/client-errors',
    {
      config: { access: { kind: 'public' } },
      schema: {
        tags: ['operations'],
        summary: 'Report an error the web app met (logged with the request id; scrubbed of personal data)',
        body: ClientErrorBody,
        response: { 202: ClientErrorResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const hit = await app.ctx.limiter.hit(
        `client-error:addr:${request.ip}`,
        REPORTS_PER_WINDOW,
        WINDOW_SECONDS,
      );
      if (!hit.allowed) throw Errors.tooManyRequests(hit.retryAfterSeconds);
      const { kind, message, stack, path, release } = request.body;
      request.log.error(
        {
          browser: {
            kind,
            message: scrubText(message, 2000),
            ...(stack ? { stack: scrubText(stack, 6000) } : {}),
            path: scrubPath(path),
            ...(release ? { release: scrubText(release, 100) } : {}),
          },
        },
        'browser error',
      );
      return reply.code(202).send({ request_id: String(request.id) });
    },
  );
};
