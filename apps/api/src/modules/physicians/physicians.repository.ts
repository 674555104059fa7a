import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { physicianStates, physicians } from '../../db/schema/physicians';

export type PhysicianRow = {
  id: string;
  firstName: string;
  lastName: string;
  credentials: string | null;
  npiNum: string;
  profileImgUrl: string | null;
  bio: string;
  schedulingLink: string | null;
  isProvider: boolean;
  states: string[];
};

const columns = {
  id: physicians.id,
  firstName: physicians.firstName,
  lastName: physicians.lastName,
  credentials: physicians.credentials,
  npiNum: physicians.npiNum,
  profileImgUrl: physicians.profileImgUrl,
  bio: physicians.bio,
  schedulingLink: physicians.schedulingLink,
  isProvider: physicians.isProvider,
};

/** Physicians and their licences (001 §3 Physician); two queries per list, never one per physician. */
export function createPhysiciansRepository(db: Db) {
  async function withStates(list: Omit<PhysicianRow, 'states'>[]): Promise<PhysicianRow[]> {
    if (list.length === 0) return [];
    const licences = await db
      .select({ physicianId: physicianStates.physicianId, state: physicianStates.state })
      .from(physicianStates)
      .where(
        inArray(
          physicianStates.physicianId,
          list.map((p) => p.id),
        ),
      )
      .orderBy(asc(physicianStates.state));
    return list.map((p) => ({
      ...p,
      states: licences.filter((l) => l.physicianId === p.id).map((l) => l.state),
    }));
  }

  return {
    /** Active physicians of the clinic licensed in `state` (physician_states_state_idx), by name. */
    async licensedIn(organizationId: string, state: string, providersOnly: boolean): Promise<PhysicianRow[]> {
      const list = await db
        .select(columns)
        .from(physicians)
        .innerJoin(physicianStates, eq(physicianStates.physicianId, physicians.id))
        .where(
          and(
            eq(physicianStates.state, state),
            eq(physicians.organizationId, organizationId),
            eq(physicians.active, true),
            providersOnly ? eq(physicians.isProvider, true) : undefined,
          ),
        )
        .orderBy(asc(physicians.lastName), asc(physicians.firstName), asc(physicians.id));
      return withStates(list);
    },

    async find(organizationId: string, id: string): Promise<PhysicianRow | undefined> {
      const list = await db
        .select(columns)
        .from(physicians)
        .where(and(eq(physicians.id, id), eq(physicians.organizationId, organizationId)));
      return (await withStates(list))[0];
    },
  };
}
