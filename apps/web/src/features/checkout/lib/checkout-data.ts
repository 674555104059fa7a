import type { Intake } from '@portal/domain/contracts/intake';
import type { IntakeTemplate } from '@portal/domain/contracts/intake-template';
import type { ProductTemplate } from '@portal/domain/contracts/product';
import { getIntakeTemplate } from '../../../api/intake-templates';
import { getIntake } from '../../../api/intakes';
import { getMembership } from '../../../api/memberships';
import { getProductTemplate, getTemplateProducts } from '../../../api/products';
import { readSelectedMembership, type SelectedMembership } from '../../../lib/funnel-selection';
import { type CheckoutItem, toCheckoutItem } from './checkout-items';

export interface CheckoutData {
  intake: Intake;
  intakeTemplate: IntakeTemplate | null;
  items: CheckoutItem[];
  membership: SelectedMembership | null;
  /** The first selected product is a coaching membership (000 §4). */
  coaching: boolean;
  /** The coaching product's scheduling link, for /schedule-coaching. */
  coachingLink: string | null;
}

/**
 * The membership chosen in the funnel, else the one recorded on the intake's products. A stored choice is
 * priced as the server prices it now (the Summary's total is checked against the server's at submit); when
 * the membership cannot be read, the stored figures stay.
 */
async function chosenMembership(intake: Intake, signal: AbortSignal): Promise<SelectedMembership | null> {
  const stored = readSelectedMembership(intake._id);
  if (stored) {
    const membership = await getMembership(stored.membership_id, signal).catch(() => null);
    const price = membership?.prices.find((p) => p._id === stored.price_id);
    return price && membership
      ? {
          ...stored,
          name: membership.name,
          unit_amount: price.unit_amount,
          interval_count: price.interval_count,
        }
      : stored;
  }
  const entry = intake.products.find((p) => p.membership && p.treatment_properties?.membership_price);
  if (!entry?.membership) return null;
  const membership = await getMembership(entry.membership, signal);
  const price = membership.prices.find((p) => p._id === entry.treatment_properties?.membership_price);
  if (!price) return null;
  return {
    intake: intake._id,
    membership_id: membership._id,
    price_id: price._id,
    name: membership.name,
    unit_amount: price.unit_amount,
    interval_count: price.interval_count,
  };
}

/**
 * Everything the checkout shows: the intake (the record of the patient's choices), each product's template
 * and priced variants, the intake template (payment collection), and the chosen membership. A lab checkout
 * names its lab product in the address; it is shown even before the intake lists it.
 */
export async function loadCheckout(
  userId: string,
  intakeId: string,
  labProductId: string | undefined,
  signal: AbortSignal,
): Promise<CheckoutData> {
  const intake = await getIntake(userId, intakeId, signal);
  const entries = [...intake.products];
  if (
    labProductId &&
    !entries.some((p) => p.product_template === labProductId || p.product === labProductId)
  ) {
    entries.push({ product_template: labProductId });
  }
  const templateIds = [...new Set(entries.map((p) => p.product_template))];
  const [templates, intakeTemplate, membership] = await Promise.all([
    Promise.all(
      templateIds.map(async (id) => {
        const [template, variants] = await Promise.all([
          getProductTemplate(id, signal),
          getTemplateProducts(id, signal).catch(() => []),
        ]);
        return [id, { template, variants }] as const;
      }),
    ),
    getIntakeTemplate(intake.intake_template, signal).catch(() => null),
    chosenMembership(intake, signal).catch(() => null),
  ]);
  const byId = new Map(templates);
  const first: ProductTemplate | undefined = entries[0]
    ? byId.get(entries[0].product_template)?.template
    : undefined;
  const coaching = first?.type === 'coaching_membership';
  const items = entries.flatMap((entry) => {
    const found = byId.get(entry.product_template);
    return found ? [toCheckoutItem(entry, found.template, found.variants, coaching)] : [];
  });
  return {
    intake,
    intakeTemplate,
    items,
    membership,
    coaching,
    coachingLink: coaching ? (first?.membership?.event_link ?? null) : null,
  };
}
