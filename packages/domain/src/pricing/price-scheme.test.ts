import { describe, expect, it } from 'vitest';
import {
  billingSchedule,
  lineAmountCents,
  MAX_TRIAL_DAYS,
  type PriceScheme,
  type PriceTier,
  tierFor,
  tiersProblem,
  tierTexts,
  trialEndsAt,
  trialOfferText,
  unitPriceAt,
} from './price-scheme';

/** 1-2 units $30, 3-5 units $25, 6 and more $20 (cents). */
const TIERS: PriceTier[] = [
  { up_to: 5, unit_amount: 2500 },
  { up_to: null, unit_amount: 2000 },
  { up_to: 2, unit_amount: 3000 },
];
const volume: PriceScheme = {
  unit_amount: 3000,
  billing_scheme: 'tiered',
  tiers: TIERS,
  tiers_mode: 'volume',
};
const graduated: PriceScheme = { ...volume, tiers_mode: 'graduated' };

describe('lineAmountCents (002 §3 billing_scheme)', () => {
  it('per_unit: unit amount times the quantity; a bad quantity counts as one unit', () => {
    expect(lineAmountCents({ unit_amount: 3900 }, 3)).toBe(11_700);
    expect(lineAmountCents({ unit_amount: 3900, billing_scheme: 'per_unit', tiers: TIERS }, 2)).toBe(7800);
    expect(lineAmountCents({ unit_amount: 3900 }, 0)).toBe(3900);
    expect(lineAmountCents({ unit_amount: 3900 }, Number.NaN)).toBe(3900);
    expect(lineAmountCents({ unit_amount: 3900 }, 2.7)).toBe(7800);
  });

  it('tiered volume: every unit at the tier the whole quantity falls in', () => {
    expect(lineAmountCents(volume, 1)).toBe(3000);
    expect(lineAmountCents(volume, 2)).toBe(6000);
    expect(lineAmountCents(volume, 3)).toBe(7500);
    expect(lineAmountCents(volume, 5)).toBe(12_500);
    expect(lineAmountCents(volume, 6)).toBe(12_000);
    expect(lineAmountCents({ ...volume, tiers_mode: null }, 4)).toBe(10_000);
  });

  it('tiered graduated: each unit at the tier it falls in', () => {
    expect(lineAmountCents(graduated, 2)).toBe(6000);
    // 2 x $30 + 2 x $25
    expect(lineAmountCents(graduated, 4)).toBe(11_000);
    // 2 x $30 + 3 x $25 + 2 x $20
    expect(lineAmountCents(graduated, 7)).toBe(17_500);
  });

  it('adds a tier’s flat amount once (volume: the tier reached; graduated: every tier reached)', () => {
    const flat: PriceTier[] = [
      { up_to: 2, unit_amount: 1000, flat_amount: 500 },
      { up_to: null, unit_amount: 800, flat_amount: 300 },
    ];
    expect(lineAmountCents({ unit_amount: 1000, billing_scheme: 'tiered', tiers: flat }, 3)).toBe(2700);
    expect(
      lineAmountCents(
        { unit_amount: 1000, billing_scheme: 'tiered', tiers: flat, tiers_mode: 'graduated' },
        3,
      ),
    ).toBe(2000 + 500 + 800 + 300);
  });

  it('prices past a closed last tier at the last tier, and an empty tier list as per_unit', () => {
    const closed: PriceScheme = {
      unit_amount: 3000,
      billing_scheme: 'tiered',
      tiers: [
        { up_to: 2, unit_amount: 3000 },
        { up_to: 4, unit_amount: 2500 },
      ],
      tiers_mode: 'graduated',
    };
    expect(lineAmountCents(closed, 6)).toBe(6000 + 5000 + 5000);
    expect(lineAmountCents({ ...closed, tiers_mode: 'volume' }, 6)).toBe(15_000);
    expect(lineAmountCents({ unit_amount: 3000, billing_scheme: 'tiered', tiers: [] }, 2)).toBe(6000);
  });

  it('tells the unit price at a quantity and the tier holding it', () => {
    expect(unitPriceAt(volume, 4)).toBe(2500);
    expect(unitPriceAt(graduated, 4)).toBe(2750);
    expect(tierFor(TIERS, 2).unit_amount).toBe(3000);
    expect(tierFor(TIERS, 3).unit_amount).toBe(2500);
    expect(tierFor(TIERS, 60).unit_amount).toBe(2000);
  });

  it('describes the tiers in order for the panel', () => {
    expect(tierTexts(volume)).toEqual([
      '1–2 units: $30.00 each',
      '3–5 units: $25.00 each',
      '6+ units: $20.00 each',
    ]);
    expect(tierTexts({ unit_amount: 3000 })).toEqual([]);
    expect(
      tierTexts({
        unit_amount: 1000,
        billing_scheme: 'tiered',
        tiers: [
          { up_to: 1, unit_amount: 1000, flat_amount: 200 },
          { up_to: null, unit_amount: 900 },
        ],
      }),
    ).toEqual(['1 unit: $10.00 each + $2.00', '2+ units: $9.00 each']);
  });
});

