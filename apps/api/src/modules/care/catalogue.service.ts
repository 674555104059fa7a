import { staffCan } from '@portal/domain/care/staff-roles';
import {
  type CatalogueList,
  type CataloguePrice,
  type CataloguePriceNew,
  type CataloguePricePatch,
  type CataloguePriceRemoval,
  type CatalogueProduct,
  type CatalogueTemplateNew,
  type CatalogueTemplatePatch,
  intervalProblem,
  trialProblem,
} from '@portal/domain/contracts/care-catalogue';
import type { ProductType } from '@portal/domain/contracts/product';
import type { Auth } from '../../platform/auth/access';
import { ApiError, Errors } from '../../platform/errors';
import type { CatalogueRepository, PriceValues } from './catalogue.repository';

const fieldError = (path: string, message: string) =>
  new ApiError(400, 'ValidationError', message, {}, [{ path, message }]);

/**
 * The catalogue an admin edits (issue 15): product templates and their priced variants. Only admins
 * (`manage_settings`); the access hook has already kept the caller to staff of the clinic in the path and
 * writes the audit row of every read and change.
 */
export function createCatalogueService(repo: CatalogueRepository) {
  const allow = (auth: Auth) => {
    if (!staffCan(auth.role, 'manage_settings')) throw Errors.forbidden();
  };
  const load = async (auth: Auth, id: string): Promise<CatalogueProduct> => {
    const found = await repo.find(auth.organizationId, id);
    if (!found) throw Errors.notFound('The product');
    return found;
  };
  const loadPrice = async (auth: Auth, id: string, priceId: string) => {
    const price = await repo.price(auth.organizationId, id, priceId);
    if (!price) throw Errors.notFound('The price');
    return price;
  };

  return {
    async list(auth: Auth, q: { search?: string; type?: ProductType }): Promise<CatalogueList> {
      allow(auth);
      return { products: await repo.list(auth.organizationId, q) };
    },
    async read(auth: Auth, id: string): Promise<CatalogueProduct> {
      allow(auth);
      return load(auth, id);
    },
    async create(auth: Auth, body: CatalogueTemplateNew): Promise<CatalogueProduct> {
      allow(auth);
      return load(auth, await repo.create(auth.organizationId, body));
    },
    async update(auth: Auth, id: string, patch: CatalogueTemplatePatch): Promise<CatalogueProduct> {
      allow(auth);
      if (!(await repo.update(auth.organizationId, id, patch))) throw Errors.notFound('The product');
      return load(auth, id);
    },
    async addPrice(auth: Auth, id: string, body: CataloguePriceNew): Promise<CataloguePrice> {
      allow(auth);
      const type = await repo.typeOf(auth.organizationId, id);
      if (!type) throw Errors.notFound('The product');
      const priceId = await repo.createPrice(auth.organizationId, id, type, {
        name: body.name,
        pricingType: body.pricing_type,
        unitAmount: body.unit_amount,
        intervalCount: body.interval_count,
        oneTimeFee: body.one_time_fee,
        trialPeriodDays: body.trial_period_days,
        isDefault: body.default,
        active: body.active,
        sortOrder: body.sort_order,
      });
      const { type: _type, ...price } = await loadPrice(auth, id, priceId);
      return price;
    },
    async updatePrice(
      auth: Auth,
      id: string,
      priceId: string,
      patch: CataloguePricePatch,
    ): Promise<CataloguePrice> {
      allow(auth);
      const current = await loadPrice(auth, id, priceId);
      const pricingType = patch.pricing_type ?? current.pricing_type;
      const intervalCount = patch.interval_count ?? current.interval_count;
      const problem = intervalProblem(pricingType, intervalCount);
      if (problem) throw fieldError('body.interval_count', problem);
      const trial = trialProblem(pricingType, patch.trial_period_days ?? current.trial_period_days);
      if (trial) throw fieldError('body.trial_period_days', trial);
      if (
        current.billing_scheme !== 'per_unit' &&
        patch.unit_amount !== undefined &&
        patch.unit_amount !== current.unit_amount
      )
        throw fieldError(
          'body.unit_amount',
          'A tiered price is priced by its tiers: its amount is not changed here.',
        );
      if (
        current.in_use &&
        (patch.unit_amount !== undefined || patch.pricing_type || patch.interval_count !== undefined)
      ) {
        const changed =
          (patch.unit_amount !== undefined && patch.unit_amount !== current.unit_amount) ||
          pricingType !== current.pricing_type ||
          intervalCount !== current.interval_count;
        if (changed)
          throw fieldError(
            'body.unit_amount',
            'Patients have bought this plan: add a new price and deactivate this one instead of changing it.',
          );
      }
      const values: Partial<PriceValues> = {};
      if (patch.name !== undefined) values.name = patch.name;
      if (patch.pricing_type !== undefined) values.pricingType = patch.pricing_type;
      if (patch.unit_amount !== undefined) values.unitAmount = patch.unit_amount;
      if (patch.interval_count !== undefined) values.intervalCount = patch.interval_count;
      if (patch.one_time_fee !== undefined) values.oneTimeFee = patch.one_time_fee;
      if (patch.trial_period_days !== undefined) values.trialPeriodDays = patch.trial_period_days;
      if (patch.default !== undefined) values.isDefault = patch.default;
      if (patch.active !== undefined) values.active = patch.active;
      if (patch.sort_order !== undefined) values.sortOrder = patch.sort_order;
      await repo.updatePrice(auth.organizationId, id, priceId, values);
      const { type: _type, ...price } = await loadPrice(auth, id, priceId);
      return price;
    },
    async removePrice(auth: Auth, id: string, priceId: string): Promise<CataloguePriceRemoval> {
      allow(auth);
      const current = await loadPrice(auth, id, priceId);
      const outcome = await repo.removePrice(auth.organizationId, id, priceId, current.in_use);
      return { id: priceId, outcome };
    },
  };
}
