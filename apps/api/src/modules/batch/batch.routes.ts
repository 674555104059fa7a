import { BatchBody, BatchResult } from '@portal/domain/contracts/batch';
import type { Intake } from '@portal/domain/contracts/intake';
import { VISIT_FOLLOW_UPS, type VisitFollowUp } from '@portal/domain/dashboard/visit-templates';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/errors';

type Answer = { status: number; json: string; body: string | null };

/**
 * The follow-up reads a request named, made once its answer (a list of visits) is in: each through the same
 * pipeline as the batch's own reads, by the addresses the web app asks for (dashboard/visit-templates.ts).
 * A read that failed, or an answer that is not a list of visits, follows with nothing.
 */
async function followUpsOf(
  follow: VisitFollowUp,
  read: Answer,
  answerOnce: (url: string) => Promise<Answer>,
): Promise<string[]> {
  if (read.status !== 200 || !read.body) return [];
  const intakes = JSON.parse(read.body) as unknown;
  if (!Array.isArray(intakes) || intakes.length === 0) return [];
  const organizationId = (intakes[0] as { organization?: unknown }).organization;
  if (typeof organizationId !== 'string') return [];
  const urls = VISIT_FOLLOW_UPS[follow](organizationId, intakes as Intake[]);
  const answered = await Promise.all(urls.map(answerOnce));
  return answered.map(({ json }, i) => `{"url":${JSON.stringify(urls[i])},${json.slice(1)}`);
}

/**
 * POST /v2/batch: several GETs of this API in one round trip, for a page's first load (the dashboard asks
 * for a dozen small reads at once). Each read runs through the whole pipeline as if it came on its own —
 * authentication, the central access check, audit, rate limits — with the caller's own credentials, so a
 * batch can reach nothing its reads could not reach one by one. Answers come back in request order.
 */
export const batchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v2/batch',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags: ['batch'],
        summary: 'Several GET calls of this API in one request (each checked as if sent alone)',
        body: BatchBody,
        response: { 200: BatchResult, ...errorResponses },
      },
    },
    async (request, reply) => {
      const forwarded: Record<string, string> = { accept: 'application/json' };
      for (const name of [
        'authorization',
        'organization',
        'host',
        'x-forwarded-for',
        'user-agent',
      ] as const) {
        const value = request.headers[name];
        if (typeof value === 'string') forwarded[name] = value;
      }
      // The same read twice in one batch (two widgets asking for one list) is answered once: same caller,
      // same moment, same answer.
      const answers = new Map<string, Promise<Answer>>();
      const answerOnce = (url: string) => {
        let part = answers.get(url);
        if (!part) {
          part = answer(url);
          answers.set(url, part);
        }
        return part;
      };
      const answer = async (url: string): Promise<Answer> => {
        const res = await app.inject({ method: 'GET', url, headers: forwarded, remoteAddress: request.ip });
        // A read's JSON was written (and checked against its schema) by its own route: it goes into the
        // answer as it is, not parsed and written again.
        const json = String(res.headers['content-type'] ?? '').includes('application/json') && res.body;
        return {
          status: res.statusCode,
          json: `{"status":${res.statusCode},"body":${json ? res.body : 'null'}}`,
          body: json || null,
        };
      };
      const followUps: Promise<string[]>[] = [];
      const parts = await Promise.all(
        request.body.requests.map(async ({ url, follow }) => {
          const part = await answerOnce(url);
          if (follow) followUps.push(followUpsOf(follow, part, answerOnce));
          return part.json;
        }),
      );
      const follows = (await Promise.all(followUps)).flat();
      // already JSON text: Fastify sends a string as it is, without its serializer
      return (reply as FastifyReply)
        .type('application/json; charset=utf-8')
        .send(
          `{"responses":[${parts.join(',')}]${follows.length > 0 ? `,"follow_ups":[${follows.join(',')}]` : ''}}`,
        );
    },
  );
};
