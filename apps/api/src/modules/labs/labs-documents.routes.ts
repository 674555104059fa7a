import { staffCan } from '@portal/domain/care/staff-roles';
import { Id } from '@portal/domain/contracts/common';
import { findBiomarker, parseUnit } from '@portal/domain/labs/biomarkers';
import { MESSAGES } from '@portal/domain/messages';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { labReports } from '../../db/schema/labs';
import { organizations } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { Errors, errorResponses } from '../../platform/errors';
import { type FhirResultInput, toFhirDiagnosticReport } from './documents/fhir';
import { renderRequisitionPdf } from './documents/requisition-pdf';
import { renderResultsPdf, resultsPdfFileName } from './documents/results-pdf';
import { createLabsRepository, type MarkerRow, type PersonRow, type ReportRow } from './labs.repository';
import { reportBiologicalAge } from './labs.rules';

const tags = ['labs'];
const ReportParams = z.object({ reportId: Id }).strict();

/** Who the documents name: the patient as on file and their clinic. */
async function people(db: Db, userId: string) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      birthday: users.birthday,
      sex: users.sex,
      mobileNumber: users.mobileNumber,
      shippingInfo: users.shippingInfo,
      clinic: organizations.name,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw Errors.notFound('The patient');
  return personOf(row);
}

