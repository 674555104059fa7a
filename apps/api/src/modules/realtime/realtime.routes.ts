import { Id } from '@portal/domain/contracts/common';
import { ChannelAuth, ChannelAuthBody, IntegrationSettings } from '@portal/domain/contracts/realtime';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Auth, isStaff } from '../../platform/auth/access';
import { Errors, errorResponses } from '../../platform/errors';
import { signChannel } from '../../platform/realtime/pusher-signature';
import { createMessagingRepository } from '../messaging/messaging.repository';
import { mayJoinChannel } from './channel-access';

const tags = ['realtime'];

/** Channel authorization and the connection settings of real-time events (decision 032). */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { realtime, organizations } = app.ctx;
  const conversations = createMessagingRepository(app.ctx.db);

  /**
   * Signs a subscription the caller may make; a presence channel carries who they are (their id, first name
   * and whether they are of the care team), which the other members see.
   */
  async function authorize(auth: Auth, socketId: string, channel: string) {
    if (!(await mayJoinChannel(auth, channel, (id) => conversations.ownerOf(id)))) throw Errors.forbidden();
    if (!channel.startsWith('presence-'))
      return { auth: signChannel(realtime.credentials, socketId, channel) };
    const person = await conversations.person(auth.userId);
    if (!person) throw Errors.unauthorized();
    const channelData = JSON.stringify({
      user_id: auth.userId,
      user_info: { first_name: person.firstName, is_admin: isStaff(auth.role) },
    });
    return {
      auth: signChannel(realtime.credentials, socketId, channel, channelData),
      channel_data: channelData,
    };
  }

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
      return authorize(auth, request.body.socket_id, request.body.channel_name);
    },
  );

  app.post(
    '/pusher/auth/presence/:userId/:firstName/patient',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags,
        summary: 'Sign the caller’s subscription to their organization’s presence channel (001 §7)',
        description: 'userId must be the caller; the member’s first name is the one on file.',
        params: z.object({ userId: Id, firstName: z.string().min(1).max(64) }).strict(),
        body: ChannelAuthBody,
        response: { 200: ChannelAuth, ...errorResponses },
      },
    },
    async (request) => {
      const auth = request.auth;
      if (!auth) throw Errors.unauthorized();
      if (request.params.userId !== auth.userId) throw Errors.forbidden();
      if (!request.body.channel_name.startsWith('presence-')) {
        throw Errors.badRequest('channel_name must be a presence channel.');
      }
      return authorize(auth, request.body.socket_id, request.body.channel_name);
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
