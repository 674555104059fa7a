import { consultationPath } from '@portal/domain/consultation/consultation-path';
import type { IntakeTemplate } from '@portal/domain/contracts/intake-template';
import { isObjectId } from '@portal/domain/ids';
import { getGlobalIntakeTemplate, getProductIntakeTemplate } from '../../api/intake-templates';
import { createIntake } from '../../api/intakes';
import { getPublicProduct, type PublicProduct, productType } from '../../api/products';
import { seg } from '../../lib/api-client';
import type { Patient } from '../../lib/patient';
import { safeRedirectPath } from '../../lib/safe-redirect';
import { storeIntakeTemplate, storeSignupProduct } from '../../lib/signup-storage';

export function dashboardHomePath(userId: string): string {
  return `/dashboard/${seg(userId)}/profile`;
}

/** /signup/profile for a product (000 §4 Signup: no intake to start). */
export function signupProfilePath(productId: string): string {
  return `/signup/profile?productTemplateId=${encodeURIComponent(productId)}`;
}

/** A template lookup that fails (none configured, or any error) counts as no template. */
async function templateOrNull(load: () => Promise<IntakeTemplate>): Promise<IntakeTemplate | null> {
  try {
    const template = await load();
    return template && isObjectId(template._id) ? template : null;
  } catch {
    return null;
  }
}

/**
 * Creates an intake instance of the template and answers the how-it-works step with the product and
 * referrer shop in the query (000 §4 Login), or null when the intake could not be created.
 */
async function startVisit(userId: string, templateId: string, productId: string): Promise<string | null> {
  try {
    const intake = await createIntake({ userId, templateId });
    if (!isObjectId(intake?._id)) return null;
    storeIntakeTemplate(templateId);
    return consultationPath(
      { section: 'hiw' },
      { userId, intakeId: intake._id, query: { product: productId, referrer: 'shop' } },
    );
  } catch {
    return null;
  }
}

async function loadProduct(productId: string): Promise<PublicProduct | null> {
  try {
    const product = await getPublicProduct(productId);
    return { ...product, _id: product._id || productId };
  } catch {
    // an unknown product or a failed lookup: fall through to the usual destination
    return null;
  }
}

/** Lab -> lab visit, supplement -> protocol preference (000 §4, 002 §4.5); the product is stored for them. */
function signupFlowPath(product: PublicProduct): string | null {
  const type = productType(product);
  const stored = { _id: product._id, name: product.name, product_name: product.product_name, type };
  switch (type) {
    case 'lab':
      storeSignupProduct(stored);
      return '/signup/lab-visit';
    case 'supplement':
      storeSignupProduct(stored);
      return `/signup/protocol-preference/${seg(product._id)}`;
    default:
      return null;
  }
}

export interface PostAuthContext {
  user: Pick<Patient, '_id'> & Partial<Pick<Patient, 'role'>>;
  /** The product template in play: the route's product id, the campaign's product or the `product` query. */
  productId?: string | null;
  redirectPath?: string | null;
}

/** Staff land in the clinic's workspace (issue 12 §1), or back where they were going in it. */
function staffPostLoginPath(redirectPath: string | null | undefined): string {
  const path = safeRedirectPath(redirectPath);
  return path && /^\/care(?:[/?#]|$)/.test(path) ? path : '/care';
}

/**
 * Routing after login (000 §4 Login): with a product, medication and coaching products start a visit from
 * the product's intake template, labs go to the lab visit and supplements to the protocol preference;
 * otherwise (or when that fails) redirectPath, else the profile dashboard.
 */
export async function resolvePostLoginPath({
  user,
  productId,
  redirectPath,
}: PostAuthContext): Promise<string> {
  // every role but the patient's is the clinic's (contracts/user)
  if (user.role && user.role !== 'patient') return staffPostLoginPath(redirectPath);
  const fallback = () => safeRedirectPath(redirectPath) ?? dashboardHomePath(user._id);
  const product = productId ? await loadProduct(productId) : null;
  if (!product) return fallback();
  const type = productType(product);
  if (type === 'medication' || type === 'coaching_membership') {
    const template = await templateOrNull(() => getProductIntakeTemplate(product._id));
    const path = template ? await startVisit(user._id, template._id, product._id) : null;
    return path ?? fallback();
  }
  return signupFlowPath(product) ?? fallback();
}

/**
 * Routing after signup (000 §4 Signup): lab and supplement products enter the signup checkout flow; other
 * products start a visit from the product's intake template, else the global one, or go to /signup/profile
 * when there is none; without a product, the profile dashboard.
 */
export async function resolvePostSignupPath({ user, productId }: PostAuthContext): Promise<string> {
  const product = productId ? await loadProduct(productId) : null;
  if (!product) return dashboardHomePath(user._id);
  const flow = signupFlowPath(product);
  if (flow) return flow;
  const template =
    (await templateOrNull(() => getProductIntakeTemplate(product._id))) ??
    (await templateOrNull(() => getGlobalIntakeTemplate()));
  const path = template ? await startVisit(user._id, template._id, product._id) : null;
  return path ?? signupProfilePath(product._id);
}
