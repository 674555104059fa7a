import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, ref, updatedAt } from './columns';
import { orders } from './orders';
import { organizations } from './organizations';
import { physicians } from './physicians';
import { productTemplates } from './products';
import { users } from './users';

export const labRangeTypes = ['low', 'high', 'normal', 'optimal', 'borderline', 'high-low'] as const;
export type LabRangeType = (typeof labRangeTypes)[number];
/**
 * A value v is in the range when min <= v <= max (both bounds included, as packages/domain/src/labs/ranges.ts
 * reads them; where two ranges share a bound the healthier wins); a missing or null bound is open-ended.
 */
export type LabRange = { type: LabRangeType; min?: number | null; max?: number | null };
export type LabLegend = { description: string; suggestion?: string };

export type LabMarkerDefinition = {
  /** The catalogue's key (packages/domain/src/labs/biomarkers.ts), used as the biomarker id in routes. */
  code: string;
  name: string;
  /** The UCUM code of the unit (u[IU]/mL); the API shows it as written for patients. */
  unit: string;
  category: string;
  category_slug: string;
  ranges: LabRange[];
  legend: LabLegend;
};

/** A lab test a clinic sells: the product it is bought as and the biomarkers it measures. */
export const labPanels = pgTable(
  'lab_panels',
  {
    id: idColumn(),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    productTemplateId: ref('product_template_id')
      .notNull()
      .references(() => productTemplates.id),
    name: text('name').notNull(),
    slug: varchar('slug', { length: 64 }).notNull(),
    description: text('description').notNull(),
    markers: jsonb('markers').$type<LabMarkerDefinition[]>().notNull().default([]),
    preparationGuidelines: jsonb('preparation_guidelines').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('lab_panels_organization_id_slug_idx').on(t.organizationId, t.slug),
    index('lab_panels_product_template_id_idx').on(t.productTemplateId),
  ],
);

export const labReportStatuses = ['created', 'ordered', 'received', 'reviewed'] as const;
export type LabReportStatus = (typeof labReportStatuses)[number];

export type LabReportText = { intro: string; main: string; conclusion: string };

/** One patient's run of a panel: from order to results reviewed by a physician. */
export const labReports = pgTable(
  'lab_reports',
  {
    id: idColumn(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    panelId: ref('panel_id')
      .notNull()
      .references(() => labPanels.id),
    orderId: ref('order_id').references(() => orders.id),
    status: varchar('status', { length: 16 }).$type<LabReportStatus>().notNull().default('created'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    title: text('title').notNull().default('Lab Panel Results'),
    reviewerId: ref('reviewer_id').references(() => physicians.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    /** The clinical team's message, markdown. */
    text: jsonb('text').$type<LabReportText | null>(),
    /** Years; null until estimated. */
    bioAge: doublePrecision('bio_age'),
    collectedAt: timestamp('collected_at', { withTimezone: true, mode: 'date' }),
    /** Storage keys of the requisition form and the results PDF. */
    requisitionKey: text('requisition_key'),
    resultsKey: text('results_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('lab_reports_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('lab_reports_user_id_status_idx').on(t.userId, t.status),
    index('lab_reports_organization_id_status_idx').on(t.organizationId, t.status),
    index('lab_reports_panel_id_idx').on(t.panelId),
    index('lab_reports_order_id_idx').on(t.orderId),
    index('lab_reports_reviewer_id_idx').on(t.reviewerId),
    check('lab_reports_status_check', sql`${t.status} in ('created', 'ordered', 'received', 'reviewed')`),
  ],
);

/** A measured biomarker of a report; name, unit, ranges and legend are copied from the panel at result time. */
export const labMarkers = pgTable(
  'lab_markers',
  {
    id: idColumn(),
    reportId: ref('report_id')
      .notNull()
      .references(() => labReports.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 64 }).notNull(),
    name: text('name').notNull(),
    unit: varchar('unit', { length: 32 }).notNull(),
    value: doublePrecision('value').notNull(),
    ranges: jsonb('ranges').$type<LabRange[]>().notNull().default([]),
    legend: jsonb('legend').$type<LabLegend>().notNull(),
    category: text('category').notNull(),
    categorySlug: varchar('category_slug', { length: 64 }).notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lab_markers_report_id_code_idx').on(t.reportId, t.code),
    index('lab_markers_report_id_category_slug_idx').on(t.reportId, t.categorySlug),
    index('lab_markers_code_idx').on(t.code),
  ],
);
