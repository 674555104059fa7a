import {
  CareAcceptInvitationBody,
  CareApproveBody,
  CareAuditPage,
  CareAuditQuery,
  CareChart,
  CareClaim,
  CareCompleteCallBody,
  CareCompleteCallResult,
  CareDecisionResult,
  CareDenyBody,
  CareFeatureFlags,
  CareFeatureFlagsBody,
  CareIdentityBody,
  CareIdentityResult,
  CareInvitation,
  CareInvitationLookup,
  CareInvitationLookupParams,
  CareInviteBody,
  CareNote,
  CareNoteBody,
  CarePatientParams,
  CareQueuePage,
  CareQueueQuery,
  CareRequestUpdateBody,
  CareResolveRequestBody,
  CareResolveRequestResult,
  CareStaffList,
  CareTasks,
  CareVisitParams,
} from '@portal/domain/contracts/care';
import { Id } from '@portal/domain/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/errors';
import { enforceAttemptLimits } from '../auth/auth.service';
import { notifierFor } from '../notifications/notifier';
import { createSelfServiceRepository } from '../subscriptions/self-service.repository';
import { createCareRepository } from './care.repository';
import { createCareService } from './care.service';
import { catalogueRoutes } from './catalogue.routes';
import { createChartRepository } from './chart.repository';
import { createChartService } from './chart.service';
import { clinicSettingsRoutes } from './clinic-settings.routes';
import { createDecisionsService } from './decisions.service';
import { shopSettingsRoutes } from './shop-settings.routes';
import { createStaffService } from './staff.service';
import { createStaffAdminService } from './staff-admin.service';
import { createTasksService } from './tasks.service';
import { visitIntrosRoutes } from './visit-intros.routes';

const tags = ['care'];
/** An action that takes nothing: an empty object, or no body at all. */
const NoBody = z.object({}).strict().nullish();

