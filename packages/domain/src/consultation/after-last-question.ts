import type { ConsultationTarget } from './consultation-path';

/** What the routing after the last intake question looks at (000 §4, 002 §4.7). */
export interface AfterLastQuestionInput {
  /** A membership signup is under way (membership chosen for this visit). */
  membershipId?: string | null;
  intakeTemplateId: string;
  /** The one template that goes to protocol selection (the compounded rapamycin template). */
  protocolSelectionTemplateId?: string | null;
  /** A product (non-lab) already chosen for the visit: goes to product configuration checkout. */
  productTemplateId?: string | null;
  /** A lab product chosen for the visit: goes to lab checkout. */
  labProductId?: string | null;
  /** The template's product_defaults: treatments to choose from, for treatment selection. */
  productDefaults?: readonly string[];
}

/**
 * Routing after the last question (000 §4, 002 §4.7), the first that applies: membership signup;
 * protocol-selection for the one template; product configuration checkout (treatment-checkout);
 * lab checkout; treatment selection (first product default); else the ID photo step
 * (identification-step with photoType verify_account, the entry of the identity flow).
 */
export function afterLastQuestionTarget(input: AfterLastQuestionInput): ConsultationTarget {
  if (input.membershipId) return { section: 'membership', membershipId: input.membershipId };
  if (input.protocolSelectionTemplateId && input.intakeTemplateId === input.protocolSelectionTemplateId)
    return { section: 'protocol-selection' };
  if (input.productTemplateId)
    return {
      section: 'product-configure',
      route: 'treatment-checkout',
      productTemplateId: input.productTemplateId,
    };
  if (input.labProductId) return { section: 'lab-checkout', labProductId: input.labProductId };
  const firstDefault = input.productDefaults?.[0];
  if (firstDefault)
    return { section: 'product-configure', route: 'treatment-selection', productTemplateId: firstDefault };
  return { section: 'identification-step', photoType: 'verify_account' };
}

/** After treatment preferences (000 §4): add-ons when the template has add-on products, else checkout, or identification first when the profile is incomplete. */
export function afterPreferencesTarget(hasAddOns: boolean, profileComplete: boolean): ConsultationTarget {
  if (hasAddOns) return { section: 'treatment' };
  return profileComplete
    ? { section: 'checkout' }
    : { section: 'identification-step', photoType: 'verify_account' };
}

/** After add-ons, Continue or Skip (000 §2 screen 6): identification-step-alt, section checkout when the profile check passes, otherwise identification-step; photoType verify_account. */
export function afterAddOnsTarget(profileComplete: boolean): ConsultationTarget {
  return { section: profileComplete ? 'checkout' : 'identification-step', photoType: 'verify_account' };
}
