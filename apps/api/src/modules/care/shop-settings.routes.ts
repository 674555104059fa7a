import { staffCan } from '@portal/domain/care/staff-roles';
import { ShopSettingsBody, type ShopSettingsInput } from '@portal/domain/contracts/care-catalogue';
import { Id } from '@portal/domain/contracts/common';
import { ShopSettings } from '@portal/domain/contracts/shop';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { organizations } from '../../db/schema/organizations';
import type { Auth } from '../../platform/auth/access';
import { ApiError, Errors, errorResponses } from '../../platform/errors';
import { createShopRepository } from '../shop/shop.repository';
import { type CatalogueRepository, createCatalogueRepository } from './catalogue.repository';

const tags = ['care'];

/** Replaces `settings.shop` of the organization in one statement; every other key of its settings stays. */
export function createShopSettingsRepository(db: Db) {
  return {
    async replace(organizationId: string, shop: ShopSettings): Promise<boolean> {
      const rows = await db
        .update(organizations)
        .set({
          settings: sql`${organizations.settings} || jsonb_build_object('shop', ${JSON.stringify(shop)}::jsonb)`,
        })
        .where(eq(organizations.id, organizationId))
        .returning({ id: organizations.id });
      return rows.length > 0;
    },
  };
}

/**
 * The shop's banners and filter groups as the clinic's admin sets them (issue 15). A banner that starts a
 * visit must name a product on sale in this clinic (a lab visit, a lab), so the patient's button leads
 * somewhere; anything else is refused with the field at fault.
 */
export function createShopSettingsService(deps: {
  shop: ReturnType<typeof createShopRepository>;
  repo: ReturnType<typeof createShopSettingsRepository>;
  catalogue: Pick<CatalogueRepository, 'activeTypes'>;
}) {
  const allow = (auth: Auth) => {
    if (!staffCan(auth.role, 'manage_settings')) throw Errors.forbidden();
  };
  return {
    async read(auth: Auth): Promise<ShopSettings> {
      allow(auth);
      const settings = await deps.shop.settings(auth.organizationId);
      if (!settings) throw Errors.notFound('The clinic');
      return settings;
    },
    async replace(auth: Auth, body: ShopSettingsInput): Promise<ShopSettings> {
      allow(auth);
      const visits = body.banners.flatMap((b, i) =>
        b.action.type === 'medication-visit' || b.action.type === 'lab-visit'
          ? [{ i, type: b.action.type, id: b.action.value.toLowerCase() }]
          : [],
      );
      const types = await deps.catalogue.activeTypes(
        auth.organizationId,
        visits.map((v) => v.id),
      );
      const fields = visits.flatMap((v) => {
        const type = types.get(v.id);
        const message = !type
          ? 'Choose a product the clinic has on sale.'
          : v.type === 'lab-visit' && type !== 'lab'
            ? 'A lab visit books a lab: choose a lab product.'
            : null;
        return message ? [{ path: `body.banners.${v.i}.action.value`, message }] : [];
      });
      if (fields.length > 0) throw new ApiError(400, 'ValidationError', fields[0]!.message, {}, fields);
      const shop: ShopSettings = {
        banners: body.banners.map((b) => ({
          ...b,
          action:
            b.action.type === 'medication-visit' || b.action.type === 'lab-visit'
              ? { ...b.action, value: b.action.value.toLowerCase() }
              : b.action,
          ...(b.image ? { image: b.image } : {}),
        })),
        filters: body.filters,
      };
      if (!(await deps.repo.replace(auth.organizationId, shop))) throw Errors.notFound('The clinic');
      return shop;
    },
  };
}

/**
 * GET and PUT /care/{org}/shop-settings: the shop's hero banners and filter groups (admins). The patient's
 * GET /organization/{org}/settings/shop reads the same key, so a saved change shows on the next visit of the
 * shop. The access hook keeps the routes to staff of the clinic in the path and writes the audit row.
 */
export const shopSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createShopSettingsService({
    shop: createShopRepository(app.ctx.db),
    repo: createShopSettingsRepository(app.ctx.db),
    catalogue: createCatalogueRepository(app.ctx.db),
  });
  const params = z.object({ org: Id }).strict();

  app.get(
    '/care/:org/shop-settings',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary: "The shop's banners and filter groups as the patients see them (admins)",
        params,
        response: { 200: ShopSettings, ...errorResponses },
      },
    },
    async (request) => service.read(request.auth!),
  );

  app.put(
    '/care/:org/shop-settings',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary: "Replace the shop's banners (in order) and filter groups (admins)",
        params,
        body: ShopSettingsBody,
        response: { 200: ShopSettings, ...errorResponses },
      },
    },
    async (request) => service.replace(request.auth!, request.body),
  );
};
