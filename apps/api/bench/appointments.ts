/**
 * The scheduler's budget (issue 16, Speed), on PostgreSQL through the built server, as the patient's browser asks:
 * - a week of open times across 50 physicians (GET /v2/appointments/availability?kind=consultation&days=7 for a
 *   patient whose state all 50 are licensed in): p95 at most 50 ms at 10 clients;
 * - booking (POST /v2/appointments) with 20 patients booking at once, each a time of their own: p95 at most
 *   100 ms, over the rounds after a first one that warms the path.
 * The 50 physicians go in by SQL beside the clinic's own (licensed in Vermont, where no seeded physician is), each
 * with weekday hours in one of five US zones.
 */
import pg from 'pg';
import { AIMS, type Figure } from './aims';
import {
  type AreaBenchOptions,
  type AreaResults,
  areaFigures,
  call,
  cpuMsOf,
  medianOf,
  p95Get,
  percentile,
  type Started,
  signUp,
} from './http-kit';

export const APPOINTMENTS_LOAD = { physicians: 50, clients: 10, bookers: 20, state: 'VT' } as const;

const PORT = 3907;
const ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Phoenix',
];

/** 50 physicians licensed in the bench's state, with weekday hours (9:00 to 17:00 in their zone). */
async function seedPhysicians(pgUrl: string, organizationId: string) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into physicians (id, organization_id, first_name, last_name, credentials, npi_num, bio)
       select 'c0' || lpad(to_hex(n), 22, '0'), $1, 'Bench', 'Physician ' || n, 'MD',
         lpad((1000000000 + n)::text, 10, '0'), 'A physician of the scheduler bench.'
       from generate_series(1, $2::int) n`,
      [organizationId, APPOINTMENTS_LOAD.physicians],
    );
    await client.query(
      `insert into physician_states (physician_id, state)
       select 'c0' || lpad(to_hex(n), 22, '0'), $1 from generate_series(1, $2::int) n`,
      [APPOINTMENTS_LOAD.state, APPOINTMENTS_LOAD.physicians],
    );
    await client.query(
      `insert into physician_availability (id, physician_id, weekday, start_time, end_time, time_zone)
       select 'c1' || lpad(to_hex(n * 10 + d), 22, '0'), 'c0' || lpad(to_hex(n), 22, '0'), d, '09:00', '17:00',
         ($2::text[])[n % 5 + 1]
       from generate_series(1, $1::int) n, generate_series(1, 5) d`,
      [APPOINTMENTS_LOAD.physicians, ZONES],
    );
    await client.query('commit');
    await client.query('analyze physicians; analyze physician_states; analyze physician_availability');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

type Availability = { slots: { start_time: string; end_time: string }[] };

/** A patient of the bench's state, as the app leaves one after the profile step. */
async function patientInState(base: string) {
  const patient = await signUp(base, 'Booker');
  await call(`${base}/users/${patient.organizationId}/${patient.userId}`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: `Bearer ${patient.token}`,
    },
    body: JSON.stringify({ state: APPOINTMENTS_LOAD.state }),
  });
  return patient;
}

/** Seeds the physicians on a server of its own (PostgreSQL), checks the answers, then measures. */
export async function benchAppointments<S extends Started>(opts: AreaBenchOptions<S>): Promise<AreaResults> {
  const server = await opts.start({ DATABASE_URL: opts.pgUrl, DATA_DIR: opts.dataDir }, PORT);
  try {
    const { base } = server;
    const first = await patientInState(base);
    await seedPhysicians(opts.pgUrl, first.organizationId);
    const path = '/v2/appointments/availability?kind=consultation&days=7';
    const headers = { accept: 'application/json', authorization: `Bearer ${first.token}` };
    // the answer is what the figure claims: a week of times across the 50
    const week = await call<Availability>(`${base}${path}`, { headers });
    if (week.slots.length < 40) throw new Error(`a week across 50 physicians has ${week.slots.length} times`);

    const seconds = Math.min(opts.seconds, 3);
    const rounds = Math.max(1, Math.min(opts.rounds ?? 3, 5));
    const p95s: number[] = [];
    let count = 0;
    for (let round = 0; round < rounds; round++) {
      const m = await p95Get(base, first.token, path, seconds, APPOINTMENTS_LOAD.clients);
      p95s.push(m.p95);
      count += m.count;
    }
    const results: AreaResults = [
      {
        name: `a week of open times across ${APPOINTMENTS_LOAD.physicians} physicians${rounds > 1 ? `, median of ${rounds} rounds` : ''}`,
        p95: medianOf(p95s),
        count,
        aim: AIMS.appointments.slotsP95,
      },
    ];

    // booking: 20 patients at once, each a different open time, for as many rounds as the week allows
    const bookers = await Promise.all(
      Array.from({ length: APPOINTMENTS_LOAD.bookers }, () => patientInState(base)),
    );
    const latencies: number[] = [];
    let cpuBefore: number | undefined;
    // The first round warms the booking path and is not measured, as every other figure here is taken after
    // half a second unmeasured; its bookings must still succeed.
    const measured = Math.max(3, rounds * 2);
    for (let round = 0; round <= measured; round++) {
      if (round === 1) {
        latencies.length = 0;
        cpuBefore = cpuMsOf(server);
      }
      const open = await call<Availability>(`${base}${path}`, { headers });
      if (open.slots.length < bookers.length) break;
      const spread = Math.floor(open.slots.length / bookers.length);
      const statuses = await Promise.all(
        bookers.map(async (b, i) => {
          // a time of the patient's own each round: a time they hold already would be refused as overlapping
          const slot = open.slots[(i * spread + round) % open.slots.length]!;
          const started = performance.now();
          const res = await fetch(`${base}/v2/appointments`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json',
              authorization: `Bearer ${b.token}`,
            },
            // as the browser books: with the patient's zone, which words the confirmation
            body: JSON.stringify({
              kind: 'consultation',
              start_time: slot.start_time,
              time_zone: 'America/New_York',
            }),
          });
          await res.arrayBuffer();
          latencies.push(performance.now() - started);
          return res.status;
        }),
      );
      // every one a booking made, so the figure is of bookings and not of refusals
      const failed = statuses.filter((s) => s !== 201);
      if (failed.length > 0) throw new Error(`booking answered ${failed.join(', ')}`);
    }
    const cpuAfter = cpuMsOf(server);
    if (cpuBefore !== undefined && cpuAfter !== undefined)
      console.info(
        `booking: the server used ${((cpuAfter - cpuBefore) / latencies.length).toFixed(2)} ms of CPU per booking (the rounds' look at the week included)`,
      );
    results.push({
      name: `booking, ${APPOINTMENTS_LOAD.bookers} patients at once`,
      p95: percentile(latencies, 95),
      count: latencies.length,
      aim: AIMS.appointments.bookingP95,
    });
    return results;
  } finally {
    await opts.stop(server);
  }
}

export function appointmentsFigures(results: AreaResults): Figure[] {
  return areaFigures(
    `Appointments (PostgreSQL, ${APPOINTMENTS_LOAD.physicians} physicians licensed in the patient's state, p95)`,
    results,
  );
}
