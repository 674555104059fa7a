import { afterLastQuestionTarget } from '@portal/domain/consultation/after-last-question';
import type { ConsultationTarget } from '@portal/domain/consultation/consultation-path';
import type { Intake } from '@portal/domain/contracts/intake';
import type { IntakeTemplate } from '@portal/domain/contracts/intake-template';
import type { QueryClient } from '@tanstack/react-query';
import { productTemplateQueryOptions } from '../../../api/products';
import { goesToProtocolSelection } from '../../../lib/protocols';
import { readStorage } from '../../../lib/storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';

/** The id of the first question of the intake (its first response), or of the template. */
export function firstQuestionId(intake: Intake, template?: IntakeTemplate | null): string | null {
  return intake.intake_responses[0]?.question ?? template?.questions[0]?._id ?? null;
}

/** The membership chosen for this visit, as stored by the membership signup (000 §3 plain storage keys). */
export function storedMembershipId(): string | null {
  const raw = readStorage(STORAGE_KEYS.membership);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'string') return value || null;
    if (value && typeof value === 'object') {
      const { _id, id, membership_id } = value as { _id?: unknown; id?: unknown; membership_id?: unknown };
      if (typeof membership_id === 'string' && membership_id) return membership_id;
      if (typeof _id === 'string' && _id) return _id;
      if (typeof id === 'string' && id) return id;
    }
    return null;
  } catch {
    return raw;
  }
}

export interface AfterQuestionsInput {
  intake: Intake;
  template: IntakeTemplate;
  /** The product template in play (the `product` query), if any. */
  productId: string | null;
  queryClient: QueryClient;
}

/**
 * Where the patient goes after the last question (000 §4): afterLastQuestionTarget with the visit's membership,
 * whether the template's visit goes on to protocol selection (its settings), the chosen product (a lab product goes to lab checkout) and the template's
 * product defaults. The chosen product is the `product` query, else the intake's first non-add-on product.
 */
export async function afterQuestionsTarget({
  intake,
  template,
  productId,
  queryClient,
}: AfterQuestionsInput): Promise<ConsultationTarget> {
  const chosen = productId ?? intake.products.find((p) => !p.is_addon)?.product_template ?? null;
  let isLab = false;
  if (chosen) {
    try {
      isLab = (await queryClient.fetchQuery(productTemplateQueryOptions(chosen))).type === 'lab';
    } catch {
      // an unknown product type is treated as a treatment: product configuration decides what it can offer
    }
  }
  return afterLastQuestionTarget({
    membershipId: storedMembershipId(),
    intakeTemplateId: template._id,
    protocolSelectionTemplateId: goesToProtocolSelection(template) ? template._id : null,
    productTemplateId: chosen && !isLab ? chosen : null,
    labProductId: chosen && isLab ? chosen : null,
    productDefaults: template.product_defaults,
  });
}

/** The query a target is opened with: the product in play, and the intake template for product configuration. */
export function targetQuery(
  target: ConsultationTarget,
  carried: Record<string, string>,
  intakeTemplateId: string,
): Record<string, string> {
  return target.section === 'product-configure' ? { ...carried, intakeTemplateId } : carried;
}
