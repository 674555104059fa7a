/**
 * The funnel budget (issue 3): p95 latency of saving an intake response and of the coupon call, with 20
 * patients answering at once. Each patient is a real account with its own intake, so the saves contend the
 * way a busy clinic's would (different rows, the same tables and indexes).
 */
const PATIENTS = 20;
const PASSWORD = 'Bench1234';

type Patient = { token: string; userId: string; intakeId: string; responseId: string; optionIds: string[] };
type FunnelContext = { base: string; org: string; patients: Patient[]; couponProduct: string };

const json = (token?: string) => ({
  'content-type': 'application/json',
  accept: 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

async function call<T>(base: string, path: string, init: RequestInit): Promise<T> {
  const res = await fetch(`${base}${path}`, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Signs up the patients and opens one visit each on the organization's global intake template. */
export async function prepareFunnel(base: string, org: string): Promise<FunnelContext> {
  const run = Date.now().toString(36);
  const patients = await Promise.all(
    Array.from({ length: PATIENTS }, async (_, i): Promise<Patient> => {
      const { token, user } = await call<{ token: string; user: { _id: string } }>(base, '/v2/users', {
        method: 'POST',
        headers: json(),
        body: JSON.stringify({
          first_name: 'Bench',
          last_name: 'Patient',
          email: `bench-${run}-${i}@example.com`,
          password: PASSWORD,
          organization: org,
          accepted_terms: true,
        }),
      });
      const template = await call<{
        _id: string;
        questions: { _id: string; type: string; options: { _id: string }[] }[];
      }>(base, `/intake-template/${org}/global`, { headers: json(token) });
      const intake = await call<{ _id: string; intake_responses: { _id: string; question: string }[] }>(
        base,
        `/users/${org}/user/${user._id}/template/${template._id}`,
        { method: 'POST', headers: json(token), body: '{}' },
      );
      const radio = template.questions.find((q) => q.type === 'radio' && q.options.length >= 2);
      if (!radio) throw new Error('the global template has no radio question to answer');
      const response = intake.intake_responses.find((r) => r.question === radio._id);
      if (!response) throw new Error('no response slot for the radio question');
      return {
        token,
        userId: user._id,
        intakeId: intake._id,
        responseId: response._id,
        optionIds: radio.options.map((o) => o._id),
      };
    }),
  );
  const products = await call<{ docs: { _id: string; slug: string }[] }>(base, '/v2/products?page=1', {
    headers: json(patients[0]!.token),
  });
  // WELCOME20 applies to the rapamycin protocols, so the call takes the whole discount path
  const rapamycin = products.docs.find((p) => p.slug === 'generic-rapamycin');
  if (!rapamycin) throw new Error('no generic rapamycin in the shop for the coupon call');
  return { base, org, patients, couponProduct: rapamycin._id };
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};

/** Every patient repeats the request for `seconds`, one at a time; returns p95 and throughput. */
async function hammer(
  ctx: FunnelContext,
  seconds: number,
  request: (patient: Patient, i: number) => Promise<Response>,
): Promise<{ p95: number; rps: number; count: number }> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    ctx.patients.map(async (patient) => {
      for (let i = 0; performance.now() < until; i++) {
        const started = performance.now();
        const res = await request(patient, i);
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`funnel request failed: ${res.status}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return { p95: percentile(latencies, 95), rps: latencies.length / seconds, count: latencies.length };
}

/** Every patient saves an answer of their intake, alternating two options so every save really writes. */
const saveAnswer = (ctx: FunnelContext) => (p: Patient, i: number) =>
  fetch(`${ctx.base}/intakes/${ctx.org}/patient/${p.userId}/intake/${p.intakeId}/response/${p.responseId}`, {
    method: 'PUT',
    headers: json(p.token),
    body: JSON.stringify({ response: [p.optionIds[i % 2]] }),
  });

/** The answer saves alone (the CPU-per-request bench). */
export const measureSaves = (ctx: FunnelContext, seconds: number) => hammer(ctx, seconds, saveAnswer(ctx));

export async function measureFunnel(ctx: FunnelContext, seconds: number) {
  const save = saveAnswer(ctx);
  const coupon = (p: Patient) =>
    fetch(`${ctx.base}/v2/cart/coupon/WELCOME20`, {
      method: 'POST',
      headers: json(p.token),
      body: JSON.stringify({ products: [{ product: ctx.couponProduct, quantity: 1 }] }),
    });
  // warm up both paths
  await hammer(ctx, 1, save);
  await hammer(ctx, 1, coupon);
  return { save: await hammer(ctx, seconds, save), coupon: await hammer(ctx, seconds, coupon) };
}
