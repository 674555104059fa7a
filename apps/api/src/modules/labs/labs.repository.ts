import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { RowOf } from '../../db/row-of';
import { labMarkers, labPanels, labReports } from '../../db/schema/labs';
import { orders } from '../../db/schema/orders';
import { physicians } from '../../db/schema/physicians';
import { products, productTemplates } from '../../db/schema/products';
import { users } from '../../db/schema/users';

const reportColumns = {
  id: labReports.id,
  userId: labReports.userId,
  organizationId: labReports.organizationId,
  panelId: labReports.panelId,
  orderId: labReports.orderId,
  status: labReports.status,
  statusChangedAt: labReports.statusChangedAt,
  title: labReports.title,
  reviewedAt: labReports.reviewedAt,
  collectedAt: labReports.collectedAt,
  text: labReports.text,
  createdAt: labReports.createdAt,
  updatedAt: labReports.updatedAt,
  panelName: labPanels.name,
  panelSlug: labPanels.slug,
  panelDescription: labPanels.description,
  preparationGuidelines: labPanels.preparationGuidelines,
  productId: productTemplates.id,
  productName: productTemplates.name,
  productDescription: productTemplates.description,
  productImages: productTemplates.productImages,
  orderStatus: orders.status,
  reviewerFirstName: physicians.firstName,
  reviewerLastName: physicians.lastName,
  reviewerImage: physicians.profileImgUrl,
};

const markerColumns = {
  reportId: labMarkers.reportId,
  code: labMarkers.code,
  name: labMarkers.name,
  unit: labMarkers.unit,
  value: labMarkers.value,
  ranges: labMarkers.ranges,
  legend: labMarkers.legend,
  category: labMarkers.category,
  categorySlug: labMarkers.categorySlug,
  position: labMarkers.position,
};
export type MarkerRow = RowOf<typeof markerColumns>;

const panelColumns = {
  id: labPanels.id,
  name: labPanels.name,
  slug: labPanels.slug,
  description: labPanels.description,
  markers: labPanels.markers,
  preparationGuidelines: labPanels.preparationGuidelines,
  productId: productTemplates.id,
  productName: productTemplates.name,
  productDescription: productTemplates.description,
  productImages: productTemplates.productImages,
};
export type PanelRow = RowOf<typeof panelColumns>;

/** Lab panels, reports and markers, always read for one patient (reports) or one organization (panels). */
export function createLabsRepository(db: Db) {
  const reportsQuery = () =>
    db
      .select(reportColumns)
      .from(labReports)
      .innerJoin(labPanels, eq(labReports.panelId, labPanels.id))
      .innerJoin(productTemplates, eq(labPanels.productTemplateId, productTemplates.id))
      .leftJoin(orders, eq(labReports.orderId, orders.id))
      .leftJoin(physicians, eq(labReports.reviewerId, physicians.id));

  return {
    /**
     * Every report of a patient, newest first (by creation, then id). A patient has a handful of lab reports,
     * so the lists group and page them in memory; the read uses lab_reports_user_id_created_at_idx.
     */
    async reportsOf(userId: string, panelId?: string) {
      const where = panelId
        ? and(eq(labReports.userId, userId), eq(labReports.panelId, panelId))
        : eq(labReports.userId, userId);
      return reportsQuery().where(where).orderBy(desc(labReports.createdAt), desc(labReports.id));
    },

    async reportOf(userId: string, reportId: string) {
      const [row] = await reportsQuery()
        .where(and(eq(labReports.userId, userId), eq(labReports.id, reportId)))
        .limit(1);
      return row ?? null;
    },

    /** The markers of some reports, in each report's order. */
    async markersOf(reportIds: readonly string[]): Promise<MarkerRow[]> {
      if (reportIds.length === 0) return [];
      return db
        .select(markerColumns)
        .from(labMarkers)
        .where(inArray(labMarkers.reportId, [...reportIds]))
        .orderBy(asc(labMarkers.reportId), asc(labMarkers.position), asc(labMarkers.code));
    },

    /** What the ranges and the biological age need of the patient. */
    async patient(
      userId: string,
    ): Promise<{ birthday: string | null; sex: 'male' | 'female' | null } | null> {
      const [row] = await db
        .select({ birthday: users.birthday, sex: users.sex })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row ?? null;
    },

    /** The lab panel an organization sells as a product: by the template's id or a priced variant's. */
    async panelOfProduct(organizationId: string, productId: string): Promise<PanelRow | null> {
      const variantTemplate = db
        .select({ id: products.productTemplateId })
        .from(products)
        .where(eq(products.id, productId));
      const [row] = await db
        .select(panelColumns)
        .from(labPanels)
        .innerJoin(productTemplates, eq(labPanels.productTemplateId, productTemplates.id))
        .where(
          and(
            eq(labPanels.organizationId, organizationId),
            or(
              eq(labPanels.productTemplateId, productId),
              sql`${labPanels.productTemplateId} in (${variantTemplate})`,
            ),
          ),
        )
        .orderBy(asc(labPanels.createdAt), asc(labPanels.id))
        .limit(1);
      return row ?? null;
    },
  };
}

export type LabsRepository = ReturnType<typeof createLabsRepository>;

/** A report with its panel, product, order status and reviewer (the order and reviewer may be missing). */
export type ReportRow = Awaited<ReturnType<LabsRepository['reportsOf']>>[number];
