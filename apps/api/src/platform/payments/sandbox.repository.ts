import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentMethods } from '../../db/schema/billing';
import type { CardDetails } from './adapter';

/**
 * The sandbox keeps no state of its own: a sandbox customer's cards are the payment_methods rows the
 * portal saved for it, as a real provider's would be on its side.
 */
export function createSandboxRepository(db: Db) {
  return {
    async defaultCard(customerId: string): Promise<CardDetails | null> {
      const [row] = await db
        .select({
          brand: paymentMethods.brand,
          last4: paymentMethods.last4,
          exp_month: paymentMethods.expMonth,
          exp_year: paymentMethods.expYear,
          payment_method_id: paymentMethods.providerPaymentMethodId,
        })
        .from(paymentMethods)
        .where(
          and(
            eq(paymentMethods.provider, 'sandbox'),
            eq(paymentMethods.providerCustomerId, customerId),
            eq(paymentMethods.isDefault, true),
          ),
        )
        .limit(1);
      return row ?? null;
    },
  };
}
export type SandboxRepository = ReturnType<typeof createSandboxRepository>;
