import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { newId } from '../ids';
import { stateAvailability } from '../schema/intakes';
import { organizationPolicies, organizations, states } from '../schema/organizations';
import { buildBrands } from './brands';
import { seedCampaigns } from './campaigns';
import { newCatalogueIds, seedCatalogue } from './catalogue';
import { DEMO_LOGINS, type DemoPasswordHashes, seedDemoPatient } from './demo-patient';
import { newIntakeTemplateIds, seedIntakeTemplates } from './intake-templates';
import type { BrandContext } from './patient-history';
import { seedPhysicians } from './physicians';
import { seedSecondBrandPatient } from './second-patient';
import { seedShopSettings } from './shop';
import { seedStaff } from './staff';
import { RESTRICTED_STATES, US_STATES } from './states';

/** Arbitrary key of the advisory lock that keeps two starting servers from seeding at once. */
const SEED_LOCK = 7_340_211;

/**
 * Fills an empty database with two brands, the states, each brand's catalogue, intake templates and
 * physicians, and demo patients. Does nothing when any organization exists. Everything is written in one
 * transaction; password hashes are computed before it opens so it stays short.
 */
export async function seedDatabase(
  db: Db,
  // The password hasher is the platform's (argon2id); db/ imports nothing of the platform.
  opts: { appUrl: (host: string) => string; hashPassword: (password: string) => Promise<string> },
): Promise<{ seeded: boolean }> {
  if (await hasOrganizations(db)) return { seeded: false };

  const entries = Object.entries(DEMO_LOGINS) as [keyof typeof DEMO_LOGINS, { password: string }][];
  const hashes = Object.fromEntries(
    await Promise.all(
      entries.map(async ([key, login]) => [key, await opts.hashPassword(login.password)] as const),
    ),
  ) as DemoPasswordHashes;
  const now = new Date();

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasOrganizations(tx)) return { seeded: false };

    const stateRows = US_STATES.map((s) => ({ id: newId(), ...s }));
    await tx.insert(states).values(stateRows);
    const restricted = stateRows.filter((s) =>
      (RESTRICTED_STATES as readonly string[]).includes(s.abbreviation),
    );

    for (const brand of buildBrands(opts.appUrl)) {
      const organizationId = newId();
      await tx.insert(organizations).values({
        id: organizationId,
        name: brand.name,
        domain: brand.domain,
        appUrl: brand.appUrl,
        settings: brand.settings,
      });
      await tx
        .insert(organizationPolicies)
        .values(
          brand.policies.map((p) => ({ organizationId, section: p.section, title: p.title, body: p.body })),
        );

      const intakeTemplateIds = newIntakeTemplateIds();
      const catalogueIds = newCatalogueIds();
      const templates = await seedIntakeTemplates(tx, {
        organizationId,
        brandSlug: brand.slug,
        ids: intakeTemplateIds,
        catalogue: catalogueIds,
      });
      const catalogue = await seedCatalogue(tx, {
        organizationId,
        brandSlug: brand.slug,
        brandName: brand.name,
        ids: catalogueIds,
        intakeTemplates: intakeTemplateIds,
      });
      await seedCampaigns(tx, { organizationId, brandName: brand.name, catalogue });
      await seedShopSettings(tx, { organizationId, brandSlug: brand.slug, catalogue: catalogueIds });

      // Labs may not be sold, nor the rapamycin visits (or medication) offered, in NY, NJ and RI.
      await tx.insert(stateAvailability).values(
        restricted.flatMap((state) => [
          {
            organizationId,
            stateId: state.id,
            productType: 'lab' as const,
            approved: false,
            reason: 'Invalid state for walk-in phlebotomy',
          },
          {
            organizationId,
            stateId: state.id,
            productType: 'medication' as const,
            approved: false,
            reason: 'Regulatory restrictions',
          },
          ...[intakeTemplateIds.generic, intakeTemplateIds.compounded].map((intakeTemplateId) => ({
            organizationId,
            stateId: state.id,
            intakeTemplateId,
            approved: false,
            reason: 'Regulatory restrictions',
          })),
        ]),
      );

      const physicians = await seedPhysicians(tx, { organizationId, brandSlug: brand.slug });
      const ctx: BrandContext = {
        organizationId,
        brandSlug: brand.slug,
        brandName: brand.name,
        catalogue,
        templates,
        physicians,
        now,
      };
      await seedStaff(tx, ctx, hashes);
      if (brand.slug === DEMO_LOGINS.patient.brand) await seedDemoPatient(tx, ctx, hashes);
      if (brand.slug === DEMO_LOGINS.secondBrandPatient.brand) await seedSecondBrandPatient(tx, ctx, hashes);
    }
    return { seeded: true };
  });
}

async function hasOrganizations(db: Db): Promise<boolean> {
  const rows = await db.select({ id: organizations.id }).from(organizations).limit(1);
  return rows.length > 0;
}
