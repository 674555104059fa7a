import { Id } from '@portal/domain/contracts/common';
import {
  CreateSubscriptionBody,
  StartMembershipBody,
  Subscription,
} from '@portal/domain/contracts/subscription';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isStaff } from '../../platform/auth/access';
import { Errors, errorResponses } from '../../platform/errors';
import { createMembershipsRepository } from '../memberships/memberships.repository';
import { selfServiceRoutes } from './self-service.routes';
import { createSubscriptionsRepository } from './subscriptions.repository';
import { createSubscriptionsService } from './subscriptions.service';

const tags = ['subscriptions'];
const created = { 200: Subscription, 201: Subscription, ...errorResponses };

/** Subscriptions started at checkout, awaiting physician review (000 §4, §7; 002 §7.3, §7.4). */
export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createSubscriptionsService({
    repo: createSubscriptionsRepository(app.ctx.db),
    memberships: createMembershipsRepository(app.ctx.db),
  });

  // The list and every self-service call (001 §4, §7).
  await app.register(selfServiceRoutes);

  app.post(
    '/v2/subscriptions/product/:productId',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags,
        summary:
          'Subscribe to a recurring product, awaiting physician review (not charged); a retry answers the same subscription',
        params: z.object({ productId: Id }).strict(),
        body: CreateSubscriptionBody,
        response: created,
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const { quantity, promo_code, intake } = request.body;
      const result = await service.createForProduct(
        auth.userId,
        auth.organizationId,
        request.params.productId,
        {
          quantity,
          promoCode: promo_code ?? null,
          intakeId: intake ?? null,
        },
      );
      return reply.code(result.created ? 201 : 200).send(result.subscription);
    },
  );

  app.post(
    '/memberships/:org/membership/:id/price/:priceId/start',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags,
        summary: 'Start the patient’s coaching membership once, awaiting physician review (not charged)',
        params: z.object({ org: Id, id: Id, priceId: Id }).strict(),
        body: StartMembershipBody,
        response: created,
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const { patient_id } = request.body.data;
      // The caller starts their own membership; staff may start one for a patient of their organization.
      if (patient_id !== auth.userId) {
        if (!isStaff(auth.role)) throw Errors.forbidden();
        if ((await app.ctx.users.organizationOf(patient_id)) !== auth.organizationId) {
          throw Errors.notFound('The patient');
        }
      }
      const { id, priceId } = request.params;
      const result = await service.startMembership(patient_id, auth.organizationId, id, priceId);
      return reply.code(result.created ? 201 : 200).send(result.subscription);
    },
  );
};
