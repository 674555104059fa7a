import { Id } from '@portal/domain/contracts/common';
import { Product, ProductTemplate, ProductTemplatePage, ProductType } from '@portal/domain/contracts/product';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Errors, errorResponses } from '../../platform/errors';
import { createMembershipsRepository } from '../memberships/memberships.repository';
import { createProductsRepository } from './products.repository';

const USER = { access: { kind: 'user' } } as const;
const TemplateParams = z.object({ org: Id, id: Id }).strict();

/** A comma-joined list (or a repeated parameter), trimmed, without empty entries. */
const commaList = (maxLength: number) =>
  z.union([z.string().max(maxLength), z.array(z.string().max(maxLength)).max(50)]).transform((v) =>
    [v]
      .flat()
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter(Boolean),
  );

const ManyQuery = z.object({ ids: commaList(1300).pipe(z.array(Id).min(1).max(50)) }).strict();

const ShopQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(50).default(12),
    product_type: commaList(200)
      .transform((types) => types.filter((t) => t.toLowerCase() !== 'all'))
      .pipe(z.array(ProductType).max(4))
      .optional(),
    tags: commaList(500)
      .pipe(z.array(z.string().max(50)).max(20))
      .optional(),
  })
  .strict();

/** Product templates and priced variants (000 §7, 002 §7.5). */
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { resolveBrand, organizations } = app.ctx;
  const catalogue = createProductsRepository(app.ctx.db, createMembershipsRepository(app.ctx.db));

  const load = async (organizationId: string, id: string) => {
    const template = await catalogue.findTemplate(organizationId, id);
    if (!template) throw Errors.notFound('The product');
    return template;
  };

  app.get(
    '/product/:org/template/:id',
    {
      config: USER,
      schema: {
        tags: ['products'],
        summary: 'A product template, with its membership',
        params: TemplateParams,
        response: { 200: ProductTemplate, ...errorResponses },
      },
    },
    async (request) => load(request.params.org, request.params.id),
  );

  app.get(
    '/product/:org/template/:id/products',
    {
      config: USER,
      schema: {
        tags: ['products'],
        summary: 'The priced variants of a product template, by interval count',
        params: TemplateParams,
        response: { 200: z.array(Product), ...errorResponses },
      },
    },
    async (request) => {
      const variants = await catalogue.productsOf(request.params.org, request.params.id);
      if (!variants) throw Errors.notFound('The product');
      return variants;
    },
  );

  app.get(
    '/product-templates/:org/many',
    {
      config: USER,
      schema: {
        tags: ['products'],
        summary: 'Several product templates by id (comma-joined or repeated), in the order asked',
        params: z.object({ org: Id }).strict(),
        querystring: ManyQuery,
        response: { 200: z.array(ProductTemplate), ...errorResponses },
      },
    },
    async (request) => catalogue.findTemplates(request.params.org, request.query.ids),
  );

  app.get(
    '/v2/products/:id/public',
    {
      config: { access: { kind: 'public' } },
      schema: {
        tags: ['products'],
        summary: 'A product template for a landing page, before sign-in',
        description: 'The organization comes from the `organization` header, else from the host.',
        params: z.object({ id: Id }).strict(),
        headers: z.object({ organization: Id.optional() }),
        response: { 200: ProductTemplate, ...errorResponses },
      },
    },
    async (request) => {
      const orgId = request.headers.organization;
      const org = orgId
        ? await organizations.findById(orgId)
        : (await resolveBrand(request.headers.host))?.organization;
      if (!org) throw Errors.notFound('The product');
      return load(org._id, request.params.id);
    },
  );

  app.get(
    '/v2/products',
    {
      config: USER,
      schema: {
        tags: ['products'],
        summary: 'The shop: a page of the products listed in it',
        querystring: ShopQuery,
        response: { 200: ProductTemplatePage, ...errorResponses },
      },
    },
    async (request) => {
      const { page, limit, product_type, tags } = request.query;
      return catalogue.shopPage(request.auth!.organizationId, {
        page,
        limit,
        types: product_type ?? [],
        tags: tags ?? [],
      });
    },
  );
};
