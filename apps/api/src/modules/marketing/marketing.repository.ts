import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
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
    async isSubscriber(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.userId, userId), eq(events.name, SUBSCRIBER_EVENT)))
        .limit(1);
      return row !== undefined;
    },

    async record(
      organizationId: string,
      userId: string,
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
