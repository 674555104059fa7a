import {
  CatalogueList,
  CataloguePrice,
  CataloguePriceCreate,
  CataloguePricePatch,
  CataloguePriceRemoval,
  CatalogueProduct,
  CatalogueTemplateCreate,
  CatalogueTemplatePatch,
} from '@portal/domain/contracts/care-catalogue';
import { Id } from '@portal/domain/contracts/common';
import { ProductType } from '@portal/domain/contracts/product';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/errors';
import { createCatalogueRepository } from './catalogue.repository';
import { createCatalogueService } from './catalogue.service';

const tags = ['care'];
const STAFF = { access: { kind: 'staff' } } as const;
const OrgParams = z.object({ org: Id }).strict();
const ProductParams = z.object({ org: Id, id: Id }).strict();
const PriceParams = z.object({ org: Id, id: Id, priceId: Id }).strict();

const ListQuery = z
  .object({
    q: z.string().trim().max(100).optional(),
    type: ProductType.optional(),
  })
  .strict();

/**
 * The clinic's catalogue in the care workspace (issue 15, decision 041): its admin lists, adds and changes the
 * product templates and their priced variants. What the shop sells follows at once: GET /v2/products lists
 * the active templates shown in the shop, and the checkout panel reads the active prices.
 */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCatalogueService(createCatalogueRepository(app.ctx.db));

  app.get(
    '/care/:org/catalogue',
    {
      config: STAFF,
      schema: {
        tags,
        summary:
          "The clinic's products with all their prices, active or not, searchable by name and type (admins)",
        params: OrgParams,
        querystring: ListQuery,
        response: { 200: CatalogueList, ...errorResponses },
      },
    },
    async (request) =>
      service.list(request.auth!, { search: request.query.q || undefined, type: request.query.type }),
  );

  app.post(
    '/care/:org/catalogue',
    {
      config: STAFF,
      schema: {
        tags,
        summary: 'Add a product to the catalogue (admins); it is hidden from the shop until shown',
        params: OrgParams,
        body: CatalogueTemplateCreate,
        response: { 201: CatalogueProduct, ...errorResponses },
      },
    },
    async (request, reply) => {
      const created = await service.create(request.auth!, request.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/care/:org/catalogue/:id',
    {
      config: STAFF,
      schema: {
        tags,
        summary: 'A product of the catalogue with all its prices (admins)',
        params: ProductParams,
        response: { 200: CatalogueProduct, ...errorResponses },
      },
    },
    async (request) => service.read(request.auth!, request.params.id),
  );

  app.patch(
    '/care/:org/catalogue/:id',
    {
      config: STAFF,
      schema: {
        tags,
        summary:
          'Change a product: copy, images, shop tags and benefits, shown in the shop, on sale, position (admins)',
        params: ProductParams,
        body: CatalogueTemplatePatch,
        response: { 200: CatalogueProduct, ...errorResponses },
      },
    },
    async (request) => service.update(request.auth!, request.params.id, request.body),
  );

  app.post(
    '/care/:org/catalogue/:id/prices',
    {
      config: STAFF,
      schema: {
        tags,
        summary: 'Add a price (plan) to a product (admins)',
        params: ProductParams,
        body: CataloguePriceCreate,
        response: { 201: CataloguePrice, ...errorResponses },
      },
    },
    async (request, reply) => {
      const price = await service.addPrice(request.auth!, request.params.id, request.body);
      return reply.code(201).send(price);
    },
  );

  app.patch(
    '/care/:org/catalogue/:id/prices/:priceId',
    {
      config: STAFF,
      schema: {
        tags,
        summary:
          'Change a price: its name, position, default and on sale; amount and period while no one bought it',
        params: PriceParams,
        body: CataloguePricePatch,
        response: { 200: CataloguePrice, ...errorResponses },
      },
    },
    async (request) =>
      service.updatePrice(request.auth!, request.params.id, request.params.priceId, request.body),
  );

  app.delete(
    '/care/:org/catalogue/:id/prices/:priceId',
    {
      config: STAFF,
      schema: {
        tags,
        summary: 'Remove a price: deleted when nothing names it, else deactivated (admins)',
        params: PriceParams,
        response: { 200: CataloguePriceRemoval, ...errorResponses },
      },
    },
    async (request) => service.removePrice(request.auth!, request.params.id, request.params.priceId),
  );
};
