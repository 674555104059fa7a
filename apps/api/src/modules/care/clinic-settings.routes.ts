import { staffCan } from '@portal/domain/care/staff-roles';
import { ClinicSettings, ClinicSettingsBody } from '@portal/domain/contracts/care';
import { Id } from '@portal/domain/contracts/common';
import type { OrganizationSettings } from '@portal/domain/contracts/organization';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { organizations } from '../../db/schema/organizations';
import type { Auth } from '../../platform/auth/access';
import { Errors, errorResponses } from '../../platform/errors';
import { DEFAULT_REMINDER_DELAY_MINUTES } from '../messaging/messaging.service';
import type { OrganizationsRepository } from '../organizations/organizations.repository';

const tags = ['care'];

/** The settings as they apply: a value missing (or not valid) in the stored jsonb reads as its default. */
export function clinicSettingsOf(settings: OrganizationSettings | undefined): ClinicSettings {
  const stored = ClinicSettings.shape.messaging.shape.reminder_delay_minutes.safeParse(
    settings?.messaging?.reminder_delay_minutes,
  );
  return {
    messaging: { reminder_delay_minutes: stored.success ? stored.data : DEFAULT_REMINDER_DELAY_MINUTES },
    appointments: { list_booking: settings?.appointments?.list_booking === true },
  };
}

/**
 * Writes the clinic's settings into the organization's `settings` jsonb in one statement: the keys sent replace
 * theirs inside `settings.messaging` and `settings.appointments`, and every other key of the settings (brand,
 * links, ...) and of those groups stays as stored. No copy of the organization is cached:
 * `organizations.findById`, which the messaging service and the patient's brand read, runs its query on every
 * call, so the next read sees the change.
 */
export function createClinicSettingsRepository(db: Db) {
  const merged = (key: 'messaging' | 'appointments', value: object | undefined) =>
    value === undefined
      ? sql`'{}'::jsonb`
      : sql`jsonb_build_object(${key}::text,
          coalesce(${organizations.settings} -> ${key}::text, '{}'::jsonb) || ${JSON.stringify(value)}::jsonb)`;
  return {
    async update(
      organizationId: string,
      body: ClinicSettingsBody,
    ): Promise<OrganizationSettings | undefined> {
      const [row] = await db
        .update(organizations)
        .set({
          settings: sql`${organizations.settings} || ${merged('messaging', body.messaging)} || ${merged('appointments', body.appointments)}`,
        })
        .where(eq(organizations.id, organizationId))
        .returning({ settings: organizations.settings });
      return row?.settings;
    },
  };
}

/** The clinic's settings an admin manages (issue 12 §1); refused with 403 to every other role. */
export function createClinicSettingsService(deps: {
  organizations: Pick<OrganizationsRepository, 'findById'>;
  repo: ReturnType<typeof createClinicSettingsRepository>;
}) {
  const allow = (auth: Auth) => {
    if (!staffCan(auth.role, 'manage_settings')) throw Errors.forbidden();
  };
  return {
    async read(auth: Auth): Promise<ClinicSettings> {
      allow(auth);
      const organization = await deps.organizations.findById(auth.organizationId);
      if (!organization) throw Errors.notFound('The clinic');
      return clinicSettingsOf(organization.settings);
    },
    async update(auth: Auth, body: ClinicSettingsBody): Promise<ClinicSettings> {
      allow(auth);
      const settings = await deps.repo.update(auth.organizationId, body);
      if (!settings) throw Errors.notFound('The clinic');
      return clinicSettingsOf(settings);
    },
  };
}

/**
 * GET and PUT /care/{org}/settings: the clinic's settings screen (admins): the messaging reminder delay (issue
 * 13) and the Appointments list's Book button (issue 16). The access hook keeps the route to staff of the
 * clinic in the path and writes the audit row of every read and change (decision 003); the service keeps it to
 * admins.
 */
export const clinicSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createClinicSettingsService({
    organizations: app.ctx.organizations,
    repo: createClinicSettingsRepository(app.ctx.db),
  });
  const params = z.object({ org: Id }).strict();

  app.get(
    '/care/:org/settings',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary: "The clinic's settings as they apply, defaults filled in (admins)",
        params,
        response: { 200: ClinicSettings, ...errorResponses },
      },
    },
    async (request) => service.read(request.auth!),
  );

  app.put(
    '/care/:org/settings',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary:
          "Change the clinic's settings: the minutes a patient has to read a team message before one reminder, and whether patients book from their Appointments list (admins)",
        params,
        body: ClinicSettingsBody,
        response: { 200: ClinicSettings, ...errorResponses },
      },
    },
    async (request) => service.update(request.auth!, request.body),
  );
};
