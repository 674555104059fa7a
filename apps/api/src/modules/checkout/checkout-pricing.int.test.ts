import type { IntakeProduct } from '@portal/domain/contracts/intake';
import {
  type CheckoutTotals,
  type CouponPercentages,
  checkoutTotals,
  type TotalsLine,
} from '@portal/domain/pricing/checkout-totals';
import type { PriceTier } from '@portal/domain/pricing/price-scheme';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../platform/errors';
import { createTestApp, json, rows, type TestApp } from '../../test/harness';
import { createBillingRepository } from '../billing/billing.repository';
import { createBillingService } from '../billing/billing.service';
import { createMembershipsRepository } from '../memberships/memberships.repository';
import { type CheckoutPricing, createCheckoutPricing } from './checkout-pricing';
import { createCheckoutsRepository } from './checkouts.repository';

/**
 * The server's total against the domain's `checkoutTotals` for every plan, add-on, membership and discount
 * code of the seeded catalogue (an exhaustive loop, not a sample). The expected lines are written out here
 * from the catalogue's rows with the documents' rules (a plan's baseline is the 1-month price of its strength
 * times its months; a configured quantity scales by quantity / 4 tablets; lab work in a visit is Free; a code
 * applies to the templates it names, an expired or unfitting one is refused), not by the server's code.
 */

type Row = {
  id: string;
  template_id: string;
  slug: string;
  type: string;
  months: number;
  unit_amount: number;
  strength: string | null;
  one_time_fee: number;
  trial_period_days: number;
  billing_scheme: string;
  tiers: PriceTier[] | null;
  tiers_mode: string | null;
};

let t: TestApp;
let org: string;
let catalogue: Row[];
let pricing: CheckoutPricing;
let prices: { membership: string; price: string; unit: number }[];

beforeAll(async () => {
  t = await createTestApp();
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  catalogue = await rows<Row>(
    t.database,
    sql`select p.id, p.product_template_id as template_id, pt.slug, pt.type, p.interval_count as months,
          p.unit_amount, p.plan_properties->>'dosage_size' as strength, p.one_time_fee, p.trial_period_days,
          p.billing_scheme, p.tiers, p.tiers_mode
        from products p join product_templates pt on pt.id = p.product_template_id
        where pt.organization_id = ${org} and p.active and pt.active order by pt.slug, p.interval_count, p.id`,
  );
  prices = (
    await rows<{ id: string; membership_id: string; unit_amount: number }>(
      t.database,
      sql`select mp.id, mp.membership_id, mp.unit_amount from membership_prices mp
          join memberships m on m.id = mp.membership_id where m.organization_id = ${org} and mp.active
          order by mp.interval_count`,
    )
  ).map((p) => ({ membership: p.membership_id, price: p.id, unit: p.unit_amount }));
  const db = t.app.ctx.db;
  pricing = createCheckoutPricing({
    repo: createCheckoutsRepository(db),
    memberships: createMembershipsRepository(db),
    billing: createBillingService({ repo: createBillingRepository(db), payments: t.app.ctx.payments }),
    now: t.app.ctx.now,
  });
});
afterAll(() => t.close());

const of = (slug: string) => catalogue.filter((r) => r.slug === slug);
/** The 1-month price of the same strength (the undiscounted monthly price), else the plan's own. */
const monthly = (row: Row) =>
  catalogue.find(
    (r) =>
      r.template_id === row.template_id && r.months === 1 && (r.strength ?? null) === (row.strength ?? null),
  )?.unit_amount ?? null;
const baseline = (row: Row) => {
  const perMonth = monthly(row);
  return row.months > 0 && perMonth !== null
    ? Math.max(row.unit_amount, perMonth * row.months)
    : row.unit_amount;
};
const templateOf = (row: Row) => row.template_id;
/**
 * The amount of `quantity` units (002 §3 billing_scheme): per_unit, unit amount x quantity; tiered volume,
 * every unit at the price of the tier the quantity falls in (the seeded tiers are volume tiers).
 */
