import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/**
 * Gives a user `count` notifications in one INSERT ... SELECT generate_series, for load tests of the
 * notification calls. Every category (in turn), an age spread over about 8 months (37 minutes apart, so
 * every relative-time band of 001 §4 is filled) and two read for every unread one. Ids keep the usual
 * shape: 8 hex digits of seconds, then the row number and 8 random hex digits.
 */
export async function insertBulkNotifications(db: Db, userId: string, count = 10_000): Promise<number> {
  const result = (await db.execute(sql`
    insert into notifications (id, user_id, organization_id, category, message, data, read, read_at, created_at)
    select lpad(to_hex(extract(epoch from now())::bigint), 8, '0') || lpad(to_hex(g), 8, '0')
             || substr(md5(random()::text || g::text), 1, 8),
           u.id,
           u.organization_id,
           (array['visit', 'lab', 'message', 'order', 'welcome', 'subscription', 'payment', 'appointments'])[g % 8 + 1],
           (array['Your visit was updated.', 'Your lab order was updated.', 'You have a new message from your care team.',
                  'Your order was updated.', 'Welcome back!', 'Your subscription was updated.',
                  'We received your payment. Thank you!', 'Your appointment was updated.'])[g % 8 + 1]
             || ' (#' || g || ')',
           '{}'::jsonb,
           g % 3 <> 0,
           case when g % 3 <> 0 then now() - g * interval '37 minutes' + interval '1 hour' end,
           now() - g * interval '37 minutes'
      from users u, generate_series(1, ${count}) g
     where u.id = ${userId}
  `)) as unknown as { affectedRows?: number; count?: number; rowCount?: number };
  return Number(result.affectedRows ?? result.rowCount ?? result.count ?? 0);
}
