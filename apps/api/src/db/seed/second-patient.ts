import type { Db } from '../client';
import { newId } from '../ids';
import { paymentMethods } from '../schema/billing';
import { intakeResponses, intakes } from '../schema/intakes';
import { labMarkers, labReports } from '../schema/labs';
import { conversations, messages } from '../schema/messaging';
import { notifications } from '../schema/notifications';
import { invoices, subscriptions } from '../schema/subscriptions';
import { users } from '../schema/users';
import { findProduct } from './catalogue';
import { DEMO_LOGINS, type DemoPasswordHashes } from './demo-patient';
import { bioAgeOf, COMPREHENSIVE_KEYS, DANA_LAB_VALUES, markerDefinition } from './lab-markers';
import {
  type BrandContext,
  careTeamUser,
  DAY,
  HOUR,
  isoDate,
  responsesFor,
  welcomeAnnouncement,
} from './patient-history';

const ALEX_BIRTHDAY = '1979-09-02';
const ALEX_SEX = 'male' as const;

/** Alex Rivera on brand 2: verified, on a compounded rapamycin plan, with a welcome to read. */
export async function seedSecondBrandPatient(
  tx: Db,
  ctx: BrandContext,
  hashes: DemoPasswordHashes,
): Promise<{ userId: string }> {
  const { organizationId, catalogue: c, templates, now } = ctx;
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * HOUR);
  const ahead = (days: number) => new Date(now.getTime() + days * DAY);
  const login = DEMO_LOGINS.secondBrandPatient;
  const physician = ctx.physicians[0]!;
  const careTeam = careTeamUser(
    ctx,
    DEMO_LOGINS.secondBrandCareTeam,
    hashes.secondBrandCareTeam,
    `/brands/${ctx.brandSlug}/care-team.svg`,
  );
  const userId = newId();
  await tx.insert(users).values([
    careTeam,
    {
      id: userId,
      organizationId,
      role: 'patient',
      email: login.email,
      passwordHash: hashes.secondBrandPatient,
      firstName: login.firstName,
      lastName: login.lastName,
      mobileNumber: '5125550199',
      mobileVerified: false,
      birthday: ALEX_BIRTHDAY,
      sex: ALEX_SEX,
      height: 71,
      weight: 184,
      state: 'TX',
      verified: true,
      verificationStatus: 'completed',
      requiresIntake: false,
      completeIntake: true,
      stripeId: 'cus_sandbox_alex',
      hasCardSource: true,
      stripeProfile: { default_source: 'pm_sandbox_alex_mc' },
      medicalProfile: {
        has_allergies: false,
        has_medical_conditions: false,
        has_current_medications: false,
        lifestyle: { biggest_challenge: 'Sleep' },
      },
      shippingInfo: {
        first_name: 'Alex',
        last_name: 'Rivera',
        street_address: '2401 South Lamar Blvd',
        apt_suite: 'Unit 12',
        city: 'Austin',
        state: 'TX',
        zip_code: '78704',
        country: 'us',
        phone_number: '5125550199',
        mobile_number: '5125550199',
      },
      acceptedTermsAt: ago(45),
      // Alex uses the new labs app (002 §2.3)
      featureFlags: { labs2: true },
      createdAt: ago(45),
    },
  ]);
  await tx.insert(paymentMethods).values({
    userId,
    organizationId,
    provider: 'sandbox',
    providerCustomerId: 'cus_sandbox_alex',
    providerPaymentMethodId: 'pm_sandbox_alex_mc',
    brand: 'mastercard',
    last4: '4444',
    expMonth: 8,
    expYear: 2029,
    createdAt: ago(44),
  });

  const plan = findProduct(c, c.templates.compoundedRapamycin, 12, '3 mg');
  const intakeId = newId();
  const subscriptionId = newId();
  const answered = responsesFor(
    templates.compounded,
    intakeId,
    {
      conditions: { options: ['None of the above'] },
      rapamycin_before: { options: ['No'] },
      procedure_planned: { options: ['No'] },
      immune_medication: { options: ['No'] },
      swallowing: { options: ['No'] },
      goals: { text: 'Better recovery from training and a healthier long-term cardiovascular profile.' },
      primary_care: { text: 'None' },
    },
    ago(44),
  );
  await tx.insert(intakes).values({
    id: intakeId,
    userId,
    organizationId,
    templateId: templates.compounded.id,
    totalSteps: templates.compounded.questions.length,
    questionsTotal: templates.compounded.questions.length,
    completeTotal: answered.answered,
    incompleteTotal: templates.compounded.questions.length - answered.answered,
    products: [
      {
        product_template: c.templates.compoundedRapamycin,
        product: plan.id,
        quantity: 48,
        dosage: '3 mg',
        frequency: 'Once weekly',
        shipping: { months: 12 },
      },
    ],
    subscriptions: [subscriptionId],
    imageVerification: {},
    patientComplete: true,
    physicianReview: true,
    completedAt: ago(44),
    reviewedAt: ago(43),
    createdAt: ago(45),
  });
  await tx.insert(intakeResponses).values(answered.rows);
  await tx.insert(subscriptions).values({
    id: subscriptionId,
    userId,
    organizationId,
    status: 'active',
    type: 'medication',
    name: 'Compounded Rapamycin',
    durationMonths: 12,
    productPlans: [
      {
        product_template: c.templates.compoundedRapamycin,
        product: plan.id,
        quantity: 48,
        duration: 12,
        unit_amount: plan.unitAmount,
        dosage: '3 mg',
        frequency: 'Once weekly',
      },
    ],
    prescriptions: [
      {
        _id: newId(),
        physician_id: physician.id,
        medication: {
          name: 'Rapamycin 3 mg enteric-coated capsule (compounded)',
          strength: '3 mg',
          patient_instructions: 'Take 3 mg (one capsule) by mouth once a week on an empty stomach.',
          expiration_date: isoDate(ahead(320)),
        },
      },
    ],
    currentPeriodStart: ago(43),
    currentPeriodEnd: ahead(322),
    cancellationInfo: { renews_at: ahead(322).toISOString(), cancellation_attempt: 0 },
    providerSubscriptionId: `sub_sandbox_${newId()}`,
    intakeId,
    createdAt: ago(43),
  });
  await tx.insert(invoices).values({
    organizationId,
    userId,
    subscriptionId,
    amountDue: plan.unitAmount,
    amountPaid: plan.unitAmount,
    status: 'paid',
    periodStart: ago(43),
    periodEnd: ahead(322),
    providerInvoiceId: `in_sandbox_${newId()}`,
    paidAt: ago(43),
    createdAt: ago(43),
  });
  await tx.insert(notifications).values([
    {
      userId,
      organizationId,
      category: 'welcome',
      message: `Welcome to ${ctx.brandName}! Your physician has approved your protocol.`,
      createdAt: ago(0, 3),
    },
    {
      userId,
      organizationId,
      category: 'subscription',
      message: 'Your Compounded Rapamycin subscription is active.',
      read: true,
      readAt: ago(42),
      createdAt: ago(43),
    },
  ]);
  const conversationId = newId();
  await tx.insert(conversations).values({
    id: conversationId,
    patientId: userId,
    organizationId,
    patientRead: false,
    medicalTeamRead: true,
    lastMessageAt: ago(43),
    createdAt: ago(43),
  });
  await tx.insert(messages).values({
    conversationId,
    authorId: careTeam.id,
    messageStyle: 2,
    blocks: welcomeAnnouncement(ctx.brandName, careTeam.firstName, userId),
    createdAt: ago(43),
  });
  await seedAlexLabs(tx, ctx, userId, physician.id, ago);
  return { userId };
}

