import { Id } from '@portal/domain/contracts/common';
import {
  Organization,
  OrganizationSettings,
  Policy,
  PolicySection,
  State,
} from '@portal/domain/contracts/organization';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Errors, errorResponses } from '../../platform/errors';

const OrgParams = z.object({ org: Id });
const PUBLIC = { access: { kind: 'public' } } as const;

/** Brand look-up and the public organization data every screen needs before sign-in (000 §1, §7). */
export const organizationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { organizations } = app.ctx;

  const load = async (id: string) => {
    const org = await organizations.findById(id);
    if (!org) throw Errors.notFound('The organization');
    return org;
  };

  app.get(
    '/organization/search',
    {
      config: PUBLIC,
      schema: {
        tags: ['organizations'],
        summary: 'Find the organization served on a domain',
        querystring: z.object({ domain: z.string().min(1).max(255) }),
        response: { 200: Organization, ...errorResponses },
      },
    },
    async (request) => {
      const org = await organizations.findByDomain(request.query.domain);
      if (!org) throw Errors.notFound('The organization');
      return org;
    },
  );

  app.get(
    '/organization/:org',
    {
      config: PUBLIC,
      schema: {
        tags: ['organizations'],
        params: OrgParams,
        response: { 200: Organization, ...errorResponses },
      },
    },
    async (request) => load(request.params.org),
  );

  app.get(
    '/organization/:org/settings/default',
    {
      config: PUBLIC,
      schema: {
        tags: ['organizations'],
        params: OrgParams,
        response: { 200: OrganizationSettings, ...errorResponses },
      },
    },
    async (request) => (await load(request.params.org)).settings,
  );

  app.get(
    '/organization/:org/states',
    {
      config: PUBLIC,
      schema: {
        tags: ['organizations'],
        params: OrgParams,
        response: { 200: z.array(State), ...errorResponses },
      },
    },
    async (request) => {
      await load(request.params.org);
      return organizations.listStates();
    },
  );

  app.get(
    '/states',
    { config: PUBLIC, schema: { tags: ['organizations'], response: { 200: z.array(State) } } },
    async () => organizations.listStates(),
  );

  app.get(
    '/organization/:org/policy/:section',
    {
      config: PUBLIC,
      schema: {
        tags: ['organizations'],
        params: z.object({ org: Id, section: PolicySection }),
        response: { 200: Policy, ...errorResponses },
      },
    },
    async (request) => {
      const policy = await organizations.findPolicy(request.params.org, request.params.section);
      if (!policy) throw Errors.notFound('The policy');
      return policy;
    },
  );
};