describe('tiersProblem', () => {
  it('accepts ascending tiers ending open', () => {
    expect(tiersProblem([...TIERS].sort((a, b) => (a.up_to ?? 1e9) - (b.up_to ?? 1e9)))).toBeNull();
  });

  it('refuses empty, unordered, fractional, negative, or not open-ended tiers', () => {
    expect(tiersProblem([])).toBe('A tiered price needs at least one tier.');
    expect(tiersProblem(null)).toBe('A tiered price needs at least one tier.');
    expect(tiersProblem(TIERS)).toBe('Only the last tier may be open-ended.');
    expect(
      tiersProblem([
        { up_to: 5, unit_amount: 1 },
        { up_to: 3, unit_amount: 1 },
        { up_to: null, unit_amount: 1 },
      ]),
    ).toBe('Each tier must end above the previous one.');
    expect(tiersProblem([{ up_to: null, unit_amount: 1.5 }])).toBe(
      'Tier amounts are whole cents, 0 or more.',
    );
    expect(tiersProblem([{ up_to: null, unit_amount: 100, flat_amount: -1 }])).toBe(
      'Tier amounts are whole cents, 0 or more.',
    );
    expect(tiersProblem([{ up_to: 3, unit_amount: 100 }])).toBe('The last tier must be open-ended.');
  });
});

describe('billingSchedule (one_time_fee, trial_period_days)', () => {
  const start = new Date('2026-11-28T10:00:00.000Z');

  it('without a trial: the fee and the first period are due now; renewals are the period alone', () => {
    expect(billingSchedule({ start, periodCents: 39_900, oneTimeFee: 9900 })).toEqual({
      dueNow: 49_800,
      oneTimeFee: 9900,
      firstChargeAt: start,
      firstPeriod: 39_900,
      renewal: 39_900,
      trialDays: 0,
    });
  });

  it('with a trial: only the fee is due now; the first period is charged when the trial ends', () => {
    const schedule = billingSchedule({ start, periodCents: 3900, trialDays: 14 });
    expect(schedule.dueNow).toBe(0);
    expect(schedule.firstChargeAt.toISOString()).toBe('2026-12-12T10:00:00.000Z');
    expect(schedule.firstPeriod).toBe(3900);
    expect(schedule.renewal).toBe(3900);
    expect(billingSchedule({ start, periodCents: 3900, trialDays: 14, oneTimeFee: 500 }).dueNow).toBe(500);
  });

  it('a first-period discount applies once; renewals bill the full period', () => {
    const schedule = billingSchedule({
      start,
      periodCents: 10_000,
      firstPeriodCents: 8000,
      oneTimeFee: 1000,
    });
    expect(schedule).toMatchObject({ dueNow: 9000, firstPeriod: 8000, renewal: 10_000 });
  });

  it('junk fees and trials count as none; trials are capped', () => {
    expect(billingSchedule({ start, periodCents: 100, oneTimeFee: -5, trialDays: Number.NaN })).toMatchObject(
      {
        dueNow: 100,
        oneTimeFee: 0,
        trialDays: 0,
      },
    );
    expect(trialEndsAt(start, 10_000).getTime() - start.getTime()).toBe(MAX_TRIAL_DAYS * 86_400_000);
    expect(trialEndsAt(start, 0)).toEqual(start);
    expect(trialEndsAt(start, 1.9).toISOString()).toBe('2026-11-29T10:00:00.000Z');
  });
});

describe('trialOfferText', () => {
  it('says what is free and what follows, months as the renewal text writes them', () => {
    expect(trialOfferText(14, 3900, 1)).toBe('Free for 14 days, then $39.00 every 1 month');
    expect(trialOfferText(30, 10_500, 3)).toBe('Free for 30 days, then $105.00 every 3 months');
    expect(trialOfferText(1, 3900, 0)).toBe('Free for 1 day, then $39.00');
    expect(trialOfferText(0, 3900, 1)).toBeNull();
  });
});
