import { FailedJobs, FailedJobsQuery, OrgParams } from '@portal/domain/contracts/jobs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Errors, errorResponses } from '../../platform/errors';

/**
 * The dead-letter list of the job queue for the clinic's admin: work done for the clinic (renewals,
 * reminders, charges) that failed after its retries, so someone can act on it. Other staff are refused.
 */
export const failedJobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/jobs/:org/failed',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags: ['operations'],
        summary: "The clinic's deferred work that failed after its retries, newest first (admins only)",
        params: OrgParams,
        querystring: FailedJobsQuery,
        response: { 200: FailedJobs, ...errorResponses },
      },
    },
    async (request) => {
      if (request.auth?.role !== 'admin') throw Errors.forbidden();
      const jobs = await app.ctx.jobs.failed({
        organizationId: request.params.org,
        limit: request.query.limit,
        ...(request.query.queue ? { queue: request.query.queue } : {}),
      });
      return {
        docs: jobs.map((j) => ({
          _id: j.id,
          queue: j.queue,
          retry_count: j.retryCount,
          error: j.error,
          created_at: j.createdAt,
          failed_at: j.failedAt,
        })),
      };
    },
  );
};
