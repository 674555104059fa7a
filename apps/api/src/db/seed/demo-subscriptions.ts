import type { Db } from '../client';
import { newId } from '../ids';
import { appointments } from '../schema/appointments';
import type { NotificationCategory } from '../schema/notifications';
import {
  type InvoiceStatus,
  invoices,
  type SubscriptionStatus,
  subscriptions,
} from '../schema/subscriptions';
import { findProduct, type SeededProduct } from './catalogue';
import { type BrandContext, DAY, HOUR, isoDate } from './patient-history';

type Sub = typeof subscriptions.$inferInsert & { id: string };
type Invoice = typeof invoices.$inferInsert;

/** What the demo patient's extra subscriptions left for the notifications that talk about them. */
export type SeededDemoSubscriptions = {
  ids: Record<string, string>;
  notes: { category: NotificationCategory; message: string; at: Date; read: boolean }[];
};

/**
 * The rest of 001 §4's statuses for Dana (the seed of demo-patient.ts already has active, paused, canceled
 * and awaiting_physician_review): created, incomplete, incomplete_expired, trialing, past_due, unpaid,
 * rescheduled, prescription_requested, paused_by_reschedule, plus an active coaching membership with a
 * booked coaching call. Each has periods and invoices that fit its status.
 */
export async function seedDemoSubscriptionStatuses(
  tx: Db,
  ctx: BrandContext,
  patient: { userId: string; physicianId: string; physicianName: string },
): Promise<SeededDemoSubscriptions> {
  const { organizationId, catalogue: c, now } = ctx;
  const { userId } = patient;
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * HOUR);
  const ahead = (days: number, hours = 0) => new Date(now.getTime() + days * DAY + hours * HOUR);

  const plan = (templateId: string, p: SeededProduct, quantity: number, extra: object = {}) => ({
    product_template: templateId,
    product: p.id,
    quantity,
    duration: p.intervalCount,
    unit_amount: p.unitAmount,
    ...extra,
  });
  const base = (
    status: SubscriptionStatus,
    name: string,
    type: Sub['type'],
    p: SeededProduct,
    planLine: ReturnType<typeof plan>,
    createdAt: Date,
  ): Sub => ({
    id: newId(),
    userId,
    organizationId,
    status,
    type,
    name,
    durationMonths: p.intervalCount,
    productPlans: [planLine],
    cancellationInfo: { cancellation_attempt: 0 },
    providerSubscriptionId: `sub_sandbox_${newId()}`,
    createdAt,
  });
  const prescription = (name: string, instructions: string, expires: Date) => ({
    _id: newId(),
    physician_id: patient.physicianId,
    medication: { name, patient_instructions: instructions, expiration_date: isoDate(expires) },
  });

  const urolithin1 = findProduct(c, c.templates.urolithin, 1);
  const omega1 = findProduct(c, c.templates.omega3, 1);
  const omega3m = findProduct(c, c.templates.omega3, 3);
  const compounded1 = findProduct(c, c.templates.compoundedRapamycin, 1);
  const acarbose3 = findProduct(c, c.templates.acarbose, 3, '25 mg');
  const urolithin3 = findProduct(c, c.templates.urolithin, 3);
  const metformin3 = findProduct(c, c.templates.metformin, 3, '750 mg');
  const generic6 = findProduct(c, c.templates.genericRapamycin, 6, '5 mg');
  const nad3 = findProduct(c, c.templates.nad, 3);
  const coaching3 = findProduct(c, c.templates.coaching, 3);

  const created = {
    ...base(
      'created',
      'Urolithin A',
      'supplement',
      urolithin1,
      plan(c.templates.urolithin, urolithin1, 1),
      ago(0, 3),
    ),
  };
  const incomplete = {
    ...base(
      'incomplete',
      'Omega-3 Longevity Blend',
      'supplement',
      omega1,
      plan(c.templates.omega3, omega1, 1),
      ago(1),
    ),
    currentPeriodStart: ago(1),
    currentPeriodEnd: ahead(29),
  };
  const expired = {
    ...base(
      'incomplete_expired',
      'Omega-3 Longevity Blend',
      'supplement',
      omega3m,
      plan(c.templates.omega3, omega3m, 1),
      ago(130),
    ),
    currentPeriodStart: ago(130),
    currentPeriodEnd: ago(40),
  };
  const trialing = {
    ...base(
      'trialing',
      'Compounded Rapamycin',
      'medication',
      compounded1,
      plan(c.templates.compoundedRapamycin, compounded1, 4, { dosage: '6 mg', frequency: 'Once weekly' }),
      ago(6),
    ),
    prescriptions: [
      prescription(
        'Compounded sirolimus 6 mg capsule',
        'Take one capsule by mouth once a week with food.',
        ahead(170),
      ),
    ],
    currentPeriodStart: ago(6),
    currentPeriodEnd: ahead(8),
    scheduleDetails: { phases: [{ start_date: ago(6).toISOString() }] },
  };
  const pastDue = {
    ...base(
      'past_due',
      'Acarbose',
      'medication',
      acarbose3,
      plan(c.templates.acarbose, acarbose3, 270, { dosage: '25 mg', frequency: 'With meals' }),
      ago(185),
    ),
    prescriptions: [
      prescription(
        'Acarbose 25 mg tablet',
        'Take one tablet with the first bite of each main meal.',
        ahead(60),
      ),
    ],
    currentPeriodStart: ago(5),
    currentPeriodEnd: ahead(85),
  };
  const unpaid = {
    ...base(
      'unpaid',
      'Urolithin A',
      'supplement',
      urolithin3,
      plan(c.templates.urolithin, urolithin3, 3),
      ago(200),
    ),
    currentPeriodStart: ago(20),
    currentPeriodEnd: ahead(70),
  };
  const rescheduleOn = ahead(24);
  const rescheduled = {
    ...base(
      'rescheduled',
      'Metformin ER',
      'medication',
      metformin3,
      plan(c.templates.metformin, metformin3, 90, { dosage: '750 mg', frequency: 'Once daily' }),
      ago(160),
    ),
    prescriptions: [
      prescription('Metformin ER 750 mg tablet', 'Take one tablet with your evening meal.', ahead(200)),
    ],
    currentPeriodStart: ago(70),
    currentPeriodEnd: ahead(20),
    rescheduleDate: rescheduleOn,
    scheduleDetails: {
      phases: [{ start_date: ago(160).toISOString() }, { start_date: rescheduleOn.toISOString() }],
    },
  };
  const prescriptionRequested = {
    ...base(
      'prescription_requested',
      'Generic Rapamycin',
      'medication',
      generic6,
      plan(c.templates.genericRapamycin, generic6, 24, { dosage: '5 mg', frequency: 'Once weekly' }),
      ago(190),
    ),
    prescriptions: [
      prescription('Sirolimus 5 mg tablet', 'Take one tablet by mouth once a week.', ahead(12)),
    ],
    currentPeriodStart: ago(10),
    currentPeriodEnd: ahead(170),
  };
  const pausedByReschedule = {
    ...base(
      'paused_by_reschedule',
      'NAD+ Nasal Spray',
      'medication',
      nad3,
      plan(c.templates.nad, nad3, 3, { dosage: '300 mg', frequency: 'Daily' }),
      ago(120),
    ),
    prescriptions: [
      prescription('NAD+ nasal spray 300 mg/mL', 'Use one spray in each nostril every morning.', ahead(90)),
    ],
    currentPeriodStart: ago(30),
    currentPeriodEnd: ahead(60),
    rescheduleDate: ahead(45),
    pauseCollection: { behavior: 'void' as const, resumes_at: ahead(45).toISOString() },
  };
  const coachingStart = ahead(2, 1);
  coachingStart.setUTCMinutes(0, 0, 0);
  const coachingEnd = new Date(coachingStart.getTime() + 45 * 60 * 1000);
  const coachingLink = `https://meet.example.com/${ctx.brandSlug}/coaching`;
  const coaching = {
    ...base(
      'active',
      'Longevity Coaching',
      'coaching_membership',
      coaching3,
      plan(c.templates.coaching, coaching3, 1),
      ago(75),
    ),
    membershipId: c.membershipId,
    currentPeriodStart: ago(75),
    currentPeriodEnd: ahead(15),
    cancellationInfo: { renews_at: ahead(15).toISOString(), cancellation_attempt: 0 },
    coachingInfo: {
      appointment_start_time: coachingStart.toISOString(),
      appointment_end_time: coachingEnd.toISOString(),
      appointment_link: coachingLink,
    },
  };

  const rows: Sub[] = [
    created,
    incomplete,
    expired,
    trialing,
    pastDue,
    unpaid,
    rescheduled,
    prescriptionRequested,
    pausedByReschedule,
    coaching,
  ];
  await tx.insert(subscriptions).values(rows);

  /** One invoice per billing period, in the status the subscription's history gives it. */
  const bill = (
    sub: Sub,
    status: InvoiceStatus,
    start: Date,
    end: Date,
    amount = sub.productPlans![0]!.unit_amount,
  ): Invoice => ({
    organizationId,
    userId,
    subscriptionId: sub.id,
    amountDue: amount,
    amountPaid: status === 'paid' ? amount : 0,
    status,
    periodStart: start,
    periodEnd: end,
    providerInvoiceId: `in_sandbox_${newId()}`,
    paidAt: status === 'paid' ? start : null,
    createdAt: start,
  });
  await tx
    .insert(invoices)
    .values([
      bill(created, 'draft', ago(0, 3), ahead(30)),
      bill(incomplete, 'open', ago(1), ahead(29)),
      bill(expired, 'void', ago(130), ago(40)),
      bill(trialing, 'paid', ago(6), ahead(8), 0),
      bill(pastDue, 'paid', ago(185), ago(95)),
      bill(pastDue, 'paid', ago(95), ago(5)),
      bill(pastDue, 'open', ago(5), ahead(85)),
      bill(unpaid, 'paid', ago(200), ago(110)),
      bill(unpaid, 'uncollectible', ago(110), ago(20)),
      bill(unpaid, 'open', ago(20), ahead(70)),
      bill(rescheduled, 'paid', ago(160), ago(70)),
      bill(rescheduled, 'paid', ago(70), ahead(20)),
      bill(prescriptionRequested, 'paid', ago(190), ago(10)),
      bill(prescriptionRequested, 'paid', ago(10), ahead(170)),
      bill(pausedByReschedule, 'paid', ago(120), ago(30)),
      bill(pausedByReschedule, 'paid', ago(30), ahead(60)),
      bill(coaching, 'paid', ago(75), ago(-15)),
    ]);

  await tx.insert(appointments).values({
    patientId: userId,
    organizationId,
    subscriptionId: coaching.id,
    name: 'Longevity coaching session',
    startTime: coachingStart,
    endTime: coachingEnd,
    location: coachingLink,
    externalSource: 'scheduler',
    uuid: `evt_${newId()}`,
    eventTypeKind: 'coaching',
    createdAt: ago(1, 5),
  });

  return {
    ids: Object.fromEntries(rows.map((r) => [r.status === 'active' ? 'coaching' : r.status, r.id])),
    notes: [
      {
        category: 'payment',
        message: 'We could not charge your card for Acarbose. Please update your payment information.',
        at: ago(0, 0.4),
        read: false,
      },
      {
        category: 'appointments',
        message: 'Your longevity coaching session is booked.',
        at: ago(1, 5),
        read: false,
      },
      {
        category: 'subscription',
        message: `Your Metformin ER subscription is set to reschedule on ${isoDate(rescheduleOn)}.`,
        at: ago(9),
        read: false,
      },
      {
        category: 'subscription',
        message: `Dr. ${patient.physicianName} is reviewing your Generic Rapamycin prescription change request.`,
        at: ago(10),
        read: true,
      },
      {
        category: 'subscription',
        message: 'Your Omega-3 Longevity Blend subscription expired before its first payment.',
        at: ago(107),
        read: true,
      },
      {
        category: 'payment',
        message: 'Your Urolithin A payment could not be collected.',
        at: ago(110),
        read: true,
      },
    ],
  };
}
