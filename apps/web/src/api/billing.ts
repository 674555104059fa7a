import type {
  BillingProfile,
  Card,
  CouponDiscount,
  Merchant,
  SandboxToken,
} from '@portal/domain/contracts/billing';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../lib/api-client';
import { isApiError } from '../lib/api-error';
import type { ReferralTraits } from '../lib/referral-traits';

export type { BillingProfile, Card, CouponDiscount, Merchant };

export const billingKeys = {
  merchant: (organizationId: string) => ['merchant', organizationId] as const,
  savedCard: (userId: string) => ['saved-card', userId] as const,
};

/**
 * GET /organization/{org}/merchant (002 §7.7): the clinic's public payment details for the card field — its
 * name, country and currency, and which provider tokenises the card in the browser (Stripe with its publishable
 * key, or the sandbox's tokens_url).
 */
export function merchantQueryOptions() {
  const org = requireOrganizationId();
  return queryOptions({
    queryKey: billingKeys.merchant(org),
    queryFn: ({ signal }) =>
      apiRequest<Merchant>(`/organization/${seg(org)}/merchant`, { signal, authenticated: false }),
    staleTime: 60 * 60_000,
  });
}

/** GET /billing/{org}/patient/{user}/card: the saved card, or null when the patient has none (404). */
export async function getSavedCard(userId: string, signal?: AbortSignal): Promise<Card | null> {
  const org = requireOrganizationId();
  try {
    return await apiRequest<Card>(`/billing/${seg(org)}/patient/${seg(userId)}/card`, { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function savedCardQueryOptions(userId: string) {
  return queryOptions({
    queryKey: billingKeys.savedCard(userId),
    queryFn: ({ signal }) => getSavedCard(userId, signal),
  });
}

/** Sends the card details to the sandbox tokeniser (the Stripe.js stand-in); never to a business endpoint. */
export function createSandboxToken(
  tokensUrl: string,
  card: { number: string; exp_month: number; exp_year: number; cvc: string },
): Promise<SandboxToken> {
  return apiRequest<SandboxToken>(tokensUrl, { method: 'POST', body: card, authenticated: false });
}

/** POST /billing/{org}/patient/{user}/billing/profile/create: customer plus default card. */
export function createBillingProfile(
  userId: string,
  token: string,
  referral: ReferralTraits = {},
): Promise<BillingProfile> {
  const org = requireOrganizationId();
  return apiRequest<BillingProfile>(`/billing/${seg(org)}/patient/${seg(userId)}/billing/profile/create`, {
    method: 'POST',
    body: { organization: org, user_id: userId, token, ...referral },
  });
}

/** PUT /users/{org}/{id}/add-card: replaces the default card, without charging. */
export function addCard(userId: string, token: string): Promise<BillingProfile> {
  const org = requireOrganizationId();
  return apiRequest<BillingProfile>(`/users/${seg(org)}/${seg(userId)}/add-card`, {
    method: 'PUT',
    body: { token, user: userId, charge: false, new_user: false, charge_amount: null },
  });
}

/** POST /v2/cart/coupon/{code}: the code's percentage per product id sent. */
export function applyCoupon(
  code: string,
  products: { product: string; quantity: number }[],
): Promise<CouponDiscount> {
  return apiRequest<CouponDiscount>(`/v2/cart/coupon/${seg(code)}`, { method: 'POST', body: { products } });
}