/** The clinic's side (issue 12, decision 028): staff of the organization in the path, by role. */
export const careRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCareService({ repo: createCareRepository(app.ctx.db), now: app.ctx.now });
  const charts = createChartService({
    repo: createChartRepository(app.ctx.db),
    care: createCareRepository(app.ctx.db),
    now: app.ctx.now,
  });
  const decisions = createDecisionsService({
    care: createCareRepository(app.ctx.db),
    billing: createSelfServiceRepository(app.ctx.db),
    payments: app.ctx.payments,
    notifier: notifierFor(app),
    now: app.ctx.now,
  });
  const staff = createStaffService(app.ctx);
  const admin = createStaffAdminService({ db: app.ctx.db, notifier: notifierFor(app) });
  const tasks = createTasksService({
    db: app.ctx.db,
    care: createCareRepository(app.ctx.db),
    notifier: notifierFor(app),
    now: app.ctx.now,
  });
  const decisionRoute = {
    config: { access: { kind: 'staff' } },
    schema: { tags, params: CareVisitParams, response: { 200: CareDecisionResult, ...errorResponses } },
  } as const;

  app.get(
    '/care/:org/queue',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary:
          'Visits awaiting physician review, oldest first; a physician sees their licensed states only',
        params: z.object({ org: Id }).strict(),
        querystring: CareQueueQuery,
        response: { 200: CareQueuePage, ...errorResponses },
      },
    },
    async (request) => service.queue(request.auth!, request.query),
  );

  app.post(
    '/care/:org/visits/:id/claim',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary: 'Take a visit awaiting review: the others see who is on it',
        params: CareVisitParams,
        body: NoBody,
        response: { 200: CareClaim, ...errorResponses },
      },
    },
    async (request) => {
      const { claim, patientId } = await service.claim(request.auth!, request.params.id);
      if (request.auditTarget) request.auditTarget.patientId = patientId;
      return claim;
    },
  );

  // `patient` access: the hook finds the patient's organization and refuses other clinics' staff; the
  // service refuses the patient themself (the chart holds the clinic's private notes).
  app.get(
    '/care/:org/patients/:id/chart',
    {
      config: { access: { kind: 'patient', param: 'id' } },
      schema: {
        tags,
        summary:
          "One patient's chart: profile, history, visits and answers, photos, billing, notes, who read it",
        params: CarePatientParams,
        response: { 200: CareChart, ...errorResponses },
      },
    },
    async (request) => charts.chart(request.auth!, request.params.id),
  );

  app.post(
    '/care/:org/patients/:id/notes',
    {
      config: { access: { kind: 'patient', param: 'id' } },
      schema: {
        tags,
        summary: "Add a private note of the clinic to the patient's chart",
        params: CarePatientParams,
        body: CareNoteBody,
        response: { 201: CareNote, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return charts.addNote(request.auth!, request.params.id, request.body.body);
    },
  );

  app.put(
    '/care/:org/patients/:id/feature-flags',
    {
      config: { access: { kind: 'patient', param: 'id' } },
      schema: {
        tags,
        summary: "Switch the patient's labs experience: the new labs app (labs2) or the labs list",
        params: CarePatientParams,
        body: CareFeatureFlagsBody,
        response: { 200: CareFeatureFlags, ...errorResponses },
      },
    },
    async (request) => charts.setFeatureFlags(request.auth!, request.params.id, request.body),
  );

  app.post(
    '/care/:org/visits/:id/approve',
    {
      ...decisionRoute,
      schema: {
        ...decisionRoute.schema,
        summary: 'Approve a visit with a prescription: its subscriptions start and are charged once',
        body: CareApproveBody,
      },
    },
    async (request) => {
      const { result, patientId } = await decisions.approve(request.auth!, request.params.id, request.body);
      if (request.auditTarget) request.auditTarget.patientId = patientId;
      return result;
    },
  );

  app.post(
    '/care/:org/visits/:id/deny',
    {
      ...decisionRoute,
      schema: {
        ...decisionRoute.schema,
        summary: 'Deny a visit with a reason: nothing is charged, its subscriptions are canceled',
        body: CareDenyBody,
      },
    },
    async (request) => {
      const { result, patientId } = await decisions.deny(
        request.auth!,
        request.params.id,
        request.body.reason,
      );
      if (request.auditTarget) request.auditTarget.patientId = patientId;
      return result;
    },
  );

  app.post(
    '/care/:org/visits/:id/request-update',
    {
      ...decisionRoute,
      schema: {
        ...decisionRoute.schema,
        summary: 'Send a visit back to the patient for a new photo or more information, held until a date',
        body: CareRequestUpdateBody,
      },
    },
    async (request) => {
      const { result, patientId } = await decisions.requestUpdate(
        request.auth!,
        request.params.id,
        request.body,
      );
      if (request.auditTarget) request.auditTarget.patientId = patientId;
      return result;
    },
  );

  app.post(
    '/care/:org/patients/:id/identity',
    {
      config: { access: { kind: 'patient', param: 'id' } },
      schema: {
        tags,
        summary:
          'Record the identity check: completed (the patient is verified) or rejected (new photos asked)',
        params: CarePatientParams,
        body: CareIdentityBody,
        response: { 200: CareIdentityResult, ...errorResponses },
      },
    },
    async (request) => admin.verifyIdentity(request.auth!, request.params.id, request.body),
  );

  app.get(
    '/care/:org/audit',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary: 'The audit trail of one patient or one staff member of the clinic, newest first (admins)',
        params: z.object({ org: Id }).strict(),
        querystring: CareAuditQuery,
        response: { 200: CareAuditPage, ...errorResponses },
      },
    },
    async (request) => admin.audit(request.auth!, request.query),
  );

  app.get(
    '/care/:org/tasks',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary:
          "The care team's open tasks, oldest first: patients' prescription-change requests and the retention and verification calls still to make",
        params: z.object({ org: Id }).strict(),
        response: { 200: CareTasks, ...errorResponses },
      },
    },
    async (request) => tasks.list(request.auth!),
  );

  app.post(
    '/care/:org/prescription-requests/:id/resolve',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary: 'Answer a prescription-change request: a new prescription, or a message declining it',
        params: CareVisitParams,
        body: CareResolveRequestBody,
        response: { 200: CareResolveRequestResult, ...errorResponses },
      },
    },
    async (request) => {
      const { result, patientId } = await tasks.resolve(request.auth!, request.params.id, request.body);
      if (request.auditTarget) request.auditTarget.patientId = patientId;
      return result;
    },
  );

  app.post(
    '/care/:org/calls/:id/complete',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary: 'Mark a booked retention or verification call done, with what came of it',
        params: CareVisitParams,
        body: CareCompleteCallBody,
        response: { 200: CareCompleteCallResult, ...errorResponses },
      },
    },
    async (request) =>
      tasks.completeCall(request.auth!, request.params.id, request.body, (patientId) => {
        if (request.auditTarget) request.auditTarget.patientId = patientId;
      }),
  );

  app.get(
    '/care/:org/staff',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary: "The clinic's staff and open invitations (admins)",
        params: z.object({ org: Id }).strict(),
        response: { 200: CareStaffList, ...errorResponses },
      },
    },
    async (request) => staff.list(request.auth!),
  );

  app.post(
    '/care/:org/staff/invitations',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary: 'Invite a physician, care coordinator or admin by e-mail (admins)',
        params: z.object({ org: Id }).strict(),
        body: CareInviteBody,
        response: { 201: CareInvitation, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return staff.invite(request.auth!, request.body, request.log);
    },
  );

  app.post(
    '/care/:org/staff/:id/deactivate',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary: 'Deactivate a staff account: its sessions end and it can no longer sign in (admins)',
        params: CareVisitParams,
        body: NoBody,
        response: { 200: z.object({ _id: Id, active: z.boolean() }), ...errorResponses },
      },
    },
    async (request) => staff.deactivate(request.auth!, request.params.id),
  );

  app.get(
    '/care/invitations/:id/:token',
    {
      config: { access: { kind: 'public' } },
      schema: {
        tags,
        summary:
          'What an invited person is greeted with: the clinic, their e-mail and role, and whether it is still open',
        params: CareInvitationLookupParams,
        response: { 200: CareInvitationLookup, ...errorResponses },
      },
    },
    async (request) => {
      await enforceAttemptLimits(app.ctx, 'invitation-lookup', request.params.id, request.ip);
      return staff.lookup(request.params.id, request.params.token);
    },
  );

  app.post(
    '/care/invitations/accept',
    {
      config: { access: { kind: 'public' } },
      schema: {
        tags,
        summary: 'Accept a staff invitation by choosing a password (the e-mailed link is the credential)',
        body: CareAcceptInvitationBody,
        response: { 201: z.object({ _id: Id, email: z.string(), role: z.string() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      await enforceAttemptLimits(app.ctx, 'invitation', request.body.invitation, request.ip);
      reply.code(201);
      return staff.accept(request.body);
    },
  );

  await app.register(clinicSettingsRoutes);
  await app.register(visitIntrosRoutes);
  await app.register(shopSettingsRoutes);
  await app.register(catalogueRoutes);
};