/** The patient and clinic as the documents print them. */
function personOf(row: PersonRow) {
  const s = row.shippingInfo;
  const address = s
    ? [
        [s.street_address, s.apt_suite].filter(Boolean).join(', '),
        [s.city, [s.state, s.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', '),
      ].filter(Boolean)
    : [];
  return {
    name: `${row.firstName} ${row.lastName}`.trim(),
    birthday: row.birthday,
    sex: row.sex ?? null,
    phone: row.mobileNumber ?? s?.phone_number ?? null,
    address,
    clinic: row.clinic,
  };
}

const reviewerName = (r: ReportRow) =>
  r.reviewerFirstName ? `Dr. ${r.reviewerFirstName} ${r.reviewerLastName ?? ''}`.trim() : null;

function pdf(reply: FastifyReply, bytes: Buffer, fileName: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('content-length', String(bytes.length))
    .header('cache-control', 'private, no-store')
    .send(bytes);
}

/** A report's results as the FHIR export takes them: the markers the catalogue knows, in their UCUM unit. */
function fhirResults(markers: readonly MarkerRow[]): FhirResultInput[] {
  const results: FhirResultInput[] = [];
  for (const m of markers) {
    const known = findBiomarker(m.code);
    const unit = parseUnit(m.unit);
    if (!known || !unit || !known.units.some((u) => u.unit === unit)) continue;
    results.push({ key: known.key, value: m.value, unit });
  }
  return results;
}

/**
 * The documents of a patient's lab report (002 §7.1, §4.3; issue 14 §4, §5, §9): the requisition form to
 * bring to the lab (ready once the lab is ordered), the results as a PDF named after the report's title, and
 * the report as a FHIR R4 DiagnosticReport with its Observations. The caller's own reports only, and the
 * FHIR export of the clinic's reports for its care team.
 */
export const labDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const repo = createLabsRepository(db);

  async function ownReport(userId: string, reportId: string) {
    const report = await repo.reportOf(userId, reportId);
    if (!report) throw Errors.notFound('The lab report');
    return report;
  }

  app.get(
    '/v2/labs/results/:reportId/form/download',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags,
        summary: 'The lab requisition form of a report, as a PDF (once the lab is ordered)',
        params: ReportParams,
        response: { 200: z.any().describe('application/pdf'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const found = await repo.requisitionOf(request.auth!.userId, request.params.reportId);
      if (!found) throw Errors.notFound('The lab report');
      const { report, tests } = found;
      // the visit form is still pending (002 §4.1): the laboratory has no order to match the form to yet
      if (report.status === 'created')
        throw Errors.badRequest(MESSAGES.requisitionNotReady, 'RequisitionNotReady');
      const who = personOf(found.person);
      const bytes = await renderRequisitionPdf({
        clinic: { name: who.clinic },
        physician: reviewerName(report) ? { name: reviewerName(report)! } : null,
        patient: {
          name: who.name,
          birthday: who.birthday,
          sex: who.sex,
          address: who.address,
          phone: who.phone,
        },
        panel: { name: report.panelName, preparationGuidelines: report.preparationGuidelines },
        tests,
        order: { id: report.orderId ?? report.id, date: report.createdAt },
      });
      return pdf(reply, bytes, `lab-requisition-${report.id}.pdf`);
    },
  );

  app.get(
    '/v2/labs/results/:reportId/download',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags,
        summary: 'The results of a reviewed report as a PDF named after its title',
        params: ReportParams,
        response: { 200: z.any().describe('application/pdf'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = request.auth!.userId;
      const report = await ownReport(userId, request.params.reportId);
      if (report.status !== 'reviewed') throw Errors.notFound('The lab results');
      const [who, markers] = await Promise.all([people(db, userId), repo.markersOf([report.id])]);
      const takenOn = report.collectedAt ?? report.reviewedAt ?? report.createdAt;
      const age = reportBiologicalAge(who.birthday, takenOn, markers);
      const bytes = await renderResultsPdf({
        clinic: { name: who.clinic },
        title: report.title,
        panelName: report.panelName,
        patient: { name: who.name, birthday: who.birthday, sex: who.sex },
        reviewer: reviewerName(report) ? { name: reviewerName(report)! } : null,
        reviewedAt: report.reviewedAt,
        collectedAt: report.collectedAt,
        text: report.text,
        biologicalAge: 'value' in age ? age : null,
        markers: markers.map((m) => ({
          name: m.name,
          value: m.value,
          unit: m.unit,
          key: m.code,
          ranges: m.ranges,
        })),
      });
      return pdf(reply, bytes, resultsPdfFileName(report.title));
    },
  );

  /** The report as a FHIR R4 Bundle (reviewed or received: the laboratory's results, final or preliminary). */
  async function fhir(reply: FastifyReply, userId: string, report: ReportRow) {
    const [who, markers] = await Promise.all([people(db, userId), repo.markersOf([report.id])]);
    const bundle = toFhirDiagnosticReport({
      report: {
        id: report.id,
        status: report.status,
        panelName: report.panelName,
        collectedAt: report.collectedAt,
        reviewedAt: report.reviewedAt,
        conclusion: report.text?.conclusion ?? null,
      },
      patient: { id: userId, name: who.name, birthday: who.birthday, sex: who.sex },
      results: fhirResults(markers),
    });
    return reply
      .header('content-type', 'application/fhir+json; charset=utf-8')
      .header('content-disposition', `attachment; filename="lab-report-${report.id}.fhir.json"`)
      .send(JSON.stringify(bundle));
  }

  app.get(
    '/v2/labs/results/:reportId/fhir',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags,
        summary: 'A reviewed report as a FHIR R4 Bundle: its DiagnosticReport and Observations (LOINC, UCUM)',
        params: ReportParams,
        response: { 200: z.any().describe('application/fhir+json'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = request.auth!.userId;
      const report = await ownReport(userId, request.params.reportId);
      if (report.status !== 'reviewed') throw Errors.notFound('The lab results');
      return fhir(reply, userId, report);
    },
  );

  app.get(
    '/care/:org/labs/:reportId/fhir',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary:
          'A lab report of the clinic with results as a FHIR R4 Bundle, for the clinic’s other systems',
        description: 'Received (preliminary) or reviewed (final) reports; the care team and physicians.',
        params: z.object({ org: Id, reportId: Id }).strict(),
        response: { 200: z.any().describe('application/fhir+json'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      if (!staffCan(auth.role, 'manage_labs')) throw Errors.forbidden();
      const [owner] = await db
        .select({ userId: labReports.userId })
        .from(labReports)
        .where(
          and(eq(labReports.id, request.params.reportId), eq(labReports.organizationId, auth.organizationId)),
        )
        .limit(1);
      if (!owner) throw Errors.notFound('The lab report');
      if (request.auditTarget) request.auditTarget.patientId = owner.userId;
      const report = await ownReport(owner.userId, request.params.reportId);
      if (report.status !== 'received' && report.status !== 'reviewed')
        throw Errors.notFound('The lab results');
      return fhir(reply, owner.userId, report);
    },
  );
};
