import {
  type PrescriptionChangeType,
  prescriptionChangeNotice,
} from '@portal/domain/dashboard/prescription-change';
import { isCustomizable } from '@portal/domain/dashboard/widgets';
import { Errors } from '../../platform/errors';
import type { PrescriptionChangeRepository } from './prescription-change.repository';

export const NOT_CUSTOMIZABLE =
  'Protocol change requests can only be made for an active medication subscription.';
export const ALREADY_REQUESTED =
  'A protocol change request for this subscription is already being reviewed by our clinical team.';

export type PrescriptionChangeInput = {
  requestType: PrescriptionChangeType;
  comment: string | null;
  /** The subscriptionId of the body, when the caller sent one. */
  bodySubscriptionId?: string | undefined;
};

/** Protocol change requests (001 §2 Customize Protocol, §4 "Protocol change requests apply only to active medication subscriptions"). */
export function createPrescriptionChangeService(repo: PrescriptionChangeRepository) {
  return {
    async request(subscriptionId: string, input: PrescriptionChangeInput) {
      if (input.bodySubscriptionId && input.bodySubscriptionId !== subscriptionId) {
        throw Errors.badRequest('subscriptionId does not match the subscription of the path.');
      }
      const subscription = await repo.findSubscription(subscriptionId);
      if (!subscription) throw Errors.notFound('The subscription');
      if (subscription.status === 'prescription_requested') throw Errors.badRequest(ALREADY_REQUESTED);
      if (!isCustomizable(subscription)) throw Errors.badRequest(NOT_CUSTOMIZABLE);
      const recorded = await repo.record({
        subscriptionId,
        userId: subscription.userId,
        organizationId: subscription.organizationId,
        requestType: input.requestType,
        comment: input.comment,
        notice: prescriptionChangeNotice(subscription.name),
      });
      // Another request moved it first.
      if (!recorded) throw Errors.badRequest(ALREADY_REQUESTED);
      return {
        _id: recorded.id,
        subscription: recorded.subscriptionId,
        status: 'prescription_requested' as const,
        requestType: recorded.requestType,
        comment: recorded.comment,
        created_at: recorded.createdAt.toISOString(),
      };
    },
  };
}
