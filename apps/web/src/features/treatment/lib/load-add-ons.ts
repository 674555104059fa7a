import type { Intake } from '@portal/domain/contracts/intake';
import type { Product, ProductTemplate } from '@portal/domain/contracts/product';
import { defaultPlanProduct } from '@portal/domain/pricing/plan-default';
import { getIntakeTemplate } from '../../../api/intake-templates';
import { getIntake } from '../../../api/intakes';
import { getProductTemplates, getTemplateProducts } from '../../../api/products';
import type { SelectedProduct } from '../../../lib/funnel-selection';
import { type Configuration, planProduct, productsForStrength, strengthOf } from './configuration';

export interface AddOnOffer {
  template: ProductTemplate;
  products: Product[];
}

export interface AddOnsData {
  intake: Intake;
  /** The intake template's product_addons, in its order, that have priced products. */
  offers: AddOnOffer[];
}

/** The intake, the add-ons of its intake template (query intakeTemplateId, else the intake's) and their products. */
export async function loadAddOns(
  userId: string,
  intakeId: string,
  intakeTemplateId: string | null,
  signal: AbortSignal,
): Promise<AddOnsData> {
  const intake = await getIntake(userId, intakeId, signal);
  const template = await getIntakeTemplate(intakeTemplateId ?? intake.intake_template, signal);
  const templates = await getProductTemplates(template.product_addons, signal);
  const offers = await Promise.all(
    templates.map(async (t) => ({
      template: t,
      products: await getTemplateProducts(t._id, signal).catch(() => [] as Product[]),
    })),
  );
  return { intake, offers: offers.filter((o) => o.products.length > 0) };
}

/** The default add-on configuration (000 §4): the first frequency, the first strength and the default plan. */
export function defaultAddOnConfiguration(offer: AddOnOffer): Configuration {
  const strength = offer.template.dosage_strengths[0]?.strength ?? null;
  const plan = defaultPlanProduct(productsForStrength(offer.products, strength));
  const frequency = offer.template.dosage_frequencies[0];
  return {
    strength: plan ? (strengthOf(plan) ?? strength) : strength,
    frequency: frequency?.frequency.label ?? null,
    months: plan?.pricing.interval_count ?? 0,
    dose: 'starter',
    customQuantity: frequency?.custom_quantity?.default ?? null,
    comment: '',
  };
}

/**
 * The add-ons already chosen for the visit: the locally kept selection, else the intake's add-on products;
 * each as a configuration of an offer.
 */
export function chosenAddOns(
  data: AddOnsData,
  stored: readonly SelectedProduct[],
): Map<string, Configuration> {
  const chosen = new Map<string, Configuration>();
  for (const offer of data.offers) {
    const id = offer.template._id;
    const local = stored.find((p) => p.is_addon && p.product_template === id);
    const remote = data.intake.products.find((p) => p.product_template === id);
    const productId = local?.product ?? remote?.product ?? null;
    if (!local && !remote) continue;
    const fallback = defaultAddOnConfiguration(offer);
    const product = offer.products.find((p) => p._id === productId);
    const config: Configuration = {
      ...fallback,
      strength: product ? (strengthOf(product) ?? fallback.strength) : fallback.strength,
      months: product ? product.pricing.interval_count : fallback.months,
      frequency: local?.frequency ?? remote?.frequency ?? fallback.frequency,
    };
    if (planProduct(offer.products, config.strength, config.months)) chosen.set(id, config);
    else chosen.set(id, fallback);
  }
  return chosen;
}
