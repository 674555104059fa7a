import type { Db } from '../../db/client';
import type { FulfilmentSource } from '../../db/schema/fulfilment';
import type { subscriptions } from '../../db/schema/subscriptions';
import { fulfilmentQueries } from './fulfilment.repository';

type Shipped = Pick<
  typeof subscriptions.$inferSelect,
  'id' | 'userId' | 'organizationId' | 'type' | 'productPlans'
>;

/**
 * The one way a parcel is asked of the pharmacy: the approval, each paid renewal and "Resume Now & Ship"
 * call this inside their own transaction, so the parcel exists exactly when what paid for it committed.
 * `key` tells this cause from another of the same kind (a renewal's period, a resume's paused state); the
 * same cause twice asks for one parcel. Answers how many were created (none for what does not ship).
 */
export function shipSubscription(
  tx: Db,
  sub: Shipped,
  cause: { source: Exclude<FulfilmentSource, 'order'>; key: string },
  at: Date,
): Promise<number> {
  return fulfilmentQueries(tx).createForSubscription(sub, cause.source, `${sub.id}:${cause.key}`, at);
}
