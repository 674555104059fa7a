import { Id } from '@portal/domain/contracts/common';
import { CreateOrderBody, Order } from '@portal/domain/contracts/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/errors';
import { notifierFor } from '../notifications/notifier';
import { createOrdersRepository } from './orders.repository';
import { createOrdersService } from './orders.service';

const tags = ['orders'];

/** One-time purchases: create, submit (charge) and list (002 §7.2). */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createOrdersService({
    repo: createOrdersRepository(app.ctx.db),
    payments: app.ctx.payments,
    notifier: notifierFor(app),
  });

  app.post(
    '/v2/orders/patient',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags,
        summary: 'Create a one-time order of a priced product, with its price snapshot',
        body: CreateOrderBody,
        response: { 200: Order, ...errorResponses },
      },
    },
    async (request) => {
      const { userId, organizationId } = request.auth!;
      const body = request.body;
      return service.create(userId, organizationId, {
        productTemplateId: body.product_template,
        productId: body.product,
        quantity: body.quantity,
        promoCode: body.promo_code ?? null,
      });
    },
  );

  app.post(
    '/v2/orders/:orderId/submit',
    {
      config: { access: { kind: 'owner', resource: 'order', param: 'orderId' } },
      schema: {
        tags,
        summary: 'Submit the order: charges the default card once and marks it paid',
        description: 'Only the patient who owns the order. A lab order in NY, NJ or RI answers 400.',
        params: z.object({ orderId: Id }).strict(),
        response: { 200: Order, ...errorResponses },
      },
    },
    async (request) => service.submit(request.auth!.userId, request.params.orderId),
  );

  app.get(
    '/orders/:org/patient/:user',
    {
      config: { access: { kind: 'patient', param: 'user' } },
      schema: {
        tags,
        summary: 'The patient’s orders, newest first',
        params: z.object({ org: Id, user: Id }).strict(),
        response: { 200: z.array(Order), ...errorResponses },
      },
    },
    async (request) => service.listForPatient(request.params.user),
  );

  app.get(
    '/v2/orders/:id/invoice',
    {
      config: { access: { kind: 'owner', resource: 'order', param: 'id' } },
      schema: {
        tags,
        summary: 'The invoice of a paid order, as a PDF download',
        description: 'An invoice is issued when the order is paid; an order not paid yet answers 404.',
        params: z.object({ id: Id }).strict(),
        response: { 200: z.any().describe('application/pdf'), ...errorResponses },
      },
      onSend: async (_request, reply) => {
        reply.header('cache-control', 'private, no-store');
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await service.invoicePdf(request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );
};
