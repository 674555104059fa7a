import { Id } from '@portal/domain/contracts/common';
import { ShopSettings } from '@portal/domain/contracts/shop';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Errors, errorResponses } from '../../platform/errors';
import { createShopRepository } from './shop.repository';

/** The shop's settings (002 §2.6, §3): banners of the hero carousel and the filter groups. */
export const shopRoutes: FastifyPluginAsyncZod = async (app) => {
  const shop = createShopRepository(app.ctx.db);

  app.get(
    '/organization/:org/settings/shop',
    {
      // the shop is for signed-in users; the access check keeps a caller to their own organization
      config: { access: { kind: 'user' } },
      schema: {
        tags: ['organizations'],
        summary: "The clinic's shop settings: hero banners and filter groups",
        params: z.object({ org: Id }).strict(),
        response: { 200: ShopSettings, ...errorResponses },
      },
    },
    async (request) => {
      const settings = await shop.settings(request.params.org);
      if (!settings) throw Errors.notFound('The organization');
      return settings;
    },
  );
};
