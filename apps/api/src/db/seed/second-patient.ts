import type { Db } from '../client';
import { newId } from '../ids';
import { paymentMethods } from '../schema/billing';
import { intakeResponses, intakes } from '../schema/intakes';
import { conversations, messages } from '../schema/messaging';
import { notifications } from '../schema/notifications';
import { invoices, subscriptions } from '../schema/subscriptions';
import { users } from '../schema/users';
import { findProduct } from './catalogue';
import { DEMO_LOGINS, type DemoPasswordHashes } from './demo-patient';
import {
  type BrandContext,
  careTeamUser,
  DAY,
  HOUR,
  isoDate,
  responsesFor,
  welcomeAnnouncement,
} from './patient-history';

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
      birthday: '1979-09-02',
      sex: 'male',
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
  return { userId };
}
