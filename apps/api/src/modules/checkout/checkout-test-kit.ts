import type { CheckoutRequestInput } from '@portal/domain/contracts/checkout-submit';
import type { Intake } from '@portal/domain/contracts/intake';
import { sql } from 'drizzle-orm';
import { bearer, json, rows, signupPatient, type TestApp } from '../../test/harness';

/** Test helpers of the one-call checkout (used by its .int.test.ts files only). */
export type Patient = Awaited<ReturnType<typeof signupPatient>>;

export const VALID_SHIPPING = {
  shipping_info: {
    first_name: 'Dana',
    last_name: 'Tester',
    street_address: '1 Main St',
    apt_suite: '',
    city: 'Austin',
    state: 'TX',
    zip_code: '78701',
    country: 'us',
    phone_number: '(512) 555-0188',
  },
};

type ProductRow = {
  id: string;
  slug: string;
  months: number;
  unit_amount: number;
  strength: string | null;
  pricing_type: string;
};

/** The seeded clinic's catalogue by slug, patients, intakes ready to pay, card tokens and the call itself. */
export async function checkoutKit(t: TestApp) {
  const org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  const products = await rows<ProductRow>(
    t.database,
    sql`select p.id, pt.slug, p.interval_count as months, p.unit_amount, p.plan_properties->>'dosage_size' as strength,
          p.pricing_type
        from products p join product_templates pt on pt.id = p.product_template_id
        where pt.organization_id = ${org} and p.active and pt.active order by pt.slug, p.interval_count`,
  );
  const templates = await rows<{ id: string; slug: string; type: string }>(
    t.database,
    sql`select id, slug, type from product_templates where organization_id = ${org}`,
  );
  const [genericIntake] = await rows<{ id: string }>(
    t.database,
    sql`select id from intake_templates where organization_id = ${org} and slug = 'generic-rapamycin'`,
  );
  const prices = await rows<{ id: string; membership_id: string; months: number; unit_amount: number }>(
    t.database,
    sql`select mp.id, mp.membership_id, mp.interval_count as months, mp.unit_amount from membership_prices mp
        join memberships m on m.id = mp.membership_id where m.organization_id = ${org} and mp.active`,
  );

  const product = (slug: string, months: number, strength?: string) => {
    const found = products.find(
      (p) => p.slug === slug && p.months === months && (!strength || p.strength === strength),
    );
    if (!found) throw new Error(`no seeded product ${slug} ${months} ${strength ?? ''}`);
    return found;
  };
  const template = (slug: string) => templates.find((x) => x.slug === slug)!.id;
  const membership = (months: number) => {
    const p = prices.find((x) => x.months === months)!;
    return { membership: p.membership_id, price: p.id, unit_amount: p.unit_amount };
  };

  let address = 0;
  /** A sandbox card token, as the browser's card field makes it. */
  async function token(number = '4242424242424242'): Promise<string> {
    address += 1;
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/payments/tokens',
      remoteAddress: `10.88.${Math.floor(address / 200)}.${(address % 200) + 1}`,
      payload: { number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' },
    });
    if (res.statusCode !== 201) throw new Error(`token: ${res.statusCode} ${res.body}`);
    return json<{ id: string }>(res).id;
  }

  /** A generic-rapamycin visit with every question answered and the products configured. */
  async function visit(who: Patient, configured: (string | object)[]): Promise<string> {
    const created = await t.app.inject({
      method: 'POST',
      url: `/users/${org}/user/${who.id}/template/${genericIntake!.id}`,
      headers: bearer(who.token),
    });
    if (created.statusCode !== 201) throw new Error(`intake: ${created.statusCode} ${created.body}`);
    const intake = json<Intake>(created);
    const questions = await rows<{ id: string; type: string }>(
      t.database,
      sql`select id, type from questions where template_id = ${genericIntake!.id} and parent_question_id is null order by position`,
    );
    for (const q of questions) {
      let payload: object;
      if (q.type === 'long-text' || q.type === 'short-text') payload = { free_format_response: 'Fine.' };
      else {
        const options = await rows<{ id: string }>(
          t.database,
          sql`select o.id from question_options o where o.question_id = ${q.id}
              and not exists (select 1 from questions f where f.parent_option_id = o.id)
              order by o.include_none desc, o.position`,
        );
        payload = { response: [options[0]!.id] };
      }
      const responseId = intake.intake_responses.find((r) => r.question === q.id)!._id;
      const res = await t.app.inject({
        method: 'PUT',
        url: `/intakes/${org}/patient/${who.id}/intake/${intake._id}/response/${responseId}`,
        headers: bearer(who.token),
        payload,
      });
      if (res.statusCode !== 200) throw new Error(`answer: ${res.statusCode} ${res.body}`);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: `/v2/intakes/${intake._id}/products`,
      headers: bearer(who.token),
      payload: { products: configured },
    });
    if (res.statusCode !== 200) throw new Error(`products: ${res.statusCode} ${res.body}`);
    return intake._id;
  }

  const submit = (who: Patient, key: string | null, body: CheckoutRequestInput | Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/v2/checkout',
      headers: { ...bearer(who.token), ...(key === null ? {} : { 'idempotency-key': key }) },
      payload: body,
    });

  const count = async (query: ReturnType<typeof sql>) =>
    Number((await rows<{ n: number | string }>(t.database, query))[0]!.n);

  return {
    org,
    product,
    template,
    membership,
    token,
    visit,
    submit,
    count,
    patient: () => signupPatient(t.app, org),
  };
}
export type CheckoutKit = Awaited<ReturnType<typeof checkoutKit>>;
