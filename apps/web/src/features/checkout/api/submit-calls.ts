import type { Intake } from '@portal/domain/contracts/intake';
import type { Membership, MembershipPrice } from '@portal/domain/contracts/membership';
import type { Subscription } from '@portal/domain/contracts/subscription';
import { apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';
import type { Patient } from '../../../lib/patient';
import type { ShippingPayload } from '../components/use-shipping-form';

/** PUT /users/{org}/{id} with shipping_info (and mobile_number when asked). */
export function saveShipping(userId: string, payload: ShippingPayload): Promise<Patient> {
  const org = requireOrganizationId();
  return apiRequest<Patient>(`/users/${seg(org)}/${seg(userId)}`, { method: 'PUT', body: payload });
}

/** POST /memberships/{org}/membership/{id}/price/{priceId}/start (000 §7). */
export function startMembership(
  membershipId: string,
  priceId: string,
  data: { patient_id: string; stripe_customer_id: string | null },
): Promise<Subscription> {
  const org = requireOrganizationId();
  return apiRequest<Subscription>(
    `/memberships/${seg(org)}/membership/${seg(membershipId)}/price/${seg(priceId)}/start`,
    { method: 'POST', body: { data } },
  );
}

/** POST /v2/subscriptions/product/{productId}: the coaching subscription of the visit. */
export function createProductSubscription(
  productId: string,
  body: { quantity: number; promo_code: string | null; intake: string },
): Promise<Subscription> {
  return apiRequest<Subscription>(`/v2/subscriptions/product/${seg(productId)}`, { method: 'POST', body });
}

/** PUT /intakes/{org}/patient/{user}/intake/{intake}: the intake's subscriptions. */
export function setIntakeSubscriptions(
  userId: string,
  intakeId: string,
  subscriptions: string[],
): Promise<Intake> {
  const org = requireOrganizationId();
  return apiRequest<Intake>(`/intakes/${seg(org)}/patient/${seg(userId)}/intake/${seg(intakeId)}`, {
    method: 'PUT',
    body: { subscriptions },
  });
}

/** POST /v2/intakes/{intake}/complete with the promo code (the organization header is always sent). */
export function completeIntake(intakeId: string, promoCode: string | null): Promise<Intake> {
  return apiRequest<Intake>(`/v2/intakes/${seg(intakeId)}/complete`, {
    method: 'POST',
    body: { promo_code: promoCode },
  });
}

/** POST /users/{org}/patient/{id}/subscriber: adds the patient to the marketing list. */
export function addSubscriber(userId: string): Promise<unknown> {
  const org = requireOrganizationId();
  return apiRequest(`/users/${seg(org)}/patient/${seg(userId)}/subscriber`, {
    method: 'POST',
    body: { patient: userId },
  });
}

/** POST /users/{org}/patient/{id}/subscriber/tag. */
export function setSubscriberTag(
  userId: string,
  tag: string,
  status: 'active' | 'inactive',
): Promise<unknown> {
  const org = requireOrganizationId();
  return apiRequest(`/users/${seg(org)}/patient/${seg(userId)}/subscriber/tag`, {
    method: 'POST',
    body: { tag, status, patient: userId },
  });
}

/** DELETE /v2/intakes/{id}/products: removes an add-on from the visit. */
export function removeIntakeProducts(intakeId: string, products: string[]): Promise<Intake> {
  return apiRequest<Intake>(`/v2/intakes/${seg(intakeId)}/products`, {
    method: 'DELETE',
    body: { products },
  });
}

export function getMembership(membershipId: string, signal?: AbortSignal): Promise<Membership> {
  const org = requireOrganizationId();
  return apiRequest<Membership>(`/memberships/${seg(org)}/membership/${seg(membershipId)}`, { signal });
}

export type { MembershipPrice };
