import { timestamp, varchar } from 'drizzle-orm/pg-core';
import { newId } from '../ids';

/** Primary key column: a 24-character hex id. */
export const idColumn = () => varchar('id', { length: 24 }).primaryKey().$defaultFn(newId);

/** Foreign key column holding a 24-character hex id. */
export const ref = (name: string) => varchar(name, { length: 24 });

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