const amountOf = (row: Row, quantity: number) => {
  if (row.billing_scheme !== 'tiered' || !row.tiers) return row.unit_amount * quantity;
  expect(row.tiers_mode).toBe('volume');
  const tier = row.tiers.find((t) => t.up_to === null || quantity <= t.up_to)!;
  return tier.unit_amount * quantity;
};
/** The fee and trial of a row as a line carries them. */
const extrasOf = (row: Row) => ({
  ...(row.one_time_fee > 0 ? { oneTimeFeeCents: row.one_time_fee } : {}),
  ...(row.trial_period_days > 0 && row.months > 0 ? { trialDays: row.trial_period_days } : {}),
});
const RAPAMYCIN = ['generic-rapamycin', 'compounded-rapamycin'];
const LABS = ['longevity-essentials-panel', 'comprehensive-longevity-panel'];

/** What the coupon route answers for these products: percentages by product id, or refused (null). */
function couponAnswer(code: string | null, rowsInCart: Row[]): CouponPercentages | null | 'refused' {
  if (!code) return null;
  if (code === 'SPRING10') return 'refused'; // expired
  const [slugs, percent] = code === 'WELCOME20' ? [RAPAMYCIN, 20] : [LABS, 15];
  const hits = rowsInCart.filter((r) => slugs.includes(r.slug));
  if (hits.length === 0) return 'refused';
  return Object.fromEntries(hits.map((r) => [r.id, { discount: percent }]));
}

const summaryOf = (totals: CheckoutTotals) => ({
  subTotal: totals.subTotal,
  savings: totals.savings,
  specialDiscount: totals.specialDiscount,
  totalDueNow: totals.totalDueNow,
  chargedNow: totals.chargedNow,
});

async function serverOrRefusal<T>(run: () => Promise<T>): Promise<T | 'refused'> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError && error.text === 'CouponNotApplicable') return 'refused';
    throw error;
  }
}

const CODES = [null, 'WELCOME20', 'LABS15', 'SPRING10'] as const;

