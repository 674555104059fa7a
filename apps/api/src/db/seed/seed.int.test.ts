import { SUBSCRIPTION_STATUSES } from '@portal/domain/contracts/subscription';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../platform/auth/password';
import { type Database, openDatabase } from '../client';
import { appointments } from '../schema/appointments';
import { coupons } from '../schema/billing';
import { intakes, intakeTemplates, questionOptions, questions, stateAvailability } from '../schema/intakes';
import { labPanels, labReports } from '../schema/labs';
import { conversations, messages } from '../schema/messaging';
import { notifications } from '../schema/notifications';
import { orders } from '../schema/orders';
import { organizationPolicies, organizations, states } from '../schema/organizations';
import { physicianStates, physicians } from '../schema/physicians';
import { products, productTemplates } from '../schema/products';
import { invoices, subscriptions } from '../schema/subscriptions';
import { users } from '../schema/users';
import { DEMO_LOGINS } from './demo-patient';
import { seedDatabase } from './seed';

let database: Database;
let firstRun: { seeded: boolean };

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  firstRun = await seedDatabase(database.db, { hashPassword, appUrl: (host) => `http://${host}:3000` });
});

afterAll(async () => {
  await database?.close();
});

const orgByDomain = async (domain: string) => {
  const [org] = await database.db.select().from(organizations).where(eq(organizations.domain, domain));
  if (!org) throw new Error(`no organization on ${domain}`);
  return org;
};

/** The lowest price per month, in cents, among a template's recurring variants. */
const lowestMonthly = async (organizationId: string, slug: string) => {
  const rows = await database.db
    .select({ unitAmount: products.unitAmount, intervalCount: products.intervalCount })
    .from(products)
    .innerJoin(productTemplates, eq(products.productTemplateId, productTemplates.id))
    .where(
      and(
        eq(productTemplates.organizationId, organizationId),
        eq(productTemplates.slug, slug),
        eq(products.pricingType, 'recurring'),
      ),
    );
  return Math.min(...rows.map((r) => r.unitAmount / r.intervalCount));
};

