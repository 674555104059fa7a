/** Identity verification steps, used as photoType in identification routes and as steps of /verification (000 §2). */
export type VerificationStep =
  | 'verify_account'
  | 'id_image'
  | 'profile_image'
  | 'existing_identity'
  | 'schedule';

/** Where a consultation rule sends the patient; consultationPath turns it into a concrete path (000 §2). */
export type ConsultationTarget =
  | { section: 'hiw' | 'profile' | 'pharmacy-overview' }
  | { section: 'pharmacy-questions'; step: number }
  | { section: 'intake'; questionId: string; step: number }
  | { section: 'protocol-selection' }
  | {
      section: 'product-configure';
      /** Named route: treatment-checkout or treatment-selection. */
      route: 'treatment-checkout' | 'treatment-selection';
      productTemplateId?: string | null;
    }
  | { section: 'identification-step' | 'checkout'; photoType?: VerificationStep | null }
  | { section: 'membership'; membershipId?: string | null }
  | { section: 'lab-checkout'; labProductId?: string | null }
  | { section: 'treatment' | 'body' | 'protocol-preference' };

/** Ids and query values a consultation path is built with. */
export interface ConsultationPathContext {
  userId: string;
  intakeId: string;
  /** Extra query parameters (e.g. product, intakeTemplateId, initialIntakeTemplateId); empty values are left out. */
  query?: Readonly<Record<string, string | number | null | undefined>>;
}

/** Encodes one path segment. */
const seg = (value: string | number): string => encodeURIComponent(String(value));

/** Builds "?a=1&b=2" from the entries with a value, or "" when none has one. */
export function queryString(query: Readonly<Record<string, string | number | null | undefined>>): string {
  const parts = Object.entries(query)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** The path part of a target, without query. */
function targetPath(target: ConsultationTarget, userId: string, intakeId: string): string {
  const question = (section: string, questionId: string) =>
    `/consultation/${section}/${seg(userId)}/${seg(intakeId)}/question/${seg(questionId)}`;
  const bySection = `/consultation/${target.section}/${seg(intakeId)}`;
  switch (target.section) {
    case 'hiw':
    case 'profile':
    case 'pharmacy-overview':
      return question(target.section, 'none');
    case 'pharmacy-questions':
      return question(target.section, 'current');
    case 'intake':
      return question(target.section, target.questionId);
    case 'protocol-selection':
      return `/consultation/protocol-selection/${seg(intakeId)}`;
    case 'product-configure': {
      if (!target.productTemplateId) return bySection;
      const view = target.route === 'treatment-checkout' ? 'checkout' : 'selection';
      return `${bySection}/p/${seg(target.productTemplateId)}/${view}`;
    }
    case 'identification-step':
    case 'checkout':
      return target.photoType ? `${bySection}/t/${seg(target.photoType)}` : bySection;
    case 'membership':
      return target.membershipId ? `${bySection}/m/${seg(target.membershipId)}` : bySection;
    case 'lab-checkout':
      return target.labProductId ? `${bySection}/l/${seg(target.labProductId)}` : bySection;
    default:
      return bySection;
  }
}

/**
 * The concrete path of a target (000 §2): hiw, profile and pharmacy-overview use .../question/none;
 * pharmacy-questions .../question/current?step=N; intake .../question/{questionId}?step=N (zero-based);
 * protocol-selection /consultation/protocol-selection/{intakeId}; others /consultation/{section}/{intakeId}
 * with the /p, /t, /m or /l suffix. Treatment-checkout and treatment-selection fill the suffix's {product}
 * segment with "checkout" or "selection" (ours: the spec carries the priced product in the product query).
 */
export function consultationPath(target: ConsultationTarget, ctx: ConsultationPathContext): string {
  const step = 'step' in target ? { step: target.step } : {};
  return `${targetPath(target, ctx.userId, ctx.intakeId)}${queryString({ ...step, ...ctx.query })}`;
}

/** Dashboard target of the funnel (000 §2): /dashboard/{userId}/{page}, e.g. profile or messages. */
export function dashboardPath(
  userId: string,
  page: 'profile' | 'subscriptions' | 'settings/notifications' | 'messages' | 'appointments' = 'profile',
): string {
  return `/dashboard/${seg(userId)}/${page}`;
}

/** Verification route /verification/{userId}/{steps} (000 §2). */
export function verificationPath(userId: string, step: VerificationStep): string {
  return `/verification/${seg(userId)}/${seg(step)}`;
}
