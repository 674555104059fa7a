import {
  AuthResponse,
  LoginBody,
  MessageResponse,
  ResetPasswordBody,
  ResetRequestBody,
  SignupBody,
} from '@portal/domain/contracts/auth';
import { Id } from '@portal/domain/contracts/common';
import { MESSAGES } from '@portal/domain/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceName } from '../../platform/auth/device-name';
import { Errors, errorResponses } from '../../platform/errors';
import { createAuthService } from './auth.service';
import { createPasswordResetService } from './password-reset.service';

const PUBLIC = { access: { kind: 'public' } } as const;

/** Sign-up, sign-in, sign-out and password reset (000 §4, §7). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = createAuthService(app.ctx);
  const reset = createPasswordResetService(app.ctx);
  const { organizations, resolveBrand } = app.ctx;

  app.post(
    '/v2/users',
    {
      config: PUBLIC,
      schema: {
        tags: ['auth'],
        summary: 'Create a patient account; answers with a session token',
        headers: z.object({ organization: Id.optional() }),
        body: SignupBody,
        response: { 201: AuthResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const orgId = request.headers.organization ?? request.body.organization;
      const org = orgId
        ? await organizations.findById(orgId)
        : (await resolveBrand(request.headers.host))?.organization;
      if (!org) throw Errors.notFound('The organization');
      const result = await auth.signup(
        { ...request.body, organizationId: org._id },
        deviceName(request.headers['user-agent']),
      );
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/login/:org',
    {
      config: PUBLIC,
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with e-mail and password, and the authenticator or recovery code when two-factor sign-in is on (403 TwoFactorRequired without it)',
        params: z.object({ org: Id }),
        body: LoginBody,
        response: { 200: AuthResponse, ...errorResponses },
      },
    },
    async (request) => {
      const org = await organizations.findById(request.params.org);
      if (!org) throw Errors.invalidCredentials();
      return auth.login(org._id, request.body, request.ip, deviceName(request.headers['user-agent']));
    },
  );

  app.post(
    '/v2/auth/logout',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: ends every token of the user',
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await auth.logout(request.auth!.userId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/reset/:org/password-reset-request',
    {
      config: PUBLIC,
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset link (same answer whether or not the account exists)',
        params: z.object({ org: Id }),
        body: ResetRequestBody,
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      const org = await organizations.findById(request.params.org);
      if (!org) throw Errors.notFound('The organization');
      await reset.request(org, request.body.email_address, request.ip, request.log);
      return { message: MESSAGES.resetRequestSuccess };
    },
  );

  app.put(
    '/users/:org/:userId/reset-password-token',
    {
      config: PUBLIC,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token from the reset e-mail',
        params: z.object({ org: Id, userId: Id }),
        body: ResetPasswordBody,
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { org, userId } = request.params;
      await reset.reset(org, userId, request.body.reset_token, request.body.new_password, request.ip);
      return { message: 'Your password has been reset. You can now log in with your new password.' };
    },
  );
};