describe('seedDatabase', () => {
  it('seeds an empty database', () => {
    expect(firstRun).toEqual({ seeded: true });
  });

  it('creates two brands with distinct domains, colours and app URLs, each with three policies', async () => {
    const orgs = await database.db.select().from(organizations);
    expect(orgs).toHaveLength(2);
    const brand1 = await orgByDomain('localhost');
    const brand2 = await orgByDomain('127.0.0.1');
    expect(brand1.appUrl).toBe('http://localhost:3000');
    expect(brand2.appUrl).toBe('http://127.0.0.1:3000');
    expect(brand1.settings.brand.primary_color).not.toBe(brand2.settings.brand.primary_color);
    expect(brand1.name).not.toBe(brand2.name);
    for (const org of [brand1, brand2]) {
      expect(org.settings.login.testimonials).toHaveLength(3);
      expect(org.settings.dropdown_links).toHaveLength(2);
      expect(org.settings.verification.has_mobile_verification).toBe(true);
      expect(org.settings.logo).toMatch(/^\/brands\/[a-z]+\/logo\.svg$/);
      const policies = await database.db
        .select()
        .from(organizationPolicies)
        .where(eq(organizationPolicies.organizationId, org.id));
      expect(policies.map((p) => p.section).sort()).toEqual(['consent', 'privacy', 'tos']);
      for (const p of policies) expect(p.body.split('\n\n').length).toBeGreaterThanOrEqual(5);
    }
  });

  it('creates the 50 states and DC, sorted by name, with NJ and RI requiring sync', async () => {
    const rows = await database.db.select().from(states).orderBy(asc(states.name));
    expect(rows).toHaveLength(51);
    const names = rows.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const sync = Object.fromEntries(rows.map((r) => [r.abbreviation, r.syncRequired]));
    expect(sync).toMatchObject({ NJ: true, RI: true, NY: false, CA: false });
    expect(
      rows
        .filter((r) => r.syncRequired)
        .map((r) => r.abbreviation)
        .sort(),
    ).toEqual(['NJ', 'RI']);
  });

  it('restricts labs and the medication visits in NY, NJ and RI', async () => {
    const brand1 = await orgByDomain('localhost');
    const rows = await database.db
      .select({
        state: states.abbreviation,
        productType: stateAvailability.productType,
        template: intakeTemplates.slug,
        approved: stateAvailability.approved,
      })
      .from(stateAvailability)
      .innerJoin(states, eq(stateAvailability.stateId, states.id))
      .leftJoin(intakeTemplates, eq(stateAvailability.intakeTemplateId, intakeTemplates.id))
      .where(eq(stateAvailability.organizationId, brand1.id));
    expect(rows.every((r) => r.approved === false)).toBe(true);
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(['NY', 'NJ', 'RI']));
    for (const state of ['NY', 'NJ', 'RI']) {
      const forState = rows.filter((r) => r.state === state);
      expect(
        forState
          .map((r) => r.productType)
          .filter(Boolean)
          .sort(),
      ).toEqual(['lab', 'medication']);
      expect(
        forState
          .map((r) => r.template)
          .filter(Boolean)
          .sort(),
      ).toEqual(['compounded-rapamycin', 'generic-rapamycin']);
    }
  });

  it('prices generic rapamycin from $87/mo and compounded from $52/mo, cheaper per month on longer plans', async () => {
    for (const domain of ['localhost', '127.0.0.1']) {
      const org = await orgByDomain(domain);
      expect(await lowestMonthly(org.id, 'generic-rapamycin')).toBe(8700);
      expect(await lowestMonthly(org.id, 'compounded-rapamycin')).toBe(5200);
    }
    const org = await orgByDomain('localhost');
    const variants = await database.db
      .select({ amount: products.unitAmount, months: products.intervalCount, plan: products.planProperties })
      .from(products)
      .innerJoin(productTemplates, eq(products.productTemplateId, productTemplates.id))
      .where(
        and(eq(productTemplates.organizationId, org.id), eq(productTemplates.slug, 'generic-rapamycin')),
      );
    expect(variants).toHaveLength(12);
    for (const strength of ['1 mg', '2 mg', '5 mg']) {
      const perMonth = variants
        .filter((v) => v.plan.dosage_size === strength)
        .sort((a, b) => a.months - b.months)
        .map((v) => v.amount / v.months);
      expect(perMonth).toHaveLength(4);
      expect([...perMonth].sort((a, b) => b - a)).toEqual(perMonth);
    }
  });

  it('seeds the catalogue: featured protocol, labs with panels, supplements, coaching, add-ons and codes', async () => {
    const org = await orgByDomain('localhost');
    const templates = await database.db
      .select()
      .from(productTemplates)
      .where(eq(productTemplates.organizationId, org.id));
    const byType = (type: string) => templates.filter((t) => t.type === type);
    expect(byType('lab')).toHaveLength(2);
    expect(byType('supplement')).toHaveLength(2);
    expect(byType('coaching_membership')).toHaveLength(1);
    expect(byType('coaching_membership')[0]!.membershipId).toBeTruthy();
    expect(byType('medication').length).toBeGreaterThanOrEqual(4);
    const generic = templates.find((t) => t.slug === 'generic-rapamycin')!;
    expect(generic.featured).toBe(true);
    expect(generic.dosageStrengths.map((s) => s.strength)).toEqual(['1 mg', '2 mg', '5 mg']);
    expect(generic.shippingFrequencies.map((f) => f.months)).toEqual([1, 3, 6, 12]);
    expect(generic.shippingFrequencies.filter((f) => f.default)).toHaveLength(1);
    expect(generic.shippingFrequencies.find((f) => f.best_value)?.months).toBe(12);
    expect(generic.dosageFrequencies[0]?.instructions).toContain('{{weekly_dosage}}');
    const compounded = templates.find((t) => t.slug === 'compounded-rapamycin')!;
    expect(compounded.dosageFrequencies[0]?.instructions).toContain('{{compounded_dosage}}');
    expect(compounded.dosageFrequencies[0]?.custom_quantity).toEqual({ min: 4, max: 16, default: 4 });

    const panels = await database.db.select().from(labPanels).where(eq(labPanels.organizationId, org.id));
    expect(panels).toHaveLength(2);
    for (const p of panels) expect(p.markers.length).toBeGreaterThanOrEqual(12);

    const codes = await database.db.select().from(coupons).where(eq(coupons.organizationId, org.id));
    const welcome = codes.find((c) => c.code === 'WELCOME20')!;
    expect(welcome.percentOff).toBe(20);
    expect(new Set(welcome.appliesTo)).toEqual(new Set([generic.id, compounded.id]));
    const other = codes.find((c) => c.code === 'LABS15')!;
    expect(other.appliesTo).not.toContain(generic.id);
    expect(other.appliesTo).not.toContain(compounded.id);
  });

  it('creates intake templates with all four question types, a None option and follow-up questions', async () => {
    const org = await orgByDomain('localhost');
    const templates = await database.db
      .select()
      .from(intakeTemplates)
      .where(eq(intakeTemplates.organizationId, org.id));
    expect(templates.map((t) => t.slug).sort()).toEqual([
      'compounded-rapamycin',
      'generic-rapamycin',
      'global',
    ]);
    expect(templates.filter((t) => t.isGlobal)).toHaveLength(1);
    const generic = templates.find((t) => t.slug === 'generic-rapamycin')!;
    expect(generic.productDefaults).toHaveLength(1);
    expect(generic.productAddons.length).toBeGreaterThanOrEqual(2);

    const rows = await database.db.select().from(questions).where(eq(questions.templateId, generic.id));
    expect(new Set(rows.map((q) => q.type))).toEqual(
      new Set(['checkbox', 'radio', 'long-text', 'short-text']),
    );
    const none = await database.db
      .select({ label: questionOptions.label })
      .from(questionOptions)
      .innerJoin(questions, eq(questionOptions.questionId, questions.id))
      .where(and(eq(questions.templateId, generic.id), eq(questionOptions.includeNone, true)));
    expect(none.map((o) => o.label)).toEqual(['None of the above']);

    const followUps = await database.db
      .select({ type: questions.type, parentType: sql<string>`parent.type`, option: questionOptions.label })
      .from(questions)
      .innerJoin(sql`questions as parent`, sql`parent.id = ${questions.parentQuestionId}`)
      .innerJoin(questionOptions, eq(questionOptions.id, questions.parentOptionId))
      .where(and(eq(questions.templateId, generic.id), isNotNull(questions.parentQuestionId)));
    expect(
      followUps.some((f) => f.parentType === 'radio' && f.option === 'Yes' && f.type === 'short-text'),
    ).toBe(true);
  });

  it('creates 4 to 6 providers for brand 1 and 2 for brand 2, licensed in CA, TX, FL and NY', async () => {
    for (const [domain, min, max] of [
      ['localhost', 4, 6],
      ['127.0.0.1', 2, 2],
    ] as const) {
      const org = await orgByDomain(domain);
      const rows = await database.db
        .select()
        .from(physicians)
        .where(and(eq(physicians.organizationId, org.id), eq(physicians.isProvider, true)));
      expect(rows.length).toBeGreaterThanOrEqual(min);
      expect(rows.length).toBeLessThanOrEqual(max);
      for (const p of rows) expect(p.npiNum).toMatch(/^\d{10}$/);
      const licensed = await database.db
        .selectDistinct({ state: physicianStates.state })
        .from(physicianStates)
        .innerJoin(physicians, eq(physicianStates.physicianId, physicians.id))
        .where(eq(physicians.organizationId, org.id));
      expect(licensed.map((l) => l.state)).toEqual(expect.arrayContaining(['CA', 'TX', 'FL', 'NY']));
    }
  });

  it('creates the demo patient with a verifiable password and a history', async () => {
    const brand1 = await orgByDomain('localhost');
    const [dana] = await database.db
      .select()
      .from(users)
      .where(and(eq(users.organizationId, brand1.id), eq(users.email, DEMO_LOGINS.patient.email)));
    expect(dana).toBeDefined();
    expect(dana!.firstName).toBe('Dana');
    expect(dana!.state).toBe('CA');
    expect(dana!.birthday).toBeTruthy();
    expect(dana!.shippingInfo?.zip_code).toBeTruthy();
    expect(await verifyPassword(dana!.passwordHash, DEMO_LOGINS.patient.password)).toBe(true);
    expect(await verifyPassword(dana!.passwordHash, 'wrong-password')).toBe(false);

    const visits = await database.db.select().from(intakes).where(eq(intakes.userId, dana!.id));
    expect(visits.some((i) => i.patientComplete && !i.physicianReview && !i.closed)).toBe(true);
    expect(
      visits.some((i) => !i.patientComplete && i.completeTotal > 0 && i.completeTotal < i.questionsTotal),
    ).toBe(true);

    const subs = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, dana!.id));
    expect(new Set(subs.map((s) => s.status))).toEqual(new Set(SUBSCRIPTION_STATUSES));

    const notes = await database.db.select().from(notifications).where(eq(notifications.userId, dana!.id));
    expect(new Set(notes.map((n) => n.category))).toEqual(
      new Set(['visit', 'lab', 'message', 'order', 'welcome', 'subscription', 'payment', 'appointments']),
    );
    expect(notes.filter((n) => n.category === 'welcome' && !n.read)).toHaveLength(1);
    expect(notes.some((n) => n.read)).toBe(true);
    const ageDays = notes.map((n) => (Date.now() - n.createdAt.getTime()) / 86_400_000);
    expect(ageDays.some((d) => d < 1)).toBe(true);
    expect(ageDays.some((d) => d >= 3 && d < 7)).toBe(true);
    expect(ageDays.some((d) => d >= 7 && d < 30)).toBe(true);
    expect(ageDays.some((d) => d >= 30)).toBe(true);

    const [conversation] = await database.db
      .select()
      .from(conversations)
      .where(eq(conversations.patientId, dana!.id));
    const thread = await database.db
      .select({ role: users.role })
      .from(messages)
      .innerJoin(users, eq(messages.authorId, users.id))
      .where(eq(messages.conversationId, conversation!.id));
    expect(thread.filter((m) => m.role === 'care_team').length).toBeGreaterThanOrEqual(2);
  });

  it('gives the demo patient every subscription status with fitting periods, invoices and a coaching call', async () => {
    const brand1 = await orgByDomain('localhost');
    const [dana] = await database.db
      .select()
      .from(users)
      .where(and(eq(users.organizationId, brand1.id), eq(users.email, DEMO_LOGINS.patient.email)));
    const subs = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, dana!.id));
    const byStatus = (status: string) => subs.filter((s) => s.status === status);
    for (const status of SUBSCRIPTION_STATUSES) expect(byStatus(status).length, status).toBeGreaterThan(0);
    expect(byStatus('paused').every((s) => s.pauseCollection !== null)).toBe(true);
    for (const status of ['rescheduled', 'paused_by_reschedule'])
      expect(
        byStatus(status).every((s) => s.rescheduleDate && s.rescheduleDate > new Date()),
        status,
      ).toBe(true);
    expect(byStatus('awaiting_physician_review').every((s) => s.providerSubscriptionId === null)).toBe(true);
    for (const s of subs) {
      expect(s.productPlans.length, s.status).toBeGreaterThan(0);
      if (s.currentPeriodStart && s.currentPeriodEnd)
        expect(s.currentPeriodEnd > s.currentPeriodStart, s.status).toBe(true);
    }
    expect(new Set(subs.map((s) => s.type))).toEqual(
      new Set(['medication', 'supplement', 'coaching_membership']),
    );

    const coaching = subs.find((s) => s.type === 'coaching_membership')!;
    expect(coaching.membershipId).toBeTruthy();
    expect(new Date(coaching.coachingInfo!.appointment_end_time!) > new Date()).toBe(true);
    const calls = await database.db
      .select()
      .from(appointments)
      .where(eq(appointments.subscriptionId, coaching.id));
    expect(calls.map((a) => a.eventTypeKind)).toEqual(['coaching']);

    const bills = await database.db.select().from(invoices).where(eq(invoices.userId, dana!.id));
    const billed = (status: string) =>
      bills
        .filter((b) => subs.find((s) => s.id === b.subscriptionId)?.status === status)
        .map((b) => b.status);
    expect(billed('active')).toContain('paid');
    expect(billed('past_due')).toContain('open');
    expect(billed('unpaid')).toContain('uncollectible');
    expect(billed('incomplete_expired')).toEqual(['void']);
    expect(billed('awaiting_physician_review')).toEqual([]);

    const danaOrders = await database.db.select().from(orders).where(eq(orders.userId, dana!.id));
    const paid = danaOrders.filter((o) => ['paid', 'fulfilled'].includes(o.status));
    expect(paid.length).toBeGreaterThanOrEqual(3);
    for (const o of paid)
      expect(
        bills.some((b) => b.orderId === o.id && b.status === 'paid'),
        o.name,
      ).toBe(true);
    expect(danaOrders.some((o) => o.status === 'created')).toBe(true);
  });

  it('gives the demo patient notifications of every category and age, some read, some not', async () => {
    const [dana] = await database.db.select().from(users).where(eq(users.email, DEMO_LOGINS.patient.email));
    const notes = await database.db.select().from(notifications).where(eq(notifications.userId, dana!.id));
    const minutes = notes.map((n) => (Date.now() - n.createdAt.getTime()) / 60_000);
    // The relative-time bands of 001 §4: under an hour, hours, days (to 30), weeks (to 3 months), months.
    expect(minutes.some((m) => m < 60)).toBe(true);
    expect(minutes.some((m) => m >= 60 && m < 24 * 60)).toBe(true);
    expect(minutes.some((m) => m >= 24 * 60 && m < 30 * 24 * 60)).toBe(true);
    expect(minutes.some((m) => m >= 30 * 24 * 60 && m < 90 * 24 * 60)).toBe(true);
    expect(minutes.some((m) => m >= 90 * 24 * 60)).toBe(true);
    for (const category of ['visit', 'lab', 'message', 'order', 'subscription', 'payment', 'appointments']) {
      const ofCategory = notes.filter((n) => n.category === category);
      expect(
        ofCategory.some((n) => n.read),
        `${category} read`,
      ).toBe(true);
      expect(
        ofCategory.some((n) => !n.read),
        `${category} unread`,
      ).toBe(true);
    }
    const ready = notes.find((n) => n.message === 'Lab Results are now ready');
    const [report] = await database.db
      .select()
      .from(labReports)
      .where(eq(labReports.id, String(ready!.data.reportId)));
    expect(report).toMatchObject({ userId: dana!.id, status: 'reviewed' });
  });

  it('creates the second brand patient and the care-team accounts', async () => {
    const brand2 = await orgByDomain('127.0.0.1');
    const [alex] = await database.db
      .select()
      .from(users)
      .where(and(eq(users.organizationId, brand2.id), eq(users.email, DEMO_LOGINS.secondBrandPatient.email)));
    expect(await verifyPassword(alex!.passwordHash, DEMO_LOGINS.secondBrandPatient.password)).toBe(true);
    const careTeam = await database.db.select().from(users).where(eq(users.role, 'care_team'));
    expect(careTeam.map((u) => u.email).sort()).toEqual(
      [DEMO_LOGINS.careTeam.email, DEMO_LOGINS.secondBrandCareTeam.email].sort(),
    );
  });

  it('creates each clinic a physician licensed in every state, not listed as a provider, and an admin', async () => {
    const allStates = (await database.db.select({ s: states.abbreviation }).from(states)).map((r) => r.s);
    for (const [domain, physicianLogin, adminLogin] of [
      ['localhost', DEMO_LOGINS.physician, DEMO_LOGINS.admin],
      ['127.0.0.1', DEMO_LOGINS.secondBrandPhysician, DEMO_LOGINS.secondBrandAdmin],
    ] as const) {
      const org = await orgByDomain(domain);
      const staff = await database.db
        .select({ id: users.id, email: users.email, role: users.role, hash: users.passwordHash })
        .from(users)
        .where(and(eq(users.organizationId, org.id), sql`${users.role} in ('physician', 'admin')`))
        .orderBy(asc(users.role));
      expect(staff.map((u) => [u.email, u.role])).toEqual([
        [adminLogin.email, 'admin'],
        [physicianLogin.email, 'physician'],
      ]);
      expect(await verifyPassword(staff[1]!.hash, physicianLogin.password)).toBe(true);
      const [director] = await database.db
        .select()
        .from(physicians)
        .where(eq(physicians.userId, staff[1]!.id));
      expect(director).toMatchObject({ organizationId: org.id, isProvider: false, active: true });
      const licensed = await database.db
        .select({ s: physicianStates.state })
        .from(physicianStates)
        .where(eq(physicianStates.physicianId, director!.id));
      expect(licensed.map((l) => l.s).sort()).toEqual([...allStates].sort());
    }
  });

  it('does nothing when run again', async () => {
    const count = async () =>
      (await database.db.select({ n: sql<number>`count(*)::int` }).from(products))[0]!.n;
    const before = await count();
    expect(await seedDatabase(database.db, { hashPassword, appUrl: (host) => `http://${host}` })).toEqual({
      seeded: false,
    });
    expect(await count()).toBe(before);
    expect(await database.db.select().from(organizations)).toHaveLength(2);
  });
});
