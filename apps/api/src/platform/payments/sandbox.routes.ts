import { SandboxCardBody, SandboxToken } from '@portal/domain/contracts/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Errors, errorResponses } from '../errors';
import type { SandboxPaymentAdapter } from './sandbox';

export const SANDBOX_TOKENS_URL = '/sandbox/payments/tokens';

/**
 * The browser-facing half of the sandbox, standing in for Stripe.js: card details go here and only here,
 * and come back as a signed token. Mounted only while the sandbox adapter is active. Nothing is stored
 * and the body is never logged (requests are logged by route only).
 */
export function sandboxPaymentRoutes(payments: SandboxPaymentAdapter): FastifyPluginAsyncZod {
  return async (app) => {
    const { limiter, config } = app.ctx;

    app.post(
      SANDBOX_TOKENS_URL,
      {
        config: { access: { kind: 'public' } },
        schema: {
          tags: ['payments'],
          summary: 'Sandbox only: tokenise a test card (the stand-in for the provider’s browser library)',
          body: SandboxCardBody,
          response: { 201: SandboxToken, ...errorResponses },
        },
      },
      async (request, reply) => {
        const hit = await limiter.hit(
          `sandbox-token:addr:${request.ip}`,
          config.RATE_LIMIT_ADDRESS,
          config.RATE_LIMIT_WINDOW_SECONDS,
        );
        if (!hit.allowed) throw Errors.tooManyRequests(hit.retryAfterSeconds);
        return reply.code(201).send(payments.tokenize(request.body));
      },
    );
  };
}
