import type { LabReportStatus } from '@portal/domain/contracts/labs';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type LabLegend, type LabRange, labMarkers, labPanels, labReports } from '../../db/schema/labs';
import { orders } from '../../db/schema/orders';
import { physicians } from '../../db/schema/physicians';
import { users } from '../../db/schema/users';
import type { PagePosition } from '../notifications/page-cursor';
import { createLabsRepository } from './labs.repository';

/** An instant to the microsecond, as the page cursor keeps it. */
const micro = (column: typeof labReports.statusChangedAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const itemColumns = {
  id: labReports.id,
  status: labReports.status,
  statusChangedAt: labReports.statusChangedAt,
  statusChangedAtMicro: micro(labReports.statusChangedAt),
  createdAt: labReports.createdAt,
  requisitionKey: labReports.requisitionKey,
  resultsKey: labReports.resultsKey,
  orderedAt: orders.createdAt,
  patientId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  sex: users.sex,
  birthday: users.birthday,
  panelId: labPanels.id,
  panelName: labPanels.name,
  markersEntered: sql<number>`(select count(*)::int from ${labMarkers} m where m.report_id = ${labReports.id})`,
};

const reportColumns = {
  ...itemColumns,
  organizationId: labReports.organizationId,
  title: labReports.title,
  text: labReports.text,
  collectedAt: labReports.collectedAt,
  reviewedAt: labReports.reviewedAt,
  reviewerId: physicians.id,
  reviewerFirstName: physicians.firstName,
  reviewerLastName: physicians.lastName,
  panelMarkers: labPanels.markers,
};

export type MarkerWrite = {
  code: string;
  name: string;
  unit: string;
  value: number;
  ranges: LabRange[];
  legend: LabLegend;
  category: string;
  categorySlug: string;
  position: number;
};

/** The clinic's lab reports: every read and write is scoped to one organization. */
export function createCareLabsRepository(db: Db) {
  const labs = createLabsRepository(db);
  const base = () =>
    db
      .select(reportColumns)
      .from(labReports)
      .innerJoin(users, eq(labReports.userId, users.id))
      .innerJoin(labPanels, eq(labReports.panelId, labPanels.id))
      .leftJoin(orders, eq(labReports.orderId, orders.id))
      .leftJoin(physicians, eq(labReports.reviewerId, physicians.id));

  return {
    markersOf: labs.markersOf,

    /**
     * One page of the organization's reports (of a status, or all), oldest status change first, ties by id;
     * reads lab_reports_organization_id_status_idx. One more row than asked says whether a page follows.
     */
    async page(
      organizationId: string,
      status: LabReportStatus | undefined,
      after: PagePosition | undefined,
      limit: number,
    ) {
      const conditions = [eq(labReports.organizationId, organizationId)];
      if (status) conditions.push(eq(labReports.status, status));
      if (after) {
        conditions.push(
          sql`(${labReports.statusChangedAt}, ${labReports.id}) > (${after.at}::timestamptz, ${after.id})`,
        );
      }
      const found = await base()
        .where(and(...conditions))
        .orderBy(asc(labReports.statusChangedAt), asc(labReports.id))
        .limit(limit + 1);
      return { rows: found.slice(0, limit), more: found.length > limit };
    },

    /** A report of the organization, with its patient, panel and reviewer; null for another clinic's. */
    async report(organizationId: string, reportId: string) {
      const [row] = await base()
        .where(and(eq(labReports.organizationId, organizationId), eq(labReports.id, reportId)))
        .limit(1);
      return row ?? null;
    },

    /** Moves a report one step if it is still in `from`; false when another change came first. */
    async moveStatus(reportId: string, from: LabReportStatus, to: LabReportStatus, at: Date) {
      const done = await db
        .update(labReports)
        .set({ status: to, statusChangedAt: at })
        .where(and(eq(labReports.id, reportId), eq(labReports.status, from)))
        .returning({ id: labReports.id });
      return done.length > 0;
    },

    /** Marks a received report reviewed by a physician (or none on file); false when it was not received. */
    async publish(reportId: string, reviewerId: string | null, at: Date) {
      const done = await db
        .update(labReports)
        .set({ status: 'reviewed', statusChangedAt: at, reviewedAt: at, reviewerId })
        .where(and(eq(labReports.id, reportId), eq(labReports.status, 'received')))
        .returning({ id: labReports.id });
      return done.length > 0;
    },

    /** Writes results, replacing a biomarker already entered; the sample date when given. */
    async writeMarkers(reportId: string, markers: readonly MarkerWrite[], collectedAt: Date | undefined) {
      await db.transaction(async (tx) => {
        if (markers.length > 0) {
          await tx
            .insert(labMarkers)
            .values(markers.map((m) => ({ ...m, reportId })))
            .onConflictDoUpdate({
              target: [labMarkers.reportId, labMarkers.code],
              set: {
                name: sql`excluded.name`,
                unit: sql`excluded.unit`,
                value: sql`excluded.value`,
                ranges: sql`excluded.ranges`,
                legend: sql`excluded.legend`,
                category: sql`excluded.category`,
                categorySlug: sql`excluded.category_slug`,
                position: sql`excluded.position`,
              },
            });
        }
        await tx
          .update(labReports)
          .set(collectedAt ? { collectedAt, updatedAt: new Date() } : { updatedAt: new Date() })
          .where(eq(labReports.id, reportId));
      });
    },

    async setText(reportId: string, text: { intro: string; main: string; conclusion: string }) {
      await db.update(labReports).set({ text }).where(eq(labReports.id, reportId));
    },

    async setFile(reportId: string, kind: 'requisition' | 'results', key: string) {
      await db
        .update(labReports)
        .set(kind === 'requisition' ? { requisitionKey: key } : { resultsKey: key })
        .where(eq(labReports.id, reportId));
    },

    /** The physicians row of a staff user in the organization, if any. */
    async physicianOf(organizationId: string, userId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: physicians.id })
        .from(physicians)
        .where(and(eq(physicians.organizationId, organizationId), eq(physicians.userId, userId)))
        .limit(1);
      return row?.id ?? null;
    },
  };
}

export type CareLabsRepository = ReturnType<typeof createCareLabsRepository>;
export type CareLabReportRow = NonNullable<Awaited<ReturnType<CareLabsRepository['report']>>>;
