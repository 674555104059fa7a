import { Id } from '@portal/domain/contracts/common';
import {
  LabAllBiomarkers,
  LabAnalysis,
  LabAppointment,
  LabBioAgeOverview,
  LabBiomarkerDetail,
  LabCategory,
  LabCategoryParams,
  LabListQuery,
  LabMarkerParams,
  LabPanelListPage,
  LabPanelOverview,
  LabPanelParams,
  LabPreparationGuidelines,
  LabProductPanel,
  LabProductParams,
  LabReportListPage,
  LabReportParams,
  LabReportQuery,
  LabResultQuery,
} from '@portal/domain/contracts/labs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/errors';
import { careLabsRoutes } from './care-labs.routes';
import { createLabsRepository } from './labs.repository';
import { createLabsService } from './labs.service';

const tags = ['labs'];
const own = { access: { kind: 'user' } } as const;
const PANEL = '/v2/labs/patient/panels/:panelId';
const panelNote =
  '{panelId} is the lab panel’s id (the labs list item’s _id); a panel the caller has no report of answers 404.';

/**
 * The patient side of the labs API (issue 14, 002 §7.1). Every call reads the caller’s own reports: another
 * patient’s report or a panel they have no report of answers 404. Results are shown once reviewed.
 */
export const labsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createLabsService({ repo: createLabsRepository(app.ctx.db) });
  await app.register(careLabsRoutes);

  app.get(
    '/v2/labs/patient/panels',
    {
      config: own,
      schema: {
        tags,
        summary: 'The caller’s lab panels, the one with the newest report first (10 a page)',
        description:
          'status: all, reviewed, received, or ordered (created and ordered), read on the latest report.',
        querystring: LabListQuery,
        response: { 200: LabPanelListPage, ...errorResponses },
      },
    },
    async (request) => service.panels(request.auth!.userId, request.query),
  );

  app.get(
    `${PANEL}/report/analysis`,
    {
      config: own,
      schema: {
        tags,
        summary: 'The analysis of a reviewed report of the panel: the latest without reportId',
        description: panelNote,
        params: LabPanelParams,
        querystring: LabReportQuery,
        response: { 200: LabAnalysis, ...errorResponses },
      },
    },
    async (request) =>
      service.panelAnalysis(request.auth!.userId, request.params.panelId, request.query.reportId),
  );

  app.get(
    `${PANEL}/categories/:slug`,
    {
      config: own,
      schema: {
        tags,
        summary: 'One category’s biomarkers of a reviewed report of the panel (latest without reportId)',
        description: panelNote,
        params: LabCategoryParams,
        querystring: LabReportQuery,
        response: { 200: LabCategory, ...errorResponses },
      },
    },
    async (request) =>
      service.category(
        request.auth!.userId,
        request.params.panelId,
        request.params.slug,
        request.query.reportId,
      ),
  );

  app.get(
    `${PANEL}/all-biomarkers`,
    {
      config: own,
      schema: {
        tags,
        summary: 'Every biomarker of a reviewed report of the panel, by category',
        description: panelNote,
        params: LabPanelParams,
        querystring: LabReportQuery,
        response: { 200: LabAllBiomarkers, ...errorResponses },
      },
    },
    async (request) =>
      service.allBiomarkers(request.auth!.userId, request.params.panelId, request.query.reportId),
  );

  app.get(
    `${PANEL}/bio-age/overview`,
    {
      config: own,
      schema: {
        tags,
        summary: 'The biological age (PhenoAge) of the latest reviewed report, or what is missing for one',
        description: panelNote,
        params: LabPanelParams,
        response: { 200: LabBioAgeOverview, ...errorResponses },
      },
    },
    async (request) => service.bioAge(request.auth!.userId, request.params.panelId),
  );

  app.get(
    `${PANEL}/preparation-guidelines`,
    {
      config: own,
      schema: {
        tags,
        summary: 'How to prepare for the blood draw of the panel',
        description: panelNote,
        params: LabPanelParams,
        response: { 200: LabPreparationGuidelines, ...errorResponses },
      },
    },
    async (request) => service.preparation(request.auth!.userId, request.params.panelId),
  );

  app.get(
    `${PANEL}/overview`,
    {
      config: own,
      schema: {
        tags,
        summary: 'The panel with a reviewed report’s summary (latest without reportId) and its reports',
        description: panelNote,
        params: LabPanelParams,
        querystring: LabReportQuery,
        response: { 200: LabPanelOverview, ...errorResponses },
      },
    },
    async (request) => service.overview(request.auth!.userId, request.params.panelId, request.query.reportId),
  );

  app.get(
    `${PANEL}/markers/:biomarkerId`,
    {
      config: own,
      schema: {
        tags,
        summary:
          'One biomarker in a reviewed report of the panel, with its history across the caller’s reports',
        description: `${panelNote} {biomarkerId} is the catalogue’s key (apob, hs_crp, …).`,
        params: LabMarkerParams,
        querystring: LabReportQuery,
        response: { 200: LabBiomarkerDetail, ...errorResponses },
      },
    },
    async (request) =>
      service.biomarker(
        request.auth!.userId,
        request.params.panelId,
        request.params.biomarkerId,
        request.query.reportId,
      ),
  );

  app.get(
    `${PANEL}/appointment`,
    {
      config: own,
      schema: {
        tags,
        summary: 'The lab visit of the panel (none kept yet: partner labs take walk-ins)',
        description: panelNote,
        params: LabPanelParams,
        response: { 200: LabAppointment, ...errorResponses },
      },
    },
    async (request) => service.appointment(request.auth!.userId, request.params.panelId),
  );

  app.post(
    `${PANEL}/pay-appointment`,
    {
      config: own,
      schema: {
        tags,
        summary: 'Pay for the lab visit: not available (400 NotAvailable), walk-in visits are included',
        description: panelNote,
        params: LabPanelParams,
        body: z.object({}).strict().nullish(),
        response: { ...errorResponses },
      },
    },
    async (request) => service.payAppointment(request.auth!.userId, request.params.panelId),
  );

  app.get(
    '/v2/labs/results',
    {
      config: own,
      schema: {
        tags,
        summary: 'The caller’s lab reports, newest first, with the status bar’s stage and the primary button',
        querystring: LabListQuery,
        response: { 200: LabReportListPage, ...errorResponses },
      },
    },
    async (request) => service.results(request.auth!.userId, request.query),
  );

  app.get(
    '/v2/labs/results/:reportId',
    {
      config: own,
      schema: {
        tags,
        summary:
          'The analysis of one of the caller’s reviewed reports; rangeType and categoryName filter markers',
        description: 'Another patient’s report, or one not reviewed yet, answers 404.',
        params: LabReportParams,
        querystring: LabResultQuery,
        response: { 200: LabAnalysis, ...errorResponses },
      },
    },
    async (request) => service.result(request.auth!.userId, request.params.reportId, request.query),
  );

  app.get(
    '/v2/labs/patients/:id/results',
    {
      config: { access: { kind: 'patient', param: 'id' } },
      schema: {
        tags,
        summary: 'A patient’s lab reports, for the patient or staff of their clinic',
        params: z.object({ id: Id }).strict(),
        querystring: LabListQuery,
        response: { 200: LabReportListPage, ...errorResponses },
      },
    },
    async (request) => service.results(request.params.id, request.query),
  );

  app.get(
    '/v2/labs/patients/:id/results/:reportId',
    {
      config: { access: { kind: 'patient', param: 'id' } },
      schema: {
        tags,
        summary: 'The analysis of a patient’s reviewed report, for the patient or staff of their clinic',
        description: 'A report of another patient, or one not reviewed yet, answers 404.',
        params: z.object({ id: Id, reportId: Id }).strict(),
        querystring: LabResultQuery,
        response: { 200: LabAnalysis, ...errorResponses },
      },
    },
    async (request) => service.result(request.params.id, request.params.reportId, request.query),
  );

  app.get(
    '/v2/labs/product/:productId/panel',
    {
      config: own,
      schema: {
        tags,
        summary: 'The caller’s clinic’s lab panel sold as this product (template or priced variant), or null',
        params: LabProductParams,
        response: { 200: LabProductPanel, ...errorResponses },
      },
    },
    async (request) => service.productPanel(request.auth!.organizationId, request.params.productId),
  );
};
