import type { Intake } from '@portal/domain/contracts/intake';
import type { IntakeTemplate } from '@portal/domain/contracts/intake-template';
import type { Product, ProductTemplate } from '@portal/domain/contracts/product';
import { getGlobalIntakeTemplate, getIntakeTemplate } from '../../../api/intake-templates';
import { getIntake } from '../../../api/intakes';
import { getProductTemplate, getProductTemplates, getTemplateProducts } from '../../../api/products';
import { exclusiveGroupOf, exclusiveSibling } from '../../../lib/protocols';

export interface PreferencesData {
  intake: Intake;
  template: ProductTemplate;
  products: Product[];
  /** The visit's intake template (query intakeTemplateId, else the intake's); null when it cannot be read. */
  intakeTemplate: IntakeTemplate | null;
  /** The other template of the product's exclusive group with its products, for the medication type switch. */
  sibling: { template: ProductTemplate; products: Product[] } | null;
}

const settledValue = <T>(result: PromiseSettledResult<T>): T | null =>
  result.status === 'fulfilled' ? result.value : null;

/** The other template of the exclusive group among the product defaults of the visit's and the global intake templates. */
async function loadSibling(
  template: ProductTemplate,
  intakeTemplates: (IntakeTemplate | null)[],
  signal: AbortSignal,
): Promise<PreferencesData['sibling']> {
  if (!exclusiveGroupOf(template)) return null;
  const globalTemplate = settledValue((await Promise.allSettled([getGlobalIntakeTemplate(signal)]))[0]!);
  const ids = [
    ...new Set(
      [...intakeTemplates, globalTemplate]
        .flatMap((t) => t?.product_defaults ?? [])
        .filter((id) => id !== template._id),
    ),
  ];
  const candidates = await getProductTemplates(ids, signal).catch(() => [] as ProductTemplate[]);
  const found = exclusiveSibling(template, candidates);
  if (!found) return null;
  const products = await getTemplateProducts(found._id, signal).catch(() => [] as Product[]);
  return products.length > 0 ? { template: found, products } : null;
}

/** The intake, the product template with its priced products, the visit's intake template and the group sibling. */
export async function loadPreferences(
  userId: string,
  intakeId: string,
  productTemplateId: string,
  intakeTemplateId: string | null,
  initialIntakeTemplateId: string | null,
  signal: AbortSignal,
): Promise<PreferencesData> {
  const [intake, template, products] = await Promise.all([
    getIntake(userId, intakeId, signal),
    getProductTemplate(productTemplateId, signal),
    getTemplateProducts(productTemplateId, signal),
  ]);
  const visitTemplateId = intakeTemplateId ?? intake.intake_template;
  const templateIds = [...new Set([visitTemplateId, initialIntakeTemplateId ?? intake.intake_template])];
  const intakeTemplates = (
    await Promise.allSettled(templateIds.map((id) => getIntakeTemplate(id, signal)))
  ).map(settledValue);
  const sibling = await loadSibling(template, intakeTemplates, signal);
  return { intake, template, products, intakeTemplate: intakeTemplates[0] ?? null, sibling };
}
