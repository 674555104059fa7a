import type { Organization, Policy, State } from '@portal/domain/contracts/organization';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  organizationPolicies,
  organizations,
  type PolicySection,
  states,
} from '../../db/schema/organizations';

const orgColumns = {
  _id: organizations.id,
  name: organizations.name,
  domain: organizations.domain,
  app_url: organizations.appUrl,
  // the shop's banners and filters are served on their own (modules/shop), not with every brand read
  settings: sql<Organization['settings']>`${organizations.settings} - 'shop'`,
};

export function createOrganizationsRepository(db: Db) {
  const byId = db
    .select(orgColumns)
    .from(organizations)
    .where(eq(organizations.id, sql.placeholder('id')))
    .prepare('organization_by_id');
  const byDomain = db
    .select(orgColumns)
    .from(organizations)
    .where(eq(organizations.domain, sql.placeholder('domain')))
    .prepare('organization_by_domain');

  return {
    async findById(id: string): Promise<Organization | undefined> {
      return ((await byId.execute({ id })) as Organization[])[0];
    },
    async findByDomain(domain: string): Promise<Organization | undefined> {
      return ((await byDomain.execute({ domain: domain.toLowerCase() })) as Organization[])[0];
    },
    async first(): Promise<Organization | undefined> {
      const [row] = await db
        .select(orgColumns)
        .from(organizations)
        .orderBy(asc(organizations.createdAt))
        .limit(1);
      return row as Organization | undefined;
    },
    async listStates(): Promise<State[]> {
      return db
        .select({
          _id: states.id,
          name: states.name,
          abbreviation: states.abbreviation,
          syncRequired: states.syncRequired,
        })
        .from(states)
        .orderBy(asc(states.name));
    },
    async findPolicy(organizationId: string, section: PolicySection): Promise<Policy | undefined> {
      const [row] = await db
        .select({
          section: organizationPolicies.section,
          title: organizationPolicies.title,
          body: organizationPolicies.body,
          updatedAt: organizationPolicies.updatedAt,
        })
        .from(organizationPolicies)
        .where(
          and(
            eq(organizationPolicies.organizationId, organizationId),
            eq(organizationPolicies.section, section),
          ),
        );
      return (
        row && {
          section: row.section,
          title: row.title,
          body: row.body,
          updated_at: row.updatedAt.toISOString(),
        }
      );
    },
  };
}
export type OrganizationsRepository = ReturnType<typeof createOrganizationsRepository>;
