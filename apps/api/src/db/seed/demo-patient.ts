import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { newId } from '../ids';
import { appointments } from '../schema/appointments';
import { couponRedemptions, coupons, paymentMethods } from '../schema/billing';
import { events } from '../schema/events';
import { type IntakeProduct, intakeResponses, intakes } from '../schema/intakes';
import { labMarkers, labReports } from '../schema/labs';
import { conversations, type MessageBlock, messages } from '../schema/messaging';
import { type NotificationCategory, type NotificationData, notifications } from '../schema/notifications';
import { orders } from '../schema/orders';
import { invoices, subscriptions } from '../schema/subscriptions';
import { users } from '../schema/users';
import { findProduct } from './catalogue';
import { seedDemoSubscriptionStatuses } from './demo-subscriptions';
import type { SeededTemplate } from './intake-templates';
import { bioAgeOf, COMPREHENSIVE_KEYS, DANA_LAB_VALUES as LAB_VALUES, markerDefinition } from './lab-markers';
import {
  type BrandContext,
  careTeamUser,
  DAY,
  HOUR,
  isoDate,
  orderName,
  responsesFor,
  welcomeAnnouncement,
} from './patient-history';

export const DEMO_PASSWORD = 'Demo1234!';

/** Dana's birthday and sex: her lab ranges and biological age depend on them. */
export const DANA_BIRTHDAY = '1984-03-14';
export const DANA_SEX = 'female';

/** Accounts the seed creates, for trying the portal, for tests and for the README. */
export const DEMO_LOGINS = {
  /** Brand 1 (Evergreen Longevity, http://localhost): a patient with a full history. */
  patient: {
    email: 'demo@evergreen.test',
    password: DEMO_PASSWORD,
    firstName: 'Dana',
    lastName: 'Demo',
    brand: 'evergreen',
    domain: 'localhost',
    role: 'patient',
  },
  /** Brand 1's care team; appears as the other party in Dana's conversation. */
  careTeam: {
    email: 'care@evergreen.test',
    password: DEMO_PASSWORD,
    firstName: 'Jordan',
    lastName: 'Lee',
    brand: 'evergreen',
    domain: 'localhost',
    role: 'care_team',
  },
  /** Brand 1's reviewing physician (medical director), licensed in every state. */
  physician: {
    email: 'physician@evergreen.test',
    password: DEMO_PASSWORD,
    firstName: 'Samuel',
    lastName: 'Osei',
    brand: 'evergreen',
    domain: 'localhost',
    role: 'physician',
  },
  /** Brand 1's administrator: staff and clinic settings. */
  admin: {
    email: 'admin@evergreen.test',
    password: DEMO_PASSWORD,
    firstName: 'Morgan',
    lastName: 'Hale',
    brand: 'evergreen',
    domain: 'localhost',
    role: 'admin',
  },
  /** Brand 2 (Bluecrest Health, http://127.0.0.1). */
  secondBrandPatient: {
    email: 'alex@bluecrest.test',
    password: DEMO_PASSWORD,
    firstName: 'Alex',
    lastName: 'Rivera',
    brand: 'bluecrest',
    domain: '127.0.0.1',
    role: 'patient',
  },
  secondBrandCareTeam: {
    email: 'care@bluecrest.test',
    password: DEMO_PASSWORD,
    firstName: 'Riley',
    lastName: 'Chen',
    brand: 'bluecrest',
    domain: '127.0.0.1',
    role: 'care_team',
  },
  secondBrandPhysician: {
    email: 'physician@bluecrest.test',
    password: DEMO_PASSWORD,
    firstName: 'Elena',
    lastName: 'Marsh',
    brand: 'bluecrest',
    domain: '127.0.0.1',
    role: 'physician',
  },
  secondBrandAdmin: {
    email: 'admin@bluecrest.test',
    password: DEMO_PASSWORD,
    firstName: 'Casey',
    lastName: 'Park',
    brand: 'bluecrest',
    domain: '127.0.0.1',
    role: 'admin',
  },
} as const;

export type DemoLogin = (typeof DEMO_LOGINS)[keyof typeof DEMO_LOGINS];

