import type { Db } from '../client';
import { newId } from '../ids';
import { physicianAvailability, physicianStates, physicians } from '../schema/physicians';

type PhysicianSeed = {
  key: string;
  firstName: string;
  lastName: string;
  credentials: string;
  npiNum: string;
  bio: string;
  states: string[];
  timeZone: string;
};

/** NPI numbers carry a valid Luhn check digit (with the 80840 prefix) but belong to no one. */
const BY_BRAND: Record<string, PhysicianSeed[]> = {
  evergreen: [
    {
      key: 'maya-okafor',
      firstName: 'Maya',
      lastName: 'Okafor',
      credentials: 'MD',
      npiNum: '1748293655',
      bio: 'Dr. Okafor is a board-certified internist who has focused on preventive and longevity medicine for over a decade. She trained at the University of California, San Francisco, and is the medical director of Evergreen Longevity, where she leads the rapamycin and metabolic health programs.',
      states: ['CA', 'TX', 'FL', 'NY', 'WA', 'IL'],
      timeZone: 'America/Los_Angeles',
    },
    {
      key: 'daniel-reyes',
      firstName: 'Daniel',
      lastName: 'Reyes',
      credentials: 'DO',
      npiNum: '1847362914',
      bio: 'Dr. Reyes is a family medicine physician with a special interest in sports medicine and healthy ageing. He helps patients combine medication, strength training and nutrition to stay active for longer.',
      states: ['CA', 'TX', 'FL', 'AZ', 'NV', 'CO'],
      timeZone: 'America/Denver',
    },
    {
      key: 'priya-raman',
      firstName: 'Priya',
      lastName: 'Raman',
      credentials: 'MD',
      npiNum: '1357924681',
      bio: 'Dr. Raman is a board-certified endocrinologist. She works with patients on insulin resistance, thyroid and hormonal health, and reads every metabolic panel as an early chance to change course.',
      states: ['NY', 'NJ', 'MA', 'CT', 'FL', 'CA'],
      timeZone: 'America/New_York',
    },
    {
      key: 'thomas-lindqvist',
      firstName: 'Thomas',
      lastName: 'Lindqvist',
      credentials: 'MD',
      npiNum: '1628403754',
      bio: 'Dr. Lindqvist is a preventive cardiologist. He focuses on ApoB, Lp(a) and blood pressure, the risk factors that matter most for a long life, and on explaining them in plain language.',
      states: ['TX', 'FL', 'NY', 'IL', 'OH', 'GA'],
      timeZone: 'America/Chicago',
    },
    {
      key: 'hannah-whitfield',
      firstName: 'Hannah',
      lastName: 'Whitfield',
      credentials: 'MD',
      npiNum: '1192837460',
      bio: 'Dr. Whitfield is an internist and geriatrician who helps patients in midlife plan for healthy decades ahead, with particular attention to bone, muscle and cognitive health.',
      states: ['CA', 'OR', 'WA', 'TX', 'NY', 'UT', 'FL'],
      timeZone: 'America/Los_Angeles',
    },
  ],
  bluecrest: [
    {
      key: 'samuel-brooks',
      firstName: 'Samuel',
      lastName: 'Brooks',
      credentials: 'MD',
      npiNum: '1472583693',
      bio: 'Dr. Brooks is a board-certified internist and the medical director of Bluecrest Health. He has practised preventive medicine in Austin for fifteen years.',
      states: ['CA', 'TX', 'FL', 'NY', 'PA'],
      timeZone: 'America/Chicago',
    },
    {
      key: 'elena-vasquez',
      firstName: 'Elena',
      lastName: 'Vasquez',
      credentials: 'DO',
      npiNum: '1928374655',
      bio: "Dr. Vasquez is a family physician focused on metabolic health and women's health through menopause and beyond.",
      states: ['CA', 'TX', 'FL', 'NY', 'AZ', 'NM'],
      timeZone: 'America/Phoenix',
    },
  ],
};

export type SeededPhysician = {
  id: string;
  key: string;
  firstName: string;
  lastName: string;
  profileImgUrl: string;
};

/** The brand's physicians with their licences and weekday working hours (9:00 to 17:00 local time). */
export async function seedPhysicians(
  tx: Db,
  opts: { organizationId: string; brandSlug: string },
): Promise<SeededPhysician[]> {
  const seeds = BY_BRAND[opts.brandSlug] ?? [];
  const seeded = seeds.map((p) => ({
    ...p,
    id: newId(),
    profileImgUrl: `/brands/${opts.brandSlug}/physicians/${p.key}.svg`,
  }));
  if (seeded.length === 0) return [];
  await tx.insert(physicians).values(
    seeded.map((p) => ({
      id: p.id,
      organizationId: opts.organizationId,
      firstName: p.firstName,
      lastName: p.lastName,
      credentials: p.credentials,
      npiNum: p.npiNum,
      profileImgUrl: p.profileImgUrl,
      bio: p.bio,
      // the portal's own scheduler books them (decision 043): no outside booking page
      schedulingLink: null,
      // each physician's video room on a public meeting service, opened from the waiting room
      roomLink: `https://meet.jit.si/${opts.brandSlug}-${p.key}`,
    })),
  );
  await tx
    .insert(physicianStates)
    .values(seeded.flatMap((p) => p.states.map((state) => ({ physicianId: p.id, state }))));
  await tx.insert(physicianAvailability).values(
    seeded.flatMap((p) =>
      [1, 2, 3, 4, 5].map((weekday) => ({
        physicianId: p.id,
        weekday,
        startTime: '09:00',
        endTime: '17:00',
        timeZone: p.timeZone,
      })),
    ),
  );
  return seeded.map(({ id, key, firstName, lastName, profileImgUrl }) => ({
    id,
    key,
    firstName,
    lastName,
    profileImgUrl,
  }));
}
