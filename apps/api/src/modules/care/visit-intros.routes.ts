import { staffCan } from '@portal/domain/care/staff-roles';
import { VisitIntroContent, visitIntroOf } from '@portal/domain/consultation/visit-intro';
import { Id } from '@portal/domain/contracts/common';
import { CareVisitIntros, VisitIntroResponse } from '@portal/domain/contracts/intake-template';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from '../../platform/auth/access';
import { Errors, errorResponses } from '../../platform/errors';
import { createIntakeTemplatesRepository } from '../intake-templates/intake-templates.repository';

const tags = ['care'];

/** PUT body: the clinic's wording, or `reset: true` to go back to the portal's defaults. */
const VisitIntroBody = z.union([VisitIntroContent, z.object({ reset: z.literal(true) }).strict()]);

/**
 * The How it Works step of each visit, worded by the clinic's admin (issue 15 §5). The access hook keeps the
 * routes to staff of the clinic in the path and audits them; only admins (`manage_settings`) read or change.
 */
export const visitIntrosRoutes: FastifyPluginAsyncZod = async (app) => {
  const templates = createIntakeTemplatesRepository(app.ctx.db);
  const allow = (auth: Auth) => {
    if (!staffCan(auth.role, 'manage_settings')) throw Errors.forbidden();
  };

  app.get(
    '/care/:org/visit-intros',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary: 'Every visit of the clinic with its How it Works content (admins)',
        params: z.object({ org: Id }).strict(),
        response: { 200: CareVisitIntros, ...errorResponses },
      },
    },
    async (request) => {
      allow(request.auth!);
      const rows = await templates.visitIntros(request.auth!.organizationId);
      return {
        intros: rows.map((r) => ({
          template: r.id,
          name: r.name,
          is_global: r.isGlobal,
          ...visitIntroOf(r.intro),
        })),
      };
    },
  );

  app.put(
    '/care/:org/visit-intros/:id',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary: "Word a visit's How it Works step, or reset it to the portal's defaults (admins)",
        params: z.object({ org: Id, id: Id }).strict(),
        body: VisitIntroBody,
        response: { 200: VisitIntroResponse, ...errorResponses },
      },
    },
    async (request) => {
      allow(request.auth!);
      const { id } = request.params;
      const content = 'reset' in request.body ? null : request.body;
      if (!(await templates.setVisitIntro(request.auth!.organizationId, id, content)))
        throw Errors.notFound('The visit');
      return { template: id, ...visitIntroOf(content) };
    },
  );
};
