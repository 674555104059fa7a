import { visitIntroOf } from '@portal/domain/consultation/visit-intro';
import { Id } from '@portal/domain/contracts/common';
import { IntakeTemplate, StateApproval, VisitIntroResponse } from '@portal/domain/contracts/intake-template';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Errors, errorResponses } from '../../platform/errors';
import { createIntakeTemplatesRepository } from './intake-templates.repository';

const USER = { access: { kind: 'user' } } as const;
const response = { 200: IntakeTemplate, ...errorResponses };

/** Consultation questionnaires (000 §7) and whether a visit may be offered in a state. */
export const intakeTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const templates = createIntakeTemplatesRepository(app.ctx.db);
  const found = (template: IntakeTemplate | undefined) => {
    if (!template) throw Errors.notFound('The intake template');
    return template;
  };

  app.get(
    '/intake-template/:org/global',
    {
      config: USER,
      schema: {
        tags: ['intake-templates'],
        summary: "The organization's general intake template",
        params: z.object({ org: Id }).strict(),
        response,
      },
    },
    async (request) => found(await templates.findGlobal(request.params.org)),
  );

  app.get(
    '/intake-template/:org/template/:templateId',
    {
      config: USER,
      schema: {
        tags: ['intake-templates'],
        summary: 'An intake template with its questions, options and follow-ups',
        params: z.object({ org: Id, templateId: Id }).strict(),
        response,
      },
    },
    async (request) => found(await templates.findById(request.params.org, request.params.templateId)),
  );

  app.get(
    '/intake-template/:org/product/:productTemplateId',
    {
      config: USER,
      schema: {
        tags: ['intake-templates'],
        summary: "The intake template of a product's visit (the global one when the product has none)",
        params: z.object({ org: Id, productTemplateId: Id }).strict(),
        response,
      },
    },
    async (request) => {
      const { org, productTemplateId } = request.params;
      return found(await templates.findForProduct(org, productTemplateId));
    },
  );

  app.get(
    '/visits/:org/template/visit-intro/:id',
    {
      config: USER,
      schema: {
        tags: ['intake-templates'],
        summary: "A visit's How it Works content: the clinic's words, the portal's defaults for the rest",
        params: z.object({ org: Id, id: Id }).strict(),
        response: { 200: VisitIntroResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { org, id } = request.params;
      const stored = await templates.visitIntro(org, id);
      if (!stored) throw Errors.notFound('The visit');
      return { template: id, ...visitIntroOf(stored.intro) };
    },
  );

  app.get(
    '/states/:org/state/:stateId/intake/:templateId/validate',
    {
      config: USER,
      schema: {
        tags: ['intake-templates'],
        summary: 'Whether the visit of an intake template may be offered in a state',
        params: z.object({ org: Id, stateId: Id, templateId: Id }).strict(),
        response: { 200: StateApproval, ...errorResponses },
      },
    },
    async (request) => {
      const { org, stateId, templateId } = request.params;
      const approved = await templates.approvalIn(org, stateId, templateId);
      if (approved === undefined) throw Errors.notFound('The state or intake template');
      return { approved };
    },
  );
};