/**
 * Alex's labs, for the labs2 app: the Comprehensive panel reviewed twice, five months apart, with Dana's values
 * (the catalogue's male ranges classify them) and the biological age each run allows.
 */
async function seedAlexLabs(
  tx: Db,
  ctx: BrandContext,
  userId: string,
  reviewerId: string,
  ago: (days: number, hours?: number) => Date,
): Promise<void> {
  const runs = [
    {
      id: newId(),
      values: DANA_LAB_VALUES.first,
      collected: ago(160),
      reviewed: ago(155),
      created: ago(165),
    },
    { id: newId(), values: DANA_LAB_VALUES.followUp, collected: ago(12), reviewed: ago(8), created: ago(16) },
  ];
  const [first, latest] = runs as [(typeof runs)[0], (typeof runs)[0]];
  const note = (intro: string, main: string, conclusion: string) => ({ intro, main, conclusion });
  await tx.insert(labReports).values(
    runs.map((run) => ({
      id: run.id,
      userId,
      organizationId: ctx.organizationId,
      panelId: ctx.catalogue.labPanels.comprehensive,
      status: 'reviewed' as const,
      statusChangedAt: run.reviewed,
      title: 'Comprehensive Longevity Panel Results',
      reviewerId,
      reviewedAt: run.reviewed,
      text:
        run === first
          ? note(
              'Hi Alex, your first Comprehensive Longevity Panel is in. Liver, kidney, thyroid and blood counts are **healthy**.',
              `Your **ApoB (${first.values.apob} mg/dL)** is above range and **vitamin D (${first.values.vitamin_d} ng/mL)** is low. More soluble fibre, oily fish twice a week and vitamin D3 2,000 IU daily should help.`,
              'We will recheck the full panel in about five months.',
            )
          : note(
              'Hi Alex, real progress: **vitamin D, insulin and hs-CRP are now optimal** and your biological age has come down.',
              `ApoB fell from ${first.values.apob} to **${latest.values.apob} mg/dL**. Keep the fibre and the training going.`,
              'Let us recheck ApoB in six months.',
            ),
      bioAge: bioAgeOf(ALEX_BIRTHDAY, run.collected, run.values),
      collectedAt: run.collected,
      createdAt: run.created,
      updatedAt: run.reviewed,
    })),
  );
  await tx.insert(labMarkers).values(
    runs.flatMap((run) =>
      COMPREHENSIVE_KEYS.map((key, position) => {
        const m = markerDefinition(key, ALEX_SEX);
        return {
          reportId: run.id,
          code: m.code,
          name: m.name,
          unit: m.unit,
          value: run.values[key]!,
          ranges: m.ranges,
          legend: m.legend,
          category: m.category,
          categorySlug: m.category_slug,
          position,
          createdAt: run.reviewed,
        };
      }),
    ),
  );
}
