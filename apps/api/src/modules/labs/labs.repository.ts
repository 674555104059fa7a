import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { RowOf } from '../../db/row-of';
import { labMarkers, labPanels, labReports } from '../../db/schema/labs';
import { orders } from '../../db/schema/orders';
import { organizations } from '../../db/schema/organizations';
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

/**
 * The markers of the report as one JSON array, in the report's order (as markersOf): read with the report in
 * one statement, and parsed as one document instead of a row and two JSON values per marker.
 */
const markersOfReport = sql<MarkerRow[]>`(select coalesce(json_agg(json_build_object(
    'reportId', ${labMarkers.reportId}, 'code', ${labMarkers.code}, 'name', ${labMarkers.name},
    'unit', ${labMarkers.unit}, 'value', ${labMarkers.value}, 'ranges', ${labMarkers.ranges},
    'legend', ${labMarkers.legend}, 'category', ${labMarkers.category},
    'categorySlug', ${labMarkers.categorySlug}, 'position', ${labMarkers.position})
    order by ${labMarkers.position}, ${labMarkers.code}), '[]'::json)
  from ${labMarkers} where ${labMarkers.reportId} = ${labReports.id})`;

/** A test of a requisition: a biomarker of the report, or of its panel while the report has no results. */
export type RequisitionTestRow = { name: string; key: string; unit: string };

/**
 * The tests a requisition lists: the report's biomarkers (the results, once entered, name the same ones as
 * the panel ordered), else the panel's, each in its order.
 */
const requisitionTests = sql<RequisitionTestRow[]>`coalesce(
  (select json_agg(json_build_object('name', ${labMarkers.name}, 'key', ${labMarkers.code}, 'unit', ${labMarkers.unit})
     order by ${labMarkers.position}, ${labMarkers.code})
   from ${labMarkers} where ${labMarkers.reportId} = ${labReports.id}),
  (select json_agg(json_build_object('name', d.m->>'name', 'key', d.m->>'code', 'unit', d.m->>'unit') order by d.n)
   from jsonb_array_elements(${labPanels.markers}) with ordinality as d(m, n)),
  '[]'::json)`;

const personColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  birthday: users.birthday,
  sex: users.sex,
  mobileNumber: users.mobileNumber,
  shippingInfo: users.shippingInfo,
  clinic: organizations.name,
};
/** Who the labs documents name: the patient as on file and their clinic. */
export type PersonRow = RowOf<typeof personColumns>;

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

  // The reads of every labs screen, prepared once: the query is not rebuilt for each request.
  const userId = sql.placeholder('userId');
  const reportsOfPatient = reportsQuery()
    .where(eq(labReports.userId, userId))
    .orderBy(desc(labReports.createdAt), desc(labReports.id))
    .prepare('labs_reports_of_patient');
  const reportsOfPanel = reportsQuery()
    .where(and(eq(labReports.userId, userId), eq(labReports.panelId, sql.placeholder('panelId'))))
    .orderBy(desc(labReports.createdAt), desc(labReports.id))
    .prepare('labs_reports_of_panel');
  const reportWithMarkers = db
    .select({
      ...reportColumns,
      patientBirthday: users.birthday,
      patientSex: users.sex,
      markers: markersOfReport,
    })
    .from(labReports)
    .innerJoin(labPanels, eq(labReports.panelId, labPanels.id))
    .innerJoin(productTemplates, eq(labPanels.productTemplateId, productTemplates.id))
    .leftJoin(orders, eq(labReports.orderId, orders.id))
    .leftJoin(physicians, eq(labReports.reviewerId, physicians.id))
    .innerJoin(users, eq(users.id, labReports.userId))
    .where(and(eq(labReports.userId, userId), eq(labReports.id, sql.placeholder('reportId'))))
    .limit(1)
    .prepare('labs_report_with_markers');
  const requisition = db
    .select({ ...reportColumns, ...personColumns, tests: requisitionTests })
    .from(labReports)
    .innerJoin(labPanels, eq(labReports.panelId, labPanels.id))
    .innerJoin(productTemplates, eq(labPanels.productTemplateId, productTemplates.id))
    .leftJoin(orders, eq(labReports.orderId, orders.id))
    .leftJoin(physicians, eq(labReports.reviewerId, physicians.id))
    .innerJoin(users, eq(users.id, labReports.userId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(labReports.userId, userId), eq(labReports.id, sql.placeholder('reportId'))))
    .limit(1)
    .prepare('labs_requisition');

  return {
    /**
     * Every report of a patient, newest first (by creation, then id). A patient has a handful of lab reports,
     * so the lists group and page them in memory; the read uses lab_reports_user_id_created_at_idx.
     */
    async reportsOf(userId: string, panelId?: string) {
      return panelId ? reportsOfPanel.execute({ userId, panelId }) : reportsOfPatient.execute({ userId });
    },

    async reportOf(userId: string, reportId: string) {
      const [row] = await reportsQuery()
        .where(and(eq(labReports.userId, userId), eq(labReports.id, reportId)))
        .limit(1);
      return row ?? null;
    },

    /**
     * A report of the patient with its markers and what the ranges and the biological age need of the
     * patient, in one statement; null when the patient has no such report.
     */
    async reportWithMarkers(userId: string, reportId: string) {
      const [row] = await reportWithMarkers.execute({ userId, reportId });
      if (!row) return null;
      const { patientBirthday, patientSex, markers, ...report } = row;
      return { report, patient: { birthday: patientBirthday, sex: patientSex }, markers };
    },

    /**
     * A report of the patient as its requisition prints it, in one statement: the report, the patient and
     * their clinic, and the tests; null when the patient has no such report.
     */
    async requisitionOf(userId: string, reportId: string) {
      const [row] = await requisition.execute({ userId, reportId });
      if (!row) return null;
      const { firstName, lastName, birthday, sex, mobileNumber, shippingInfo, clinic, tests, ...report } =
        row;
      const person: PersonRow = { firstName, lastName, birthday, sex, mobileNumber, shippingInfo, clinic };
      return { report, person, tests };
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
