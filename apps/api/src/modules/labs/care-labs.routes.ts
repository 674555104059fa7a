import multipart from '@fastify/multipart';
import {
  CARE_LAB_FILE_MAX_BYTES,
  CareLabAdvanceBody,
  CareLabFileKind,
  CareLabFileParams,
  CareLabImportBody,
  CareLabImportResult,
  CareLabListQuery,
  CareLabPage,
  CareLabParams,
  CareLabReport,
  CareLabResultsBody,
  CareLabsParams,
  CareLabTextBody,
} from '@portal/domain/contracts/care-labs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, Errors, errorResponses } from '../../platform/errors';
import { readMultipartForm } from '../../platform/multipart-form';
import { notifierFor } from '../notifications/notifier';
import { createCareLabsRepository } from './care-labs.repository';
import { createCareLabsService, fileTooLarge } from './care-labs.service';

const tags = ['care', 'labs'];
const staff = { access: { kind: 'staff' } } as const;
const NoBody = z.object({}).strict().nullish();
const responses = { ...errorResponses, 409: ErrorBody };
const reportNote =
  '{reportId} is a lab report of the clinic in {org}; another clinic’s answers 404. A reviewed report is not changed (409).';

/** One PDF of at most 10 MB plus one byte (so more is detected), and the `kind` field. */
const FORM_LIMITS = {
  fileSize: CARE_LAB_FILE_MAX_BYTES + 1,
  files: 1,
  fields: 4,
  parts: 5,
  fieldNameSize: 64,
  fieldSize: 100,
  headerPairs: 50,
} as const;

/**
 * The clinic's side of labs (issue 14 §8, decision 028): the care team's lab orders by status, their steps,
 * results (by hand, CSV or FHIR R4), the laboratory's PDFs, the clinical team's message, and publishing by a
 * physician. Staff of the organization in the path, by role (`manage_labs`, `publish_labs`); each change is
 * audited against the patient.
 */
export const careLabsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCareLabsService({
    repo: createCareLabsRepository(app.ctx.db),
    storage: app.ctx.storage,
    notifier: notifierFor(app),
    now: () => app.ctx.now(),
  });
  await app.register(multipart, { limits: FORM_LIMITS, throwFileSizeLimit: false });

  const audited = <T extends { patientId: string }>(
    request: { auditTarget: { patientId: string | null } | null },
    out: T,
  ) => {
    if (request.auditTarget) request.auditTarget.patientId = out.patientId;
    return out;
  };

  app.get(
    '/care/:org/labs',
    {
      config: staff,
      schema: {
        tags,
        summary: 'The clinic’s lab reports, of one status or all, oldest status change first',
        params: CareLabsParams,
        querystring: CareLabListQuery,
        response: { 200: CareLabPage, ...responses },
      },
    },
    async (request) => service.list(request.auth!, request.query),
  );

  app.get(
    '/care/:org/labs/:reportId',
    {
      config: staff,
      schema: {
        tags,
        summary: 'A lab report for editing: its patient, status, PDFs, results and message',
        description: reportNote,
        params: CareLabParams,
        response: { 200: CareLabReport, ...responses },
      },
    },
    async (request) => audited(request, await service.get(request.auth!, request.params.reportId)).report,
  );

  app.post(
    '/care/:org/labs/:reportId/advance',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Move a lab report one step forward: created → ordered → received',
        description: `${reportNote} A step backwards or a skipped step answers 409; publish to review it.`,
        params: CareLabParams,
        body: CareLabAdvanceBody,
        response: { 200: CareLabReport, ...responses },
      },
    },
    async (request) =>
      audited(request, await service.advance(request.auth!, request.params.reportId, request.body.to)).report,
  );

  app.put(
    '/care/:org/labs/:reportId/results',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Enter results by hand (key, value, unit): checked, and stored in the reporting unit',
        description: `${reportNote} Results of other biomarkers already entered stay.`,
        params: CareLabParams,
        body: CareLabResultsBody,
        response: { 200: CareLabReport, ...responses },
      },
    },
    async (request) =>
      audited(request, await service.enterResults(request.auth!, request.params.reportId, request.body))
        .report,
  );

  app.post(
    '/care/:org/labs/:reportId/import',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Import results from a CSV (code,value,unit) or a FHIR R4 Bundle of LOINC Observations',
        description: `${reportNote} Unknown codes and units are answered in rejected, and not stored.`,
        params: CareLabParams,
        body: CareLabImportBody,
        response: { 200: CareLabImportResult, ...responses },
      },
      bodyLimit: 1_048_576,
    },
    async (request) =>
      audited(request, await service.importResults(request.auth!, request.params.reportId, request.body))
        .result,
  );

  app.put(
    '/care/:org/labs/:reportId/text',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Write the clinical team’s message: intro, main and conclusion (markdown)',
        description: reportNote,
        params: CareLabParams,
        body: CareLabTextBody,
        response: { 200: CareLabReport, ...responses },
      },
    },
    async (request) =>
      audited(request, await service.writeText(request.auth!, request.params.reportId, request.body)).report,
  );

  app.post(
    '/care/:org/labs/:reportId/files',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Attach the laboratory’s requisition or results PDF (multipart: kind, file)',
        description: `${reportNote} kind is requisition or results; the file must be a PDF (checked by content), at most 10 MB.`,
        consumes: ['multipart/form-data'],
        params: CareLabParams,
        response: { 200: CareLabReport, ...responses },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw Errors.badRequest('Please send the PDF as a multipart form (kind, file).');
      }
      const form = await readMultipartForm(request, {
        maxBytes: CARE_LAB_FILE_MAX_BYTES,
        tooLarge: fileTooLarge,
        oneFile: 'Please attach one PDF at a time, in the field "file".',
      });
      const kind = CareLabFileKind.safeParse(form.fields.kind);
      if (!kind.success) throw Errors.badRequest('Say which PDF this is: kind requisition or results.');
      if (!form.file) throw Errors.badRequest('Please send one PDF in the field "file".');
      return audited(
        request,
        await service.attach(request.auth!, request.params.reportId, kind.data, form.file.bytes),
      ).report;
    },
  );

  app.get(
    '/care/:org/labs/:reportId/files/:kind',
    {
      config: staff,
      schema: {
        tags,
        summary: 'The attached requisition or results PDF of a lab report',
        description: reportNote,
        params: CareLabFileParams,
        // The bytes are streamed as they are: a stream is never run through the serializer.
        response: { 200: z.any().describe('The PDF'), ...responses },
      },
      // After the API's own no-store: a private answer, never kept by any cache.
      onSend: async (_request, reply) => {
        reply.header('cache-control', 'private, no-store');
      },
    },
    async (request, reply) => {
      const file = audited(
        request,
        await service.openFile(request.auth!, request.params.reportId, request.params.kind),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );

  app.post(
    '/care/:org/labs/:reportId/publish',
    {
      config: staff,
      schema: {
        tags,
        summary:
          'Publish a received report’s results (physician): the patient is notified, no result e-mailed',
        description: `${reportNote} Needs status received and at least one result.`,
        params: CareLabParams,
        body: NoBody,
        response: { 200: CareLabReport, ...responses },
      },
    },
    async (request) => audited(request, await service.publish(request.auth!, request.params.reportId)).report,
  );
};
