import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, ref, updatedAt } from './columns';
import { organizations } from './organizations';
import { type ProductType, productTemplates } from './products';

/**
 * A marketing campaign: the landing page behind /campaign/{type}/{id} (000 §2). It promotes one product
 * template and carries its own hero copy; it is shown while active and inside its optional date window.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: idColumn(),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** Readable key within the organization, usable in place of the id in links. */
    slug: varchar('slug', { length: 64 }).notNull(),
    name: text('name').notNull(),
    type: varchar('type', { length: 24 }).$type<ProductType>().notNull(),
    productTemplateId: ref('product_template_id').references(() => productTemplates.id, {
      onDelete: 'set null',
    }),
    headline: text('headline').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('campaigns_organization_id_slug_idx').on(t.organizationId, t.slug),
    index('campaigns_product_template_id_idx').on(t.productTemplateId),
    check(
      'campaigns_type_check',
      sql`${t.type} in ('medication', 'lab', 'supplement', 'coaching_membership')`,
    ),
    check(
      'campaigns_window_check',
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`,
    ),
  ],
);
