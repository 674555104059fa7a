/**
 * The care workspace's budget (issue 12, Speed): the review queue and a patient's chart with 10,000 visits
 * waiting and 100,000 patients in the clinic, on PostgreSQL, p95 under 50 ms per request at 10 clients.
 * The load goes in by SQL (generate_series), the requests through the built server as staff make them.
 */
import pg from 'pg';

/** A state the demo clinic serves, for the filtered read. */
const STATE = 'CA';

export const CARE_LOAD = { patients: 100_000, waiting: 10_000 } as const;

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};

/** 100,000 patients of the clinic, one visit each for the first 10,000, submitted over the last 30 days. */
export async function seedCareLoad(pgUrl: string, organizationId: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ template: string; product: string }>(
      `select t.id as template, p.id as product from intake_templates t, product_templates p
        where t.organization_id = $1 and p.organization_id = $1 and p.type = 'medication'
        order by t.id, p.id limit 1`,
      [organizationId],
    );
    const { template, product } = rows[0] ?? {};
    if (!template || !product) throw new Error('the clinic has no intake template or medication');
    // the states the reviewing physician is licensed in, so every waiting visit is theirs to see
    const licensed = await client.query<{ state: string }>(
      `select distinct ps.state from physician_states ps
         join physicians p on p.id = ps.physician_id join users u on u.id = p.user_id
        where u.email = 'physician@evergreen.test' order by ps.state`,
    );
    const states = licensed.rows.map((r) => r.state);
    if (states.length === 0) throw new Error('the reviewing physician is licensed nowhere');
    // ids: 'b0' and 22 hex digits of the row number, apart from any id the server makes
    await client.query(
      `insert into users (id, organization_id, role, email, password_hash, first_name, last_name, state, birthday,
         verification_status)
       select 'b0' || lpad(to_hex(n), 22, '0'), $1, 'patient', 'load-' || n || '@bench.test', 'x',
         'Load', 'Patient ' || n, ($2::text[])[1 + n % array_length($2::text[], 1)], date '1960-01-01' + (n % 12000),
         case when n % 3 = 0 then 'completed' else 'pending' end
       from generate_series(1, $3::int) n`,
      [organizationId, states, CARE_LOAD.patients],
    );
    await client.query(
      `insert into intakes (id, user_id, organization_id, template_id, total_steps, products, patient_complete,
         physician_review, closed, awaiting_patient_update, completed_at)
       select 'b1' || lpad(to_hex(n), 22, '0'), 'b0' || lpad(to_hex(n), 22, '0'), $1, $2, 3,
         jsonb_build_array(jsonb_build_object('product_template', $3::text)), true, false, false,
         '{"is_awaiting": false}'::jsonb, now() - make_interval(mins => n * 4)
       from generate_series(1, $4::int) n`,
      [organizationId, template, product, CARE_LOAD.waiting],
    );
    await client.query('analyze users; analyze intakes');
  } finally {
    await client.end();
  }
}

async function logIn(base: string, organizationId: string, email: string): Promise<string> {
  const res = await fetch(`${base}/login/${organizationId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password: 'Demo1234!' }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** `clients` clients asking `path(i)` in turn for `seconds` (after half a second unmeasured): p95 in ms. */
async function p95(base: string, token: string, path: (i: number) => string, seconds: number, clients = 10) {
  const latencies: number[] = [];
  const warmUntil = performance.now() + 500;
  const until = warmUntil + seconds * 1000;
  let i = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const res = await fetch(`${base}${path(i++)}`, {
          headers: { accept: 'application/json', authorization: `Bearer ${token}` },
        });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${path(i)}: ${res.status}`);
        if (started >= warmUntil) latencies.push(performance.now() - started);
      }
    }),
  );
  return { p95: percentile(latencies, 95), count: latencies.length };
}

/** The queue's first page, a filtered page and a later page by cursor, and charts of patients in the queue. */
export async function measureCare(base: string, organizationId: string, seconds: number) {
  const physician = await logIn(base, organizationId, 'physician@evergreen.test');
  const queue = `/care/${organizationId}/queue`;
  const first = (await (
    await fetch(`${base}${queue}?limit=50`, { headers: { authorization: `Bearer ${physician}` } })
  ).json()) as { total_capped: boolean; next_cursor: string | null; items: { patient: { _id: string } }[] };
  // the queue counts up to 1,000 and then says "1,000+": with the load in, it must say so
  if (!first.total_capped) throw new Error('the load is not in the queue');
  const later = first.next_cursor
    ? `${queue}?limit=50&cursor=${encodeURIComponent(first.next_cursor)}`
    : queue;
  const patients = Array.from({ length: 500 }, (_, n) => `b0${(n * 17 + 1).toString(16).padStart(22, '0')}`);
  return [
    { name: 'queue, first page of 50', ...(await p95(base, physician, () => `${queue}?limit=50`, seconds)) },
    {
      name: 'queue, over target in CA',
      ...(await p95(base, physician, () => `${queue}?limit=50&state=${STATE}&over_target=true`, seconds)),
    },
    { name: 'queue, a later page', ...(await p95(base, physician, () => later, seconds)) },
    {
      name: 'chart of a waiting patient',
      ...(await p95(
        base,
        physician,
        (i) => `/care/${organizationId}/patients/${patients[i % patients.length]}/chart`,
        seconds,
      )),
    },
  ];
}
