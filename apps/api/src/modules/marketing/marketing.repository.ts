import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { events } from '../../db/schema/events';

export type TagStatus = 'active' | 'inactive';
export const SUBSCRIBER_EVENT = 'marketing_subscriber';
export const TAG_EVENT = 'marketing_tag';

/**
 * The marketing list is an outside service: the portal records subscriptions and tags in the events table
 * (the clinic reads them, a sync job may forward them) and never calls out from a request.
 */
export function createMarketingRepository(db: Db) {
  return {
    /**
     * A campaign of the organization by id or slug that is active and inside its date window at `now`;
     * undefined otherwise (unknown, switched off, not started, ended, or another organization's).
     */
    async findLiveCampaign(organizationId: string, idOrSlug: string, now: Date) {
      const key = /^[0-9a-f]{24}$/i.test(idOrSlug)
        ? eq(campaigns.id, idOrSlug.toLowerCase())
        : eq(campaigns.slug, idOrSlug);
      const [row] = await db
        .select()
        .from(campaigns)
        .where(
          and(
            key,
            eq(campaigns.organizationId, organizationId),
            eq(campaigns.active, true),
            or(isNull(campaigns.startsAt), lte(campaigns.startsAt, now)),
            or(isNull(campaigns.endsAt), gt(campaigns.endsAt, now)),
          ),
        )
        .limit(1);
      return row;
    },

    /** A page of the clinic's events, newest first, optionally of one name (the clinic's own reading). */
    async listEvents(
      organizationId: string,
      opts: { name?: string | undefined; page: number; limit: number },
    ) {
      const where = opts.name
        ? and(eq(events.organizationId, organizationId), eq(events.name, opts.name))
        : eq(events.organizationId, organizationId);
      const rows = await db
        .select({
          _id: events.id,
          name: events.name,
          user: events.userId,
          properties: events.properties,
          created_at: events.createdAt,
        })
        .from(events)
        .where(where)
        .orderBy(desc(events.createdAt), desc(events.id))
        .limit(opts.limit + 1)
        .offset((opts.page - 1) * opts.limit);
      return { rows: rows.slice(0, opts.limit), hasNextPage: rows.length > opts.limit };
    },

    async isSubscriber(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.userId, userId), eq(events.name, SUBSCRIBER_EVENT)))
        .limit(1);
      return row !== undefined;
    },

    /** Records an event; `userId` null for an anonymous visitor's (analytics). */
    async record(
      organizationId: string,
      userId: string | null,
      name: string,
      properties: Record<string, unknown>,
    ): Promise<void> {
      await db.insert(events).values({ organizationId, userId, name, properties });
    },

    /** The latest status of each tag of the patient. */
    async tagsOf(userId: string): Promise<{ tag: string; status: TagStatus }[]> {
      const rows = await db
        .select({ properties: events.properties })
        .from(events)
        .where(and(eq(events.userId, userId), eq(events.name, TAG_EVENT)))
        .orderBy(desc(events.createdAt), desc(events.id))
        .limit(500);
      const latest = new Map<string, TagStatus>();
      for (const { properties } of rows.reverse()) {
        const { tag, status } = properties as { tag?: unknown; status?: unknown };
        if (typeof tag === 'string' && (status === 'active' || status === 'inactive'))
          latest.set(tag, status);
      }
      return [...latest].map(([tag, status]) => ({ tag, status }));
    },
  };
}
export type MarketingRepository = ReturnType<typeof createMarketingRepository>;
