import type { Db } from '../client';
import { newId } from '../ids';
import { states } from '../schema/organizations';
import { physicianStates, physicians } from '../schema/physicians';
import { users } from '../schema/users';
import { DEMO_LOGINS, type DemoPasswordHashes } from './demo-patient';
import type { BrandContext } from './patient-history';

type StaffKeys = { physician: keyof typeof DEMO_LOGINS; admin: keyof typeof DEMO_LOGINS; npi: string };

const BY_BRAND: Record<string, StaffKeys> = {
  evergreen: { physician: 'physician', admin: 'admin', npi: '1457392018' },
  bluecrest: { physician: 'secondBrandPhysician', admin: 'secondBrandAdmin', npi: '1639482750' },
};

/**
 * A clinic's reviewing physician and administrator (issue 12 §1). The physician is the clinic's medical
 * director: licensed in every state, so every submitted visit has someone who may decide on it, and not
 * listed to patients as a provider to book (the providers of the appointments are the brand's others).
 */
export async function seedStaff(tx: Db, ctx: BrandContext, hashes: DemoPasswordHashes): Promise<void> {
  const keys = BY_BRAND[ctx.brandSlug];
  if (!keys) return;
  const staffUser = (key: keyof typeof DEMO_LOGINS) => {
    const login = DEMO_LOGINS[key];
    return {
      id: newId(),
      organizationId: ctx.organizationId,
      role: login.role,
      email: login.email,
      passwordHash: hashes[key],
      firstName: login.firstName,
      lastName: login.lastName,
      requiresIntake: false,
      verified: true,
      verificationStatus: 'completed',
      createdAt: new Date(ctx.now.getTime() - 400 * 86_400_000),
    } satisfies typeof users.$inferInsert;
  };
  const physician = staffUser(keys.physician);
  const admin = staffUser(keys.admin);
  await tx.insert(users).values([physician, admin]);
  const physicianId = newId();
  await tx.insert(physicians).values({
    id: physicianId,
    organizationId: ctx.organizationId,
    userId: physician.id,
    firstName: physician.firstName,
    lastName: physician.lastName,
    credentials: 'MD',
    npiNum: keys.npi,
    bio: 'Medical director: reviews every visit submitted to the clinic.',
    isProvider: false,
  });
  const all = await tx.select({ state: states.abbreviation }).from(states);
  await tx.insert(physicianStates).values(all.map(({ state }) => ({ physicianId, state })));
}
