import { Id } from '@portal/domain/contracts/common';
import { PurchaseDetails, PurchasesPage, PurchasesQuery } from '@portal/domain/orders/purchases';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/errors';
import { createPurchasesRepository } from './purchases.repository';
import { createPurchasesService } from './purchases.service';

const tags = ['orders'];

/** The purchases showcase of the Orders page (002 §7.2). */
export const purchasesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPurchasesService(createPurchasesRepository(app.ctx.db));

  app.get(
    '/v2/users/purchases-showcase',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags,
        summary: 'The caller’s orders and subscriptions, newest first, 10 a page',
        description: 'Filters: productType (medication, supplement, lab, coaching_membership) and status.',
        querystring: PurchasesQuery,
        response: { 200: PurchasesPage, ...errorResponses },
      },
    },
    async (request) => {
      const { page, productType, status } = request.query;
      return service.list(request.auth!.userId, page, { productType, status });
    },
  );

  app.get(
    '/v2/users/purchases-showcase/:orderId/details',
    {
      config: { access: { kind: 'owner', resource: 'purchase', param: 'orderId' } },
      schema: {
        tags,
        summary: 'One order or subscription of the caller, with its invoices',
        params: z.object({ orderId: Id }).strict(),
        response: { 200: PurchaseDetails, ...errorResponses },
      },
    },
    async (request) => service.details(request.auth!.userId, request.params.orderId),
  );
};
