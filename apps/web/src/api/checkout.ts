import type {
  CheckoutRequestInput,
  CheckoutResult,
  CheckoutStep,
} from '@portal/domain/contracts/checkout-submit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { isApiError } from '../lib/api-error';
import { saveUser } from '../lib/session';
import { billingKeys } from './billing';
import { intakeKeys } from './intakes';
import { notificationKeys } from './notifications';
import { purchaseKeys } from './orders';
import { patientKeys } from './patient';
import { subscriptionKeys } from './subscriptions';
import { dashboardKeys } from './view-keys';

export type { CheckoutRequestInput, CheckoutResult, CheckoutStep };

/** One submit of a checkout: the body and the key that names the checkout across its retries. */
export interface CheckoutSubmission {
  body: CheckoutRequestInput;
  /** The `Idempotency-Key` header: the same for every retry of one checkout (decision 013). */
  idempotencyKey: string;
}

/**
 * POST /v2/checkout (decision 013): the whole checkout in one call (address, card, membership or orders and
 * charge, completion of the visit, marketing). A retry with the same key answers a finished checkout again or
 * continues a failed one from the step that failed.
 */
export function submitCheckout({ body, idempotencyKey }: CheckoutSubmission): Promise<CheckoutResult> {
  return apiRequest<CheckoutResult>('/v2/checkout', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** The step a failed checkout stopped at (its `Checkout-Step` header), or null when none ran. */
export function checkoutStepOf(error: unknown): CheckoutStep | null {
  if (!isApiError(error)) return null;
  return (error.headers?.get('checkout-step') as CheckoutStep | null | undefined) ?? null;
}

/**
 * Submits a checkout. On success the stored session user and the cached patient become the patient the
 * checkout left, and everything a checkout changes is refreshed: the visit and the visit lists, the
 * subscriptions, orders, notifications, the saved card and the dashboard. A failure may still have saved the
 * address (a step before it), so the patient is read again; the saved card is not, so the page keeps the card
 * it sent and a retry sends the same body (a checkout whose answer was lost is then answered again, where
 * switching to the saved card would be "other details" to the server).
 */
export function useSubmitCheckoutMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitCheckout,
    onSuccess: (result) => {
      if (result.user?._id) {
        saveUser(result.user);
        queryClient.setQueryData(patientKeys.detail(userId), result.user);
      }
      const keys = [
        intakeKeys.lists(userId),
        ...(result.intake ? [intakeKeys.detail(userId, result.intake)] : []),
        subscriptionKeys.all,
        purchaseKeys.all,
        notificationKeys.all,
        billingKeys.savedCard(userId),
        dashboardKeys.all,
        dashboardKeys.visitsInReview(userId),
      ];
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: patientKeys.detail(userId) });
    },
  });
}
