import { Id } from '@portal/domain/contracts/common';
import { ChannelAuth, ChannelAuthBody, IntegrationSettings } from '@portal/domain/contracts/realtime';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Errors, errorResponses } from '../../platform/errors';
import { signChannel } from '../../platform/realtime/pusher-signature';
import { mayJoinChannel } from './channel-access';

const tags = ['realtime'];

/** Channel authorization and the connection settings of real-time events (decision 032). */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { realtime, organizations } = app.ctx;

  // pusher-js posts its authorization request as a form unless told otherwise
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post(
    '/pusher/auth',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags,
        summary: 'Sign a channel subscription the caller may make',
        body: ChannelAuthBody,
        response: { 200: ChannelAuth, ...errorResponses },
      },
    },
    async (request) => {
      const auth = request.auth;
      if (!auth) throw Errors.unauthorized();
      const { socket_id, channel_name } = request.body;
      if (!mayJoinChannel(auth, channel_name)) throw Errors.forbidden();
      return { auth: signChannel(realtime.credentials, socket_id, channel_name) };
    },
  );

  app.get(
    '/organization/:org/settings/integration',
    {
      config: { access: { kind: 'public' } },
      schema: {
        tags,
        summary: 'How the web app connects to real-time events',
        params: z.object({ org: Id }),
        response: { 200: IntegrationSettings, ...errorResponses },
      },
    },
    async (request) => {
      if (!(await organizations.findById(request.params.org))) throw Errors.notFound('The organization');
      return { pusher: { ...realtime.client, auth_endpoint: '/pusher/auth' } };
    },
  );
};
