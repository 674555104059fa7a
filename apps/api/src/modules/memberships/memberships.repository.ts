import type { Membership, MembershipPrice } from '@portal/domain/contracts/membership';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { RowOf } from '../../db/row-of';
import { membershipPrices, memberships } from '../../db/schema/memberships';

const membershipColumns = {
  id: memberships.id,
  organizationId: memberships.organizationId,
  name: memberships.name,
  description: memberships.description,
  features: memberships.features,
  includedProducts: memberships.includedProducts,
  eventLink: memberships.eventLink,
};
type MembershipRow = RowOf<typeof membershipColumns>;

const priceColumns = {
  id: membershipPrices.id,
  membershipId: membershipPrices.membershipId,
  unitAmount: membershipPrices.unitAmount,
  currency: membershipPrices.currency,
  intervalCount: membershipPrices.intervalCount,
  isDefault: membershipPrices.isDefault,
  stripePriceId: membershipPrices.stripePriceId,
};
type PriceRow = RowOf<typeof priceColumns>;

export function toMembershipPrice(row: PriceRow): MembershipPrice {
  return {
    _id: row.id,
    membership: row.membershipId,
    type: 'recurring',
    unit_amount: row.unitAmount,
    currency: row.currency,
    default: row.isDefault,
    interval_count: row.intervalCount,
    stripe_price_id: row.stripePriceId,
    recurring: { is_recurring: true, interval: 'month', interval_count: row.intervalCount },
  };
}

function toMembership(row: MembershipRow, prices: PriceRow[]): Membership {
  return {
    _id: row.id,
    organization: row.organizationId,
    name: row.name,
    description: row.description,
    features: row.features,
    included_products: row.includedProducts,
    event_link: row.eventLink,
    prices: prices.map(toMembershipPrice),
  };
}

/** Memberships and their prices; every read is scoped to one organization and to active rows. */
export function createMembershipsRepository(db: Db) {
  const activeIn = (organizationId: string) =>
    and(eq(memberships.organizationId, organizationId), eq(memberships.active, true));
  const pricesOfMembership = db
    .select(priceColumns)
    .from(membershipPrices)
    .innerJoin(memberships, eq(memberships.id, membershipPrices.membershipId))
    .where(
      and(
        eq(membershipPrices.membershipId, sql.placeholder('membershipId')),
        eq(memberships.organizationId, sql.placeholder('organizationId')),
        eq(memberships.active, true),
        eq(membershipPrices.active, true),
      ),
    )
    .orderBy(asc(membershipPrices.intervalCount), asc(membershipPrices.unitAmount))
    .prepare('membership_prices_of_membership');
  const priceById = db
    .select(priceColumns)
    .from(membershipPrices)
    .innerJoin(memberships, eq(memberships.id, membershipPrices.membershipId))
    .where(
      and(
        eq(membershipPrices.id, sql.placeholder('id')),
        eq(memberships.organizationId, sql.placeholder('organizationId')),
        eq(memberships.active, true),
        eq(membershipPrices.active, true),
      ),
    )
    .limit(1)
    .prepare('membership_price_by_id');

  async function findMany(organizationId: string, ids: string[]): Promise<Map<string, Membership>> {
    const found = new Map<string, Membership>();
    if (ids.length === 0) return found;
    const rows = await db
      .select(membershipColumns)
      .from(memberships)
      .where(and(activeIn(organizationId), inArray(memberships.id, ids)));
    if (rows.length === 0) return found;
    const prices = await db
      .select(priceColumns)
      .from(membershipPrices)
      .where(
        and(
          inArray(
            membershipPrices.membershipId,
            rows.map((r) => r.id),
          ),
          eq(membershipPrices.active, true),
        ),
      )
      .orderBy(asc(membershipPrices.intervalCount), asc(membershipPrices.unitAmount));
    for (const row of rows) {
      found.set(
        row.id,
        toMembership(
          row,
          prices.filter((p) => p.membershipId === row.id),
        ),
      );
    }
    return found;
  }

  return {
    findMany,
    async findById(organizationId: string, id: string): Promise<Membership | undefined> {
      return (await findMany(organizationId, [id])).get(id);
    },
    /** The active prices of a membership, cheapest interval first; undefined when there is no such membership. */
    async pricesOf(organizationId: string, membershipId: string): Promise<MembershipPrice[] | undefined> {
      const [exists] = await db
        .select({ id: memberships.id })
        .from(memberships)
        .where(and(activeIn(organizationId), eq(memberships.id, membershipId)))
        .limit(1);
      if (!exists) return undefined;
      const rows = (await pricesOfMembership.execute({ membershipId, organizationId })) as PriceRow[];
      return rows.map(toMembershipPrice);
    },
    async findPrice(organizationId: string, id: string): Promise<MembershipPrice | undefined> {
      const [row] = (await priceById.execute({ id, organizationId })) as PriceRow[];
      return row && toMembershipPrice(row);
    },
  };
}
export type MembershipsRepository = ReturnType<typeof createMembershipsRepository>;
