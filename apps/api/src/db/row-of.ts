import type { AnyColumn } from 'drizzle-orm';

/** The row a select of explicit columns answers, null where the column is nullable. */
export type RowOf<T extends Record<string, AnyColumn>> = {
  [K in keyof T]: T[K]['_']['notNull'] extends true ? T[K]['_']['data'] : T[K]['_']['data'] | null;
};