/** Password hashes computed before the seed transaction opens, keyed like DEMO_LOGINS. */
export type DemoPasswordHashes = Record<keyof typeof DEMO_LOGINS, string>;

/** Dana Demo on brand 1: a complete profile and a history touching every area of the portal. */
export async function seedDemoPatient(
  tx: Db,
  ctx: BrandContext,
  hashes: DemoPasswordHashes,
): Promise<{ userId: string }> {
  const { organizationId, catalogue: c, templates, now } = ctx;
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * HOUR);
  const ahead = (days: number, hours = 0) => new Date(now.getTime() + days * DAY + hours * HOUR);
  const login = DEMO_LOGINS.patient;
  const okafor = ctx.physicians.find((p) => p.key === 'maya-okafor') ?? ctx.physicians[0]!;

  const careTeam = careTeamUser(
    ctx,
    DEMO_LOGINS.careTeam,
    hashes.careTeam,
    `/brands/${ctx.brandSlug}/care-team.svg`,
  );
  const userId = newId();
  const paymentMethodRef = 'pm_sandbox_dana_visa';
  await tx.insert(users).values([
    careTeam,
    {
      id: userId,
      organizationId,
      role: 'patient',
      email: login.email,
      passwordHash: hashes.patient,
      firstName: login.firstName,
      lastName: login.lastName,
      mobileNumber: '4155550142',
      mobileVerified: true,
      birthday: DANA_BIRTHDAY,
      sex: DANA_SEX,
      height: 66,
      weight: 142,
      state: 'CA',
      verified: false,
      verificationStatus: 'not_started',
      requiresIntake: false,
      completeIntake: true,
      stripeId: 'cus_sandbox_dana',
      hasCardSource: true,
      stripeProfile: { default_source: paymentMethodRef },
      medicalProfile: {
        pregnant: false,
        planning_pregnancy: false,
        breastfeeding: false,
        has_allergies: true,
        allergy_text: 'Penicillin (rash)',
        has_medical_conditions: false,
        has_current_medications: true,
        current_medications: 'Vitamin D3 2,000 IU daily',
        lifestyle: {
          biggest_challenge: 'Staying consistent with exercise',
          sleep_hours: '7-8 hours',
          diet: ['Mostly whole foods', 'Low alcohol'],
        },
      },
      analyticsTraits: { utm_source: 'newsletter', utm_campaign: 'spring-longevity' },
      featureFlags: { labs2: false },
      shippingInfo: {
        first_name: 'Dana',
        last_name: 'Demo',
        street_address: '1200 Pine Street',
        apt_suite: 'Apt 4B',
        city: 'San Francisco',
        state: 'CA',
        zip_code: '94109',
        country: 'us',
        phone_number: '4155550142',
        mobile_number: '4155550142',
      },
      acceptedTermsAt: ago(215),
      createdAt: ago(215),
    },
  ]);

  await tx.insert(paymentMethods).values({
    userId,
    organizationId,
    provider: 'sandbox',
    providerCustomerId: 'cus_sandbox_dana',
    providerPaymentMethodId: paymentMethodRef,
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2030,
    createdAt: ago(212),
  });

  // Visits: one reviewed long ago, one awaiting physician review, one part-way.
  const generic2mg3 = findProduct(c, c.templates.genericRapamycin, 3, '2 mg');
  const nad1 = findProduct(c, c.templates.nad, 1);
  const metformin3 = findProduct(c, c.templates.metformin, 3, '500 mg');
  const omega1 = findProduct(c, c.templates.omega3, 1);
  const omegaOnce = findProduct(c, c.templates.omega3, 0);
  const essentials = findProduct(c, c.templates.essentialsPanel, 0);
  const comprehensive = findProduct(c, c.templates.comprehensivePanel, 0);

  const ids = {
    reviewedIntake: newId(),
    reviewIntake: newId(),
    openIntake: newId(),
    active: newId(),
    paused: newId(),
    canceled: newId(),
    awaiting: newId(),
  };

  const reviewed = responsesFor(
    templates.generic,
    ids.reviewedIntake,
    {
      conditions: { options: ['None of the above'] },
      rapamycin_before: { options: ['No'] },
      procedure_planned: { options: ['No'] },
      immune_medication: { options: ['No'] },
      goals: {
        text: 'I want to stay strong and active into my eighties, keep my metabolic markers in range, and lower my long-term risk of heart disease. Both of my parents developed type 2 diabetes in their sixties.',
      },
      primary_care: { text: 'Dr. Alan Park, San Francisco' },
    },
    ago(211),
  );
  const inReview = responsesFor(
    templates.global,
    ids.reviewIntake,
    {
      focus_areas: { options: ['Energy', 'Metabolic health'] },
      exercise: { options: ['3-4 times a week'] },
      medication_changes: {
        options: ['Yes'],
        followUps: { medication_changes_details: 'Started vitamin D3 2,000 IU daily in January.' },
      },
      history_notes: {
        text: 'My fasting insulin has been creeping up over the last two years even though my weight is stable. I would like to discuss adding metformin to my rapamycin protocol.',
      },
      pharmacy: { text: 'Walgreens, Pine Street, San Francisco' },
    },
    ago(3, 1),
  );
  const partWay = responsesFor(
    templates.compounded,
    ids.openIntake,
    {
      conditions: {
        options: ['An active or recurring infection'],
        followUps: {
          infection_details: 'Recurring sinus infections, last treated with antibiotics in the autumn.',
        },
      },
      rapamycin_before: {
        options: ['Yes'],
        followUps: { rapamycin_before_details: '2 mg generic rapamycin once weekly for seven months.' },
      },
    },
    ago(10),
  );

  const intakeProduct = (
    templateId: string,
    p: { id: string; intervalCount: number },
    extra: Partial<IntakeProduct> = {},
  ): IntakeProduct => ({
    product_template: templateId,
    product: p.id,
    quantity: 1,
    shipping: { months: p.intervalCount },
    ...extra,
  });
  const counters = (template: SeededTemplate, answered: number) => ({
    totalSteps: template.questions.length,
    questionsTotal: template.questions.length,
    completeTotal: answered,
    incompleteTotal: template.questions.length - answered,
  });

  await tx.insert(intakes).values([
    {
      id: ids.reviewedIntake,
      userId,
      organizationId,
      templateId: templates.generic.id,
      ...counters(templates.generic, reviewed.answered),
      products: [
        intakeProduct(c.templates.genericRapamycin, generic2mg3, {
          quantity: 12,
          dosage: '2 mg',
          frequency: 'Once weekly',
          referrer: 'shop',
          treatment_properties: {
            duration: 3,
            has_custom_quantity: false,
            product: generic2mg3.id,
            product_template: c.templates.genericRapamycin,
            quantity: 12,
            recommendation_requested: false,
          },
        }),
        intakeProduct(c.templates.nad, nad1, { is_addon: true }),
      ],
      subscriptions: [ids.active, ids.paused],
      bundleSupport: true,
      patientComplete: true,
      physicianReview: true,
      promoCode: 'WELCOME20',
      completedAt: ago(211),
      reviewedAt: ago(210),
      createdAt: ago(212),
    },
    {
      id: ids.reviewIntake,
      userId,
      organizationId,
      templateId: templates.global.id,
      ...counters(templates.global, inReview.answered),
      products: [
        intakeProduct(c.templates.metformin, metformin3, { dosage: '500 mg', frequency: 'Once daily' }),
      ],
      subscriptions: [ids.awaiting],
      patientComplete: true,
      completedAt: ago(3),
      createdAt: ago(3, 2),
    },
    {
      id: ids.openIntake,
      userId,
      organizationId,
      templateId: templates.compounded.id,
      ...counters(templates.compounded, partWay.answered),
      products: [{ product_template: c.templates.compoundedRapamycin, referrer: 'dashboard' }],
      expiresAt: ahead(20),
      createdAt: ago(10, 1),
    },
  ]);
  await tx.insert(intakeResponses).values([...reviewed.rows, ...inReview.rows, ...partWay.rows]);

  // Subscriptions in several states.
  const activeAmount = generic2mg3.unitAmount;
  await tx.insert(subscriptions).values([
    {
      id: ids.active,
      userId,
      organizationId,
      status: 'active',
      type: 'medication',
      name: 'Generic Rapamycin',
      durationMonths: 3,
      productPlans: [
        {
          product_template: c.templates.genericRapamycin,
          product: generic2mg3.id,
          quantity: 12,
          duration: 3,
          unit_amount: activeAmount,
          dosage: '2 mg',
          frequency: 'Once weekly',
        },
      ],
      prescriptions: [
        {
          _id: newId(),
          physician_id: okafor.id,
          medication: {
            name: 'Sirolimus 2 mg tablet',
            strength: '2 mg',
            patient_instructions:
              'Take 2 mg (one tablet) by mouth once a week on the same day, with or without food. Pause for one week before and after any surgery or dental procedure.',
            expiration_date: isoDate(ahead(155)),
            refills: 2,
          },
        },
      ],
      scheduleDetails: { phases: [{ start_date: ago(210).toISOString() }] },
      currentPeriodStart: ago(30),
      currentPeriodEnd: ahead(60),
      cancellationInfo: { renews_at: ahead(60).toISOString(), cancellation_attempt: 0 },
      providerSubscriptionId: `sub_sandbox_${newId()}`,
      intakeId: ids.reviewedIntake,
      promoCode: 'WELCOME20',
      createdAt: ago(210),
    },
    {
      id: ids.paused,
      userId,
      organizationId,
      status: 'paused',
      type: 'medication',
      name: 'NAD+ Nasal Spray',
      durationMonths: 1,
      productPlans: [
        {
          product_template: c.templates.nad,
          product: nad1.id,
          quantity: 1,
          duration: 1,
          unit_amount: nad1.unitAmount,
          dosage: '300 mg',
          frequency: 'Daily',
        },
      ],
      prescriptions: [
        {
          _id: newId(),
          physician_id: okafor.id,
          medication: {
            name: 'NAD+ nasal spray 300 mg/mL',
            patient_instructions: 'Use one spray in each nostril every morning.',
            expiration_date: isoDate(ahead(150)),
          },
        },
      ],
      currentPeriodStart: ago(50),
      currentPeriodEnd: ago(20),
      pauseCollection: { behavior: 'void', resumes_at: null },
      pauseReason: 'away',
      cancellationInfo: { cancellation_attempt: 0 },
      providerSubscriptionId: `sub_sandbox_${newId()}`,
      intakeId: ids.reviewedIntake,
      createdAt: ago(210),
    },
    {
      id: ids.canceled,
      userId,
      organizationId,
      status: 'canceled',
      type: 'supplement',
      name: 'Omega-3 Longevity Blend',
      durationMonths: 1,
      productPlans: [
        {
          product_template: c.templates.omega3,
          product: omega1.id,
          quantity: 1,
          duration: 1,
          unit_amount: omega1.unitAmount,
        },
      ],
      currentPeriodStart: ago(105),
      currentPeriodEnd: ago(75),
      canceledAt: ago(75),
      cancelReason: 'not_needed',
      cancellationInfo: { cancellation_attempt: 1 },
      providerSubscriptionId: `sub_sandbox_${newId()}`,
      createdAt: ago(165),
    },
    {
      id: ids.awaiting,
      userId,
      organizationId,
      status: 'awaiting_physician_review',
      type: 'medication',
      name: 'Metformin ER',
      durationMonths: 3,
      productPlans: [
        {
          product_template: c.templates.metformin,
          product: metformin3.id,
          quantity: 90,
          duration: 3,
          unit_amount: metformin3.unitAmount,
          dosage: '500 mg',
          frequency: 'Once daily',
        },
      ],
      cancellationInfo: { cancellation_attempt: 0 },
      intakeId: ids.reviewIntake,
      createdAt: ago(3),
    },
  ]);

  // Every other status of 001 §4, and a coaching membership with a booked session.
  const moreSubscriptions = await seedDemoSubscriptionStatuses(tx, ctx, {
    userId,
    physicianId: okafor.id,
    physicianName: okafor.lastName,
  });

  // One-time orders: three fulfilled (the Comprehensive panel twice, months apart, and Omega-3), one paid and
  // on its way, one lab (the Essentials panel) created but not yet submitted.
  const urolithinOnce = findProduct(c, c.templates.urolithin, 0);
  const orderIds = {
    labFirst: newId(),
    labFollowUp: newId(),
    omega: newId(),
    labOrdered: newId(),
    urolithin: newId(),
  };
  await tx.insert(orders).values([
    {
      id: orderIds.labFirst,
      name: orderName(ago(200), 'Comprehensive Longevity Panel'),
      userId,
      organizationId,
      productTemplateId: c.templates.comprehensivePanel,
      productId: comprehensive.id,
      status: 'fulfilled',
      subtotalAmount: comprehensive.unitAmount,
      amount: comprehensive.unitAmount,
      submittedAt: ago(200),
      fulfilledAt: ago(199),
      createdAt: ago(200),
    },
    {
      id: orderIds.labFollowUp,
      name: orderName(ago(35), 'Comprehensive Longevity Panel'),
      userId,
      organizationId,
      productTemplateId: c.templates.comprehensivePanel,
      productId: comprehensive.id,
      status: 'fulfilled',
      subtotalAmount: comprehensive.unitAmount,
      amount: comprehensive.unitAmount,
      submittedAt: ago(35),
      fulfilledAt: ago(34),
      createdAt: ago(35),
    },
    {
      id: orderIds.omega,
      name: orderName(ago(60), 'Omega-3 Longevity Blend'),
      userId,
      organizationId,
      productTemplateId: c.templates.omega3,
      productId: omegaOnce.id,
      status: 'fulfilled',
      subtotalAmount: omegaOnce.unitAmount,
      amount: omegaOnce.unitAmount,
      submittedAt: ago(60),
      fulfilledAt: ago(58),
      createdAt: ago(60),
    },
    {
      id: orderIds.urolithin,
      name: orderName(ago(8), 'Urolithin A'),
      userId,
      organizationId,
      productTemplateId: c.templates.urolithin,
      productId: urolithinOnce.id,
      quantity: 2,
      status: 'paid',
      subtotalAmount: urolithinOnce.unitAmount * 2,
      amount: urolithinOnce.unitAmount * 2,
      providerPaymentId: `pi_sandbox_${newId()}`,
      submittedAt: ago(8),
      createdAt: ago(8),
    },
    {
      id: orderIds.labOrdered,
      name: orderName(ago(2), 'Longevity Essentials Panel'),
      userId,
      organizationId,
      productTemplateId: c.templates.essentialsPanel,
      productId: essentials.id,
      status: 'created',
      subtotalAmount: essentials.unitAmount,
      amount: essentials.unitAmount,
      createdAt: ago(2),
    },
  ]);

  const welcomeDiscount = Math.round(activeAmount * 0.2);
  const invoice = (
    source: { subscriptionId?: string; orderId?: string },
    amount: number,
    start: Date,
    end: Date | null,
  ): typeof invoices.$inferInsert => ({
    organizationId,
    userId,
    ...source,
    amountDue: amount,
    amountPaid: amount,
    status: 'paid',
    periodStart: start,
    periodEnd: end,
    providerInvoiceId: `in_sandbox_${newId()}`,
    paidAt: start,
    createdAt: start,
  });
  await tx
    .insert(invoices)
    .values([
      invoice({ subscriptionId: ids.active }, activeAmount - welcomeDiscount, ago(210), ago(120)),
      invoice({ subscriptionId: ids.active }, activeAmount, ago(120), ago(30)),
      invoice({ subscriptionId: ids.active }, activeAmount, ago(30), ahead(60)),
      invoice({ subscriptionId: ids.paused }, nad1.unitAmount, ago(80), ago(50)),
      invoice({ subscriptionId: ids.paused }, nad1.unitAmount, ago(50), ago(20)),
      invoice({ subscriptionId: ids.canceled }, omega1.unitAmount, ago(135), ago(105)),
      invoice({ subscriptionId: ids.canceled }, omega1.unitAmount, ago(105), ago(75)),
      invoice({ orderId: orderIds.labFirst }, comprehensive.unitAmount, ago(200), null),
      invoice({ orderId: orderIds.labFollowUp }, comprehensive.unitAmount, ago(35), null),
      invoice({ orderId: orderIds.omega }, omegaOnce.unitAmount, ago(60), null),
      invoice({ orderId: orderIds.urolithin }, urolithinOnce.unitAmount * 2, ago(8), null),
    ]);

  await tx.insert(couponRedemptions).values({
    couponId: c.coupons.welcome,
    userId,
    organizationId,
    intakeId: ids.reviewedIntake,
    subscriptionId: ids.active,
    amountOff: welcomeDiscount,
    redeemedAt: ago(211),
  });
  await tx.update(coupons).set({ timesRedeemed: 1 }).where(eq(coupons.id, c.coupons.welcome));

  // Labs: the Comprehensive panel reviewed twice, six months apart (the follow-up improves most markers),
  // and the Essentials panel just ordered (its order created, not yet submitted: Visit Form Pending).
  const reportIds = { first: newId(), followUp: newId(), ordered: newId() };
  const labDates = {
    first: { created: ago(200), collected: ago(193), reviewed: ago(186) },
    followUp: { created: ago(35), collected: ago(27), reviewed: ago(20) },
  };
  const first = LAB_VALUES.first;
  const followUp = LAB_VALUES.followUp;
  await tx.insert(labReports).values([
    {
      id: reportIds.first,
      userId,
      organizationId,
      panelId: c.labPanels.comprehensive,
      orderId: orderIds.labFirst,
      status: 'reviewed',
      statusChangedAt: labDates.first.reviewed,
      title: 'Comprehensive Longevity Panel Results',
      reviewerId: okafor.id,
      reviewedAt: labDates.first.reviewed,
      text: {
        intro:
          'Hi Dana, I have reviewed your first Comprehensive Longevity Panel. Your liver, kidney, thyroid and blood counts are **healthy**, and your biological age is already a little below your age.',
        main: `Several markers deserve attention. Your **ApoB (${first.apob} mg/dL)** and **LDL cholesterol (${first.ldl_c} mg/dL)** are above range: for long-term heart health we aim for an ApoB below 80. Your **vitamin D (${first.vitamin_d} ng/mL)** is low, and **hs-CRP (${first.hs_crp} mg/L)** and **fasting insulin (${first.insulin} µIU/mL)** are borderline.\n\nI suggest more soluble fibre (oats, beans, lentils), two servings of oily fish a week, a walk after meals, and vitamin D3 2,000 IU daily.`,
        conclusion:
          'Let us recheck the full panel in six months to see how these changes work for you. Message us any time with questions.',
      },
      bioAge: bioAgeOf(DANA_BIRTHDAY, labDates.first.collected, first),
      collectedAt: labDates.first.collected,
      createdAt: labDates.first.created,
      updatedAt: labDates.first.reviewed,
    },
    {
      id: reportIds.followUp,
      userId,
      organizationId,
      panelId: c.labPanels.comprehensive,
      orderId: orderIds.labFollowUp,
      status: 'reviewed',
      statusChangedAt: labDates.followUp.reviewed,
      title: 'Comprehensive Longevity Panel Results',
      reviewerId: okafor.id,
      reviewedAt: labDates.followUp.reviewed,
      text: {
        intro:
          'Hi Dana, great progress since your last panel: your **vitamin D, insulin, hs-CRP and homocysteine are now optimal**, and your biological age has come down.',
        main: `Your **ApoB (${followUp.apob} mg/dL)** fell from ${first.apob} and is now borderline, and your **LDL cholesterol (${followUp.ldl_c} mg/dL)** is just above range. Lipoprotein(a) (${followUp.lpa} mg/dL) is largely inherited and unchanged, which is expected.\n\nKeep up the fibre, the oily fish and your exercise routine, and continue vitamin D3 2,000 IU daily.`,
        conclusion:
          'Let us recheck ApoB and LDL in six months. If ApoB stays above 80, we can discuss further options at your next visit. Keep up the great work!',
      },
      bioAge: bioAgeOf(DANA_BIRTHDAY, labDates.followUp.collected, followUp),
      collectedAt: labDates.followUp.collected,
      createdAt: labDates.followUp.created,
      updatedAt: labDates.followUp.reviewed,
    },
    {
      id: reportIds.ordered,
      userId,
      organizationId,
      panelId: c.labPanels.essentials,
      orderId: orderIds.labOrdered,
      status: 'created',
      statusChangedAt: ago(2),
      title: 'Longevity Essentials Panel Results',
      createdAt: ago(2),
      updatedAt: ago(2),
    },
  ]);
  const markerRows = (reportId: string, values: Record<string, number>, at: Date) =>
    COMPREHENSIVE_KEYS.map((key, position) => {
      const m = markerDefinition(key, DANA_SEX);
      return {
        reportId,
        code: m.code,
        name: m.name,
        unit: m.unit,
        value: values[key]!,
        ranges: m.ranges,
        legend: m.legend,
        category: m.category,
        categorySlug: m.category_slug,
        position,
        createdAt: at,
      };
    });
  await tx
    .insert(labMarkers)
    .values([
      ...markerRows(reportIds.first, first, labDates.first.reviewed),
      ...markerRows(reportIds.followUp, followUp, labDates.followUp.reviewed),
    ]);

  // Notifications of every category and of various ages; the welcome one unread.
  const note = (
    category: NotificationCategory,
    message: string,
    at: Date,
    read: boolean,
    data: NotificationData = {},
  ): typeof notifications.$inferInsert => ({
    userId,
    organizationId,
    category,
    message,
    data,
    read,
    readAt: read ? new Date(at.getTime() + HOUR) : null,
    createdAt: at,
  });
  await tx.insert(notifications).values([
    note('message', 'Your care team sent you a message.', new Date(now.getTime() - 4 * 60 * 1000), false),
    ...moreSubscriptions.notes.map((n) => note(n.category, n.message, n.at, n.read)),
    note('order', 'Your Urolithin A order has shipped.', ago(7), false),
    note('order', 'We received your Urolithin A order.', ago(8), true),
    note('lab', 'Your Longevity Essentials Panel is ready to order.', ago(2, 3), false),
    note('visit', 'Your Generic Rapamycin visit was submitted.', ago(211), true),
    note('visit', 'Your Compounded Rapamycin visit is waiting for you to finish it.', ago(1, 2), false),
    note(
      'welcome',
      `Welcome to ${ctx.brandName}! Start your first visit to build your protocol.`,
      ago(214),
      true,
    ),
    note('payment', 'We received your payment for Urolithin A. Thank you!', ago(110, 1), true),
    note('message', 'You have a new message from your care team.', ago(0, 2), false),
    note(
      'appointments',
      `Your follow-up consultation with Dr. ${okafor.lastName} is booked.`,
      ago(0, 1),
      false,
    ),
    note('payment', 'We received your payment for Generic Rapamycin. Thank you!', ago(0, 5), true),
    note('subscription', 'Your Metformin ER request is awaiting physician review.', ago(2), false, {
      type: 'protocol',
    }),
    note(
      'welcome',
      `Welcome to ${ctx.brandName}! Your visit is complete and a physician will review it shortly.`,
      ago(3),
      false,
    ),
    note('visit', 'Your visit was submitted and is awaiting physician review.', ago(3, 1), true),
    note('lab', 'Lab Results are now ready', ago(20), true, {
      type: 'other',
      reportId: reportIds.followUp,
    }),
    note('subscription', 'Your NAD+ Nasal Spray subscription has been paused.', ago(20, 2), true),
    note(
      'message',
      `Dr. ${okafor.lastName}'s team replied to your question about your lab results.`,
      ago(20, 4),
      true,
    ),
    note('order', 'Your Comprehensive Longevity Panel order has been placed.', ago(35), true),
    note('order', 'Your Omega-3 Longevity Blend order has shipped.', ago(58), true),
    note('visit', 'Your physician approved your Generic Rapamycin protocol.', ago(60), true, {
      type: 'protocol',
    }),
    note('payment', 'Your card ending in 4242 was saved to your account.', ago(60, 3), true),
    note('appointments', `Your consultation with Dr. ${okafor.lastName} is confirmed.`, ago(61), true),
  ]);

  // A conversation with the care team; the newest message is unread by the patient.
  const conversationId = newId();
  await tx.insert(conversations).values({
    id: conversationId,
    patientId: userId,
    organizationId,
    patientRead: false,
    medicalTeamRead: true,
    lastMessageAt: ago(0, 2),
    createdAt: ago(210),
  });
  const text = (t: string): MessageBlock[] => [{ type: 'paragraph', text: t }];
  await tx.insert(messages).values([
    {
      conversationId,
      authorId: careTeam.id,
      messageStyle: 2,
      blocks: welcomeAnnouncement(ctx.brandName, careTeam.firstName, userId),
      createdAt: ago(210),
    },
    {
      conversationId,
      authorId: userId,
      blocks: text('Hi! I just got my lab results. Is the ApoB number something I should worry about?'),
      createdAt: ago(20, 6),
    },
    {
      conversationId,
      authorId: careTeam.id,
      blocks: [
        ...text(
          `Great question, Dana. Dr. ${okafor.lastName} reviewed your results: ApoB came down from 96 to 84: still borderline, but moving the right way. She recommends keeping up the diet changes and a recheck in six months.`,
        ),
        {
          type: 'action',
          text: 'View your analysis',
          linkUrl: `/dashboard/${userId}/lab-analysis/${reportIds.followUp}`,
        },
      ],
      createdAt: ago(20, 4),
    },
    {
      conversationId,
      authorId: userId,
      blocks: text(
        'Thanks! I just submitted a visit to add metformin. How long does the review usually take?',
      ),
      createdAt: ago(3),
    },
    {
      conversationId,
      authorId: careTeam.id,
      blocks: text(
        `Thanks, Dana! Physician review typically takes 12-48 hours. We will message you as soon as Dr. ${okafor.lastName} has reviewed your visit.`,
      ),
      createdAt: ago(0, 2),
    },
  ]);

  const at = (d: Date, hour: number, minute = 0) => {
    const copy = new Date(d);
    copy.setUTCHours(hour, minute, 0, 0);
    return copy;
  };
  await tx.insert(appointments).values([
    {
      patientId: userId,
      physicianId: okafor.id,
      organizationId,
      name: 'Longevity consultation',
      startTime: at(ago(60), 17),
      endTime: at(ago(60), 17, 30),
      location: `https://meet.example.com/${ctx.brandSlug}/okafor`,
      externalSource: 'scheduler',
      uuid: `evt_${newId()}`,
      eventTypeKind: 'consultation',
      createdAt: ago(62),
    },
    {
      patientId: userId,
      organizationId,
      name: 'Identity verification call',
      startTime: at(ago(10), 18),
      endTime: at(ago(10), 18, 15),
      canceled: true,
      canceledAt: ago(11),
      location: `https://meet.example.com/${ctx.brandSlug}/verification`,
      externalSource: 'scheduler',
      uuid: `evt_${newId()}`,
      eventTypeKind: 'user-verification',
      createdAt: ago(12),
    },
    {
      patientId: userId,
      physicianId: okafor.id,
      organizationId,
      name: 'Follow-up consultation',
      startTime: at(ahead(5), 17),
      endTime: at(ahead(5), 17, 30),
      location: `https://meet.example.com/${ctx.brandSlug}/okafor`,
      externalSource: 'scheduler',
      uuid: `evt_${newId()}`,
      eventTypeKind: 'consultation',
      createdAt: ago(0, 1),
    },
  ]);

  await tx.insert(events).values([
    { organizationId, userId, name: 'signup', properties: { utm_source: 'newsletter' }, createdAt: ago(215) },
    {
      organizationId,
      userId,
      name: 'checkout_completed',
      properties: {
        intake_id: ids.reviewedIntake,
        value: activeAmount - welcomeDiscount,
        promo_code: 'WELCOME20',
      },
      createdAt: ago(211),
    },
    {
      organizationId,
      userId,
      name: 'intake_completed',
      properties: { intake_id: ids.reviewIntake },
      createdAt: ago(3),
    },
    {
      organizationId,
      userId,
      name: 'marketing_tag',
      properties: { tag: 'status:intake:complete', status: 'active' },
      createdAt: ago(3),
    },
  ]);

  return { userId };
}
