import { Id } from '@portal/domain/contracts/common';
import { Membership, MembershipPrice } from '@portal/domain/contracts/membership';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Errors, errorResponses } from '../../platform/errors';
import { createMembershipsRepository } from './memberships.repository';

const USER = { access: { kind: 'user' } } as const;
const MembershipParams = z.object({ org: Id, id: Id }).strict();

/** Coaching memberships and their prices (002 §7.4); organization data for a signed-in patient. */
export const membershipsRoutes: FastifyPluginAsyncZod = async (app) => {
  const memberships = createMembershipsRepository(app.ctx.db);

  app.get(
    '/memberships/:org/membership/:id',
    {
      config: USER,
      schema: {
        tags: ['memberships'],
        summary: 'A membership with its prices',
        params: MembershipParams,
        response: { 200: Membership, ...errorResponses },
      },
    },
    async (request) => {
      const found = await memberships.findById(request.params.org, request.params.id);
      if (!found) throw Errors.notFound('The membership');
      return found;
    },
  );

  app.get(
    '/memberships/:org/membership/:id/prices',
    {
      config: USER,
      schema: {
        tags: ['memberships'],
        summary: 'The prices of a membership, shortest interval first',
        params: MembershipParams,
        response: { 200: z.array(MembershipPrice), ...errorResponses },
      },
    },
    async (request) => {
      const prices = await memberships.pricesOf(request.params.org, request.params.id);
      if (!prices) throw Errors.notFound('The membership');
      return prices;
    },
  );

  app.get(
    '/memberships/:org/price/:priceId',
    {
      config: USER,
      schema: {
        tags: ['memberships'],
        summary: 'A membership price',
        params: z.object({ org: Id, priceId: Id }).strict(),
        response: { 200: MembershipPrice, ...errorResponses },
      },
    },
    async (request) => {
      const price = await memberships.findPrice(request.params.org, request.params.priceId);
      if (!price) throw Errors.notFound('The membership price');
      return price;
    },
  );
};
