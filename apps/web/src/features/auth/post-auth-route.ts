import { seg } from '../../lib/api-client';
import type { Patient } from '../../lib/patient';
import { safeRedirectPath } from '../../lib/safe-redirect';
import { writeJson } from '../../lib/storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import {
  getPublicProduct,
  type PublicProduct,
  productIntakeTemplateId,
  productType,
} from '../products/api/get-public-product';

export function dashboardHomePath(userId: string): string {
  return `/dashboard/${seg(userId)}/profile`;
}

/**
 * Starts a visit for a medication or coaching-membership product (000 §4 Login). The full flow — fetch the
 * product's intake template, create an intake instance, open the how-it-works step with referrer shop — comes
 * with the consultation funnel. Until then it goes to the product-instance loader route
 * /start/{intakeTemplateId}/p/{productTemplateId} (a coming-soon screen today), or null when the product
 * names no intake template.
 */
export function startProductIntake(product: PublicProduct): string | null {
  const templateId = productIntakeTemplateId(product);
  return templateId ? `/start/${seg(templateId)}/p/${seg(product._id)}` : null;
}

/**
 * After signup with a medication or coaching product: create an intake instance from the product intake (or
 * the global intake) and go to how-it-works, or to /signup/profile when there is no intake (000 §4 Signup).
 * The intake calls arrive with the consultation funnel; today this takes the same path as after login.
 */
export function createIntakeAfterSignup(product: PublicProduct): string | null {
  return startProductIntake(product);
}

async function loadProduct(productId: string): Promise<PublicProduct | null> {
  try {
    const product = await getPublicProduct(productId);
    return { ...product, _id: product._id || productId };
  } catch {
    // the public product call may not exist yet (404) or fail: fall through to the usual destination
    return null;
  }
}

/** Where a product in play sends the patient: lab -> lab visit, supplement -> protocol preference (002 §4.5). */
async function productPath(
  productId: string,
  startVisit: (product: PublicProduct) => string | null,
): Promise<string | null> {
  const product = await loadProduct(productId);
  if (!product) return null;
  switch (productType(product)) {
    case 'medication':
    case 'coaching_membership':
      return startVisit(product);
    case 'lab':
      writeJson(STORAGE_KEYS.productTemplate, product);
      return '/signup/lab-visit';
    case 'supplement':
      return `/signup/protocol-preference/${seg(product._id)}`;
    default:
      return null;
  }
}

export interface PostAuthContext {
  user: Pick<Patient, '_id'>;
  /** The product template in play: the route's product id or the `product` query parameter. */
  productId?: string | null;
  redirectPath?: string | null;
}

/** Routing after login (000 §4 Login): the product's path, else redirectPath, else the profile dashboard. */
export async function resolvePostLoginPath({
  user,
  productId,
  redirectPath,
}: PostAuthContext): Promise<string> {
  const fromProduct = productId ? await productPath(productId, startProductIntake) : null;
  return fromProduct ?? safeRedirectPath(redirectPath) ?? dashboardHomePath(user._id);
}

/** Routing after signup (000 §4 Signup): the product's path, else the profile dashboard. */
export async function resolvePostSignupPath({ user, productId }: PostAuthContext): Promise<string> {
  const fromProduct = productId ? await productPath(productId, createIntakeAfterSignup) : null;
  return fromProduct ?? dashboardHomePath(user._id);
}