describe('the server total equals checkoutTotals over the seeded catalogue', () => {
  it('every consultation: each rapamycin plan and quantity, each add-on and code, the memberships in turn', async () => {
    const plans = [...of('generic-rapamycin'), ...of('compounded-rapamycin')];
    const addons = [
      null,
      ...of('metformin-er'),
      ...of('nad-nasal-spray'),
      ...of('acarbose'),
      ...LABS.flatMap(of),
    ];
    const memberships = [null, ...prices];
    let checked = 0;
    let pairs = 0;
    for (const [index, plan] of plans.entries()) {
      // The custom quantities step by 4 from 4 (generic up to 24, compounded up to 16): each plan takes one.
      const max = plan.slug === 'generic-rapamycin' ? 24 : 16;
      const quantity = 4 + 4 * (index % (max / 4));
      const main: IntakeProduct = {
        product_template: templateOf(plan),
        product: plan.id,
        quantity,
        treatment_properties: { quantity: quantity * plan.months },
      };
      const mainLine: TotalsLine = {
        id: plan.id,
        templateId: plan.template_id,
        totalCents: Math.round((baseline(plan) * quantity) / 4),
        totalDiscountCents: Math.round((plan.unit_amount * quantity) / 4),
        recurring: true,
      };
      for (const addon of addons) {
        const entries: IntakeProduct[] = [main];
        const lines: TotalsLine[] = [mainLine];
        if (addon) {
          entries.push({
            product_template: templateOf(addon),
            product: addon.id,
            quantity: 1,
            is_addon: true,
          });
          lines.push({
            id: addon.id,
            templateId: addon.template_id,
            totalCents: baseline(addon),
            totalDiscountCents: addon.unit_amount,
            recurring: addon.months > 0,
            // Lab work is shown as Free outside a coaching checkout (000 §9).
            ...(addon.type === 'lab' ? { free: true } : {}),
          });
        }
        // Every membership choice in turn (none, monthly, quarterly): its line adds to the products'.
        const membership = memberships[pairs++ % memberships.length] ?? null;
        const withMembership = membership
          ? [
              ...lines,
              {
                id: membership.price,
                totalCents: membership.unit,
                totalDiscountCents: membership.unit,
                recurring: true,
              },
            ]
          : lines;
        for (const code of CODES) {
          const coupon = couponAnswer(code, addon ? [plan, addon] : [plan]);
          const server = await serverOrRefusal(() =>
            pricing.consultation(
              org,
              entries,
              membership ? { membership: membership.membership, price: membership.price } : null,
              code,
            ),
          );
          const label = `${plan.slug} ${plan.strength} ${plan.months}m x${quantity} + ${addon?.slug ?? '-'} ${addon?.months ?? ''} + ${membership ? 'membership' : '-'} + ${code}`;
          if (coupon === 'refused') {
            expect(server, label).toBe('refused');
            continue;
          }
          expect(server, label).not.toBe('refused');
          const expected = checkoutTotals('consultation', withMembership, coupon);
          expect(summaryOf((server as Exclude<typeof server, 'refused'>).totals), label).toEqual(
            summaryOf(expected),
          );
          expect(expected.chargedNow).toBe(0);
          checked += 1;
        }
      }
    }
    // 20 plans x 13 add-on choices, with no code and each code that fits.
    expect(checked).toBeGreaterThan(20 * 13);
  }, 180_000);

  it('every signup and shop cart of one or two supplement and lab products, in one or three, each code', async () => {
    const sellable = ['omega-3-longevity-blend', 'urolithin-a', 'longevity-coaching', ...LABS].flatMap(of);
    // the seed carries one of each pricing field of 002 §3: coaching's enrolment fee, Urolithin A's trial,
    // Omega-3's volume tiers (1-2, 3-5, 6 and more)
    expect(sellable.some((r) => r.one_time_fee > 0)).toBe(true);
    expect(sellable.some((r) => r.trial_period_days > 0)).toBe(true);
    expect(sellable.some((r) => r.billing_scheme === 'tiered')).toBe(true);
    const carts: { row: Row; quantity: number }[][] = [];
    for (const row of sellable) for (const quantity of [1, 3, 6]) carts.push([{ row, quantity }]);
    for (const [i, a] of sellable.entries())
      for (const b of sellable.slice(i + 1))
        carts.push([
          { row: a, quantity: 1 },
          { row: b, quantity: 2 },
        ]);
    let checked = 0;
    for (const cart of carts) {
      const lines: TotalsLine[] = cart.map(({ row, quantity }) => ({
        id: row.id,
        templateId: row.template_id,
        totalCents: baseline(row) * quantity,
        totalDiscountCents: amountOf(row, quantity),
        recurring: row.months > 0,
        ...extrasOf(row),
      }));
      for (const code of CODES) {
        const coupon = couponAnswer(
          code,
          cart.map((c) => c.row),
        );
        const server = await serverOrRefusal(() =>
          pricing.purchase(
            org,
            cart.map(({ row, quantity }) => ({ product: row.id, quantity })),
            code,
          ),
        );
        const label = `${cart.map((c) => `${c.row.slug} ${c.row.months}m x${c.quantity}`).join(' + ')} + ${code}`;
        if (coupon === 'refused') {
          expect(server, label).toBe('refused');
          continue;
        }
        const expected = checkoutTotals('purchase', lines, coupon);
        const got = (server as Exclude<typeof server, 'refused'>).totals;
        expect(summaryOf(got), label).toEqual(summaryOf(expected));
        // One-time purchases count in Total Due Now and are what is charged now (002 §2.7), with every
        // line's one-time fee (002 §3); a recurring plan's own amount is billed when its subscription starts.
        const oneTime = expected.lines
          .filter((_, i) => !lines[i]!.recurring)
          .reduce((s, l) => s + l.total, 0);
        const fees = lines.reduce((s, l) => s + (l.oneTimeFeeCents ?? 0), 0);
        expect(got.chargedNow, label).toBe(oneTime + fees);
        // a plan on a trial is not due now
        const trials = expected.lines.filter((_, i) => lines[i]!.trialDays).reduce((s, l) => s + l.total, 0);
        expect(got.totalDueNow, label).toBe(got.subTotal - got.savings - got.specialDiscount - trials + fees);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(carts.length);
  }, 120_000);
});
