import type {
  PrescriptionContract,
  SubscriptionBilling as SubscriptionBillingView,
  SubscriptionDetails,
  SubscriptionInvoice,
} from '@portal/domain/contracts/subscription';
import {
  isoDateOf,
  isSelectableRescheduleDate,
  rescheduleTimeOf,
  rescheduleTimeToDate,
  rescheduleWindow,
} from '@portal/domain/subscriptions/reschedule';
import {
  canCountCancellationAttempt,
  RETENTION_DISCOUNT_PERCENT,
} from '@portal/domain/subscriptions/retention';
import {
  formatBillingDate,
  type SubscriptionActions,
  subscriptionActions,
} from '@portal/domain/subscriptions/status';
import type { Db } from '../../db/client';
import { Errors } from '../../platform/errors';
import type { PaymentAdapter } from '../../platform/payments/adapter';
import { createSandboxSubscriptionBilling } from '../../platform/payments/sandbox-subscriptions';
import {
  addMonths,
  type BillingInvoice,
  type BillingStatus,
  type BillingSubscription,
  type SubscriptionBilling,
  type SubscriptionSnapshot,
} from '../../platform/payments/subscription-billing';
import { type InvoicePdfData, renderInvoicePdf } from '../../platform/pdf/invoice-pdf';
import { shipSubscription } from '../fulfilment/ship';
import type { NotificationInput, Notifier } from '../notifications/notifier';
import type {
  FullSubscriptionRow,
  InvoiceRow,
  SelfServiceQueries,
  SelfServiceRepository,
  SubscriptionPatch,
} from './self-service.repository';
import { type SubscriptionsRepository, toSubscription } from './subscriptions.repository';

const wrongStatus = (action: string) =>
  Errors.badRequest(
    `This subscription cannot be ${action} in its current status.`,
    'WrongSubscriptionStatus',
  );

/** A readable invoice number: the issue month and the id's last 8 characters, e.g. INV-202703-3FA9C21B. */
export function invoiceNumber(id: string, issuedAt: Date): string {
  return `INV-${issuedAt.toISOString().slice(0, 7).replace('-', '')}-${id.slice(-8).toUpperCase()}`;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The portal's status as the provider names it: a pause keeps Stripe's subscription active, a reschedule is a trial. */
function billingStatusOf(row: FullSubscriptionRow): BillingStatus {
  switch (row.status) {
    case 'paused':
      return 'active';
    case 'rescheduled':
    case 'paused_by_reschedule':
      return 'trialing';
    case 'active':
    case 'trialing':
    case 'past_due':
    case 'canceled':
    case 'unpaid':
    case 'incomplete':
    case 'incomplete_expired':
      return row.status;
    default:
      return 'incomplete';
  }
}

export function toInvoice(row: InvoiceRow): SubscriptionInvoice {
  return {
    _id: row.id,
    number: invoiceNumber(row.id, row.createdAt),
    status: row.status,
    amount_due: row.amountDue,
    amount_paid: row.amountPaid,
    currency: row.currency,
    period_start: iso(row.periodStart),
    period_end: iso(row.periodEnd),
    paid_at: iso(row.paidAt),
    created_at: row.createdAt.toISOString(),
    invoice_pdf: `/subscriptions/${row.organizationId}/invoice?type=stripe&invoice=${row.id}`,
  };
}

/** The billing record the portal mirrors: null until billing started (001 §4: no Reschedule without it). */
function mirroredBilling(row: FullSubscriptionRow, invoices: InvoiceRow[]): BillingSubscription | null {
  if (!row.providerSubscriptionId || !row.currentPeriodStart || !row.currentPeriodEnd) return null;
  const latest = invoices.find((i) => i.subscriptionId === row.id);
  return {
    id: row.providerSubscriptionId,
    status: billingStatusOf(row),
    current_period_start: row.currentPeriodStart,
    current_period_end: row.currentPeriodEnd,
    pause_collection: row.pauseCollection,
    latest_invoice: latest ? (latest.providerInvoiceId ?? latest.id) : null,
  };
}

function billingView(
  row: FullSubscriptionRow,
  billing: BillingSubscription | null,
): SubscriptionBillingView | null {
  if (!billing) return null;
  return {
    id: billing.id,
    status: billing.status,
    current_period_start: billing.current_period_start.toISOString(),
    current_period_end: billing.current_period_end.toISOString(),
    pause_collection: billing.pause_collection
      ? {
          behavior: billing.pause_collection.behavior,
          resumes_at: billing.pause_collection.resumes_at ?? null,
        }
      : null,
    latest_invoice: billing.latest_invoice,
    scheduled_date: (row.rescheduleDate ?? billing.current_period_end).toISOString(),
  };
}

const amountOf = (row: FullSubscriptionRow) => row.productPlans.reduce((sum, p) => sum + p.unit_amount, 0);

function snapshotOf(
  row: FullSubscriptionRow,
  payer: { customerId: string | null; hasCard: boolean },
): SubscriptionSnapshot {
  return {
    id: row.providerSubscriptionId ?? '',
    customerId: payer.customerId,
    hasDefaultCard: payer.hasCard,
    status: billingStatusOf(row),
    current_period_start: row.currentPeriodStart,
    current_period_end: row.currentPeriodEnd,
    pause_collection: row.pauseCollection,
    durationMonths: row.durationMonths,
    amount: amountOf(row),
    currency: 'usd',
    description: row.name,
  };
}

/** What a provider answered, as the columns mirroring it. */
function mirrorPatch(b: BillingSubscription): SubscriptionPatch {
  return {
    currentPeriodStart: b.current_period_start,
    currentPeriodEnd: b.current_period_end,
    pauseCollection: b.pause_collection,
  };
}

export type Pending = { userId: string; input: NotificationInput };

/**
 * Subscription self-service (001 §4 "Actions by status", §9; 002 §7.3). Every action locks the row,
 * checks the status rule of the domain package, asks the billing provider, stores its answer and a
 * notification in the same transaction: a doubled submit waits for the first and is refused by the rule.
 */
export function createSelfService(deps: {
  repo: SelfServiceRepository;
  subscriptions: SubscriptionsRepository;
  payments: PaymentAdapter;
  notifier: Pick<Notifier, 'store' | 'deliver'>;
  now?: () => Date;
}) {
  const { repo, payments, notifier } = deps;
  const now = deps.now ?? (() => new Date());
  // Seeded sandbox subscriptions stay workable when Stripe keys are configured: nothing of theirs is at Stripe.
  const sandboxOnly = createSandboxSubscriptionBilling();
  const billingFor = (row: FullSubscriptionRow): SubscriptionBilling =>
    payments.provider !== 'sandbox' && row.providerSubscriptionId?.startsWith('sub_sandbox_')
      ? sandboxOnly
      : payments.subscriptions;

  async function details(
    rows: FullSubscriptionRow[],
    fresh?: Map<string, BillingSubscription>,
  ): Promise<SubscriptionDetails[]> {
    // independent reads: on a database server they go out together, each on a connection of its own
    const [templates, invoices] = await Promise.all([
      deps.subscriptions.templates(rows.flatMap((r) => r.productPlans)),
      repo.invoicesFor(rows.map((r) => r.id)),
    ]);
    return rows.map((row) => {
      const own = invoices.filter((i) => i.subscriptionId === row.id);
      return {
        ...toSubscription(row, templates),
        billing: billingView(row, fresh?.get(row.id) ?? mirroredBilling(row, own)),
        invoices: own.map(toInvoice),
        pause_reason: row.pauseReason,
        cancel_reason: row.cancelReason,
        canceled_at: iso(row.canceledAt),
      };
    });
  }

  const actionsOf = (row: FullSubscriptionRow): SubscriptionActions =>
    subscriptionActions(
      {
        status: row.status,
        type: row.type,
        subscription_id: row.providerSubscriptionId,
        reschedule_date: row.rescheduleDate ? Math.floor(row.rescheduleDate.getTime() / 1000) : null,
      },
      mirroredBilling(row, []),
    );

  /** Locks the subscription, runs the change, stores the notification; delivers it after the commit. */
  async function act(
    id: string,
    change: (
      r: SelfServiceQueries,
      row: FullSubscriptionRow,
      at: Date,
      tx: Db,
    ) => Promise<{ patch: SubscriptionPatch; message: string | null; invoice?: BillingInvoice | null }>,
  ): Promise<SubscriptionDetails> {
    let pending: Pending | null = null;
    const row = await repo.transaction(async (r, tx: Db) => {
      const current = await r.lock(id);
      if (!current) throw Errors.notFound('The subscription');
      const at = now();
      const { patch, message, invoice } = await change(r, current, at, tx);
      if (invoice) {
        await r.insertProviderInvoice(current, invoice, at);
      }
      const updated = await r.update(current.id, patch);
      if (message) {
        const input: NotificationInput = {
          category: 'subscription',
          message,
          data: { subscriptionId: current.id },
        };
        await notifier.store(tx, current.userId, current.organizationId, input);
        pending = { userId: current.userId, input };
      }
      return updated;
    });
    if (pending) notifier.deliver((pending as Pending).userId, (pending as Pending).input);
    const [out] = await details([row]);
    return out!;
  }

  return {
    async list(userId: string): Promise<SubscriptionDetails[]> {
      return details(await repo.listForPatient(userId));
    },

    /** The patient's active medication subscriptions (the Customize Protocol list, 001 §2). */
    async medications(userId: string): Promise<SubscriptionDetails[]> {
      const rows = await repo.listForPatient(userId);
      return details(rows.filter((r) => r.type === 'medication' && r.status === 'active'));
    },

    /** One subscription; with a type, billing comes from the provider, unless it awaits physician review (001 §4). */
    async get(userId: string, id: string, type: string | undefined): Promise<SubscriptionDetails> {
      const row = await repo.get(id);
      if (!row || row.userId !== userId) throw Errors.notFound('The subscription');
      const fresh = new Map<string, BillingSubscription>();
      if (
        type &&
        row.status !== 'awaiting_physician_review' &&
        row.providerSubscriptionId &&
        row.currentPeriodStart
      ) {
        const payer = await repo.payer(row.userId);
        fresh.set(row.id, await billingFor(row).retrieve(snapshotOf(row, payer)));
      }
      const [out] = await details([row], fresh);
      return out!;
    },

    async prescription(
      userId: string,
      id: string,
      prescriptionId: string | undefined,
    ): Promise<PrescriptionContract> {
      const row = await repo.get(id);
      if (!row || row.userId !== userId) throw Errors.notFound('The subscription');
      const found = prescriptionId
        ? row.prescriptions.find((p) => p._id === prescriptionId)
        : row.prescriptions.at(-1);
      if (!found) throw Errors.notFound('The prescription');
      return found;
    },

    /** The patient's prescription for a product or product template that expires last. */
    async prescriptionForProduct(userId: string, productId: string) {
      const rows = await repo.listForPatient(userId);
      const candidates = rows
        .filter((r) =>
          r.productPlans.some((p) => p.product === productId || p.product_template === productId),
        )
        .flatMap((r) => r.prescriptions.map((p) => ({ subscription: r.id, prescription: p })))
        .sort((a, b) =>
          b.prescription.medication.expiration_date.localeCompare(a.prescription.medication.expiration_date),
        );
      const best = candidates[0];
      if (!best) throw Errors.notFound('The prescription');
      return best;
    },

    pause(id: string, reason: string) {
      return act(id, async (r, row, at) => {
        if (!actionsOf(row).pause) throw wrongStatus('paused');
        const payer = await r.payer(row.userId);
        const billing = await billingFor(row).pause(snapshotOf(row, payer), at);
        return {
          patch: { ...mirrorPatch(billing), status: 'paused', pauseReason: reason, rescheduleDate: null },
          message: `Your ${row.name} subscription has been paused. You can resume at anytime.`,
        };
      });
    },

    resume(id: string, shipNow: boolean) {
      return act(id, async (r, row, at, tx) => {
        if (!actionsOf(row).resume) throw wrongStatus('resumed');
        const payer = await r.payer(row.userId);
        const { subscription: billing, invoice } = await billingFor(row).resume(snapshotOf(row, payer), {
          now: shipNow,
          at,
          // One charge per paused state: a retry of the same resume reuses the key.
          idempotencyKey: `${row.id}-${row.updatedAt.getTime()}`,
        });
        // "Resume Now & Ship": the period just paid ships today, once per paused state like its charge
        if (shipNow && invoice?.status === 'paid') {
          const key = `resume-${row.updatedAt.getTime()}`;
          await shipSubscription(tx, row, { source: 'resume_now', key }, at);
        }
        return {
          patch: { ...mirrorPatch(billing), status: 'active', pauseReason: null, rescheduleDate: null },
          invoice,
          message: shipNow
            ? `Your ${row.name} subscription has been resumed. Your order will ship today.`
            : `Your ${row.name} subscription has been resumed. Billing continues on ${formatBillingDate(billing.current_period_end)}.`,
        };
      });
    },

    cancel(id: string, reason: string | null) {
      return act(id, async (r, row, at) => {
        if (!actionsOf(row).cancel) throw wrongStatus('canceled');
        let patch: SubscriptionPatch = {};
        if (row.providerSubscriptionId) {
          const payer = await r.payer(row.userId);
          patch = mirrorPatch(await billingFor(row).cancel(snapshotOf(row, payer), at));
        }
        if (row.type === 'coaching_membership' && row.membershipId)
          await r.clearMembership(row.userId, row.membershipId);
        return {
          patch: {
            ...patch,
            status: 'canceled',
            canceledAt: at,
            cancelReason: reason,
            pauseCollection: null,
          },
          message: `Your ${row.name} subscription has been canceled.`,
        };
      });
    },

    reschedule(id: string, newTime: number) {
      return act(id, async (r, row, at) => {
        if (!actionsOf(row).reschedule || !row.currentPeriodStart || !row.currentPeriodEnd)
          throw wrongStatus('rescheduled');
        const day = isoDateOf(rescheduleTimeToDate(newTime));
        const window = rescheduleWindow({
          currentPeriodStart: isoDateOf(row.currentPeriodStart),
          durationMonths: row.durationMonths,
          scheduled: isoDateOf(row.rescheduleDate ?? row.currentPeriodEnd),
          // The patient's calendar day in any US time zone is never before this one.
          today: isoDateOf(at.getTime() - 12 * 3_600_000),
        });
        if (!isSelectableRescheduleDate(window, day)) {
          throw Errors.badRequest(
            `Please choose a date from ${formatBillingDate(Date.parse(window.earliest))} to ${formatBillingDate(Date.parse(window.latest))}, other than the date already scheduled.`,
            'RescheduleDateOutOfRange',
          );
        }
        const date = new Date(rescheduleTimeOf(day));
        const payer = await r.payer(row.userId);
        const billing = await billingFor(row).reschedule(snapshotOf(row, payer), date, at);
        // Past the natural end of the period, the next billing is skipped: collection pauses until the date.
        const naturalEnd = addMonths(row.currentPeriodStart, Math.max(1, row.durationMonths));
        return {
          patch: {
            ...mirrorPatch(billing),
            status: date.getTime() > naturalEnd.getTime() ? 'paused_by_reschedule' : 'rescheduled',
            rescheduleDate: date,
          },
          message: `Your ${row.name} subscription is set to reschedule on ${formatBillingDate(date)}.`,
        };
      });
    },

    /** Counts a cancellation attempt (the retention offer was taken); the first one earns 20% off the next renewal. */
    cancellationInfo(id: string, increment: boolean) {
      return act(id, async (_r, row, at) => {
        if (!increment) return { patch: {}, message: null };
        if (!actionsOf(row).cancel) throw wrongStatus('changed');
        const info = row.cancellationInfo;
        if (!canCountCancellationAttempt(info, at)) {
          throw Errors.badRequest(
            'You already have a discount or a booked consultation for this subscription.',
            'RetentionAlreadyGranted',
          );
        }
        const first = info.cancellation_attempt <= 0;
        const renewsAt = row.rescheduleDate ?? row.currentPeriodEnd;
        return {
          patch: {
            cancellationInfo: {
              ...info,
              cancellation_attempt: info.cancellation_attempt + 1,
              ...(first ? { renews_at: iso(renewsAt), renewal_percent_off: RETENTION_DISCOUNT_PERCENT } : {}),
            },
          },
          message: first
            ? `${RETENTION_DISCOUNT_PERCENT}% off your next ${row.name} renewal has been applied.`
            : null,
        };
      });
    },

    /** GET /users/{org}/{user}/plan: the patient's coaching membership, if any. */
    async plan(userId: string) {
      const membership = await repo.membershipOf(userId);
      const rows = (await repo.listForPatient(userId)).filter(
        (r) =>
          r.type === 'coaching_membership' && r.status !== 'canceled' && r.status !== 'incomplete_expired',
      );
      const [subscription] = await details(rows.slice(0, 1));
      return { membership, subscription: subscription ?? null };
    },

    /** PUT /users/{org}/{user}/cancel-plan/{planId}: planId is the membership subscription or its membership. */
    async cancelPlan(userId: string, planId: string, reason: string | null) {
      const rows = await repo.listForPatient(userId);
      const row = rows.find(
        (r) =>
          r.type === 'coaching_membership' &&
          (r.id === planId || (r.membershipId === planId && r.status !== 'canceled')),
      );
      if (!row) throw Errors.notFound('The plan');
      return this.cancel(row.id, reason);
    },

    async invoicePdf(userId: string, organizationId: string, invoiceId: string, staff: boolean) {
      const found = await repo.invoiceForPdf(invoiceId);
      if (
        !found ||
        found.invoice.organizationId !== organizationId ||
        (found.invoice.userId !== userId && !staff)
      ) {
        throw Errors.notFound('The invoice');
      }
      const { invoice } = found;
      const number = invoiceNumber(invoice.id, invoice.createdAt);
      const ship = found.shippingInfo;
      const address = ship
        ? [
            [ship.street_address, ship.apt_suite].filter(Boolean).join(', '),
            [ship.city, [ship.state, ship.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', '),
          ].filter(Boolean)
        : [];
      const data: InvoicePdfData = {
        brandName: found.settings.name || found.organizationName,
        brandColor: found.settings.brand?.primary_color,
        invoiceNumber: number,
        issuedAt: invoice.createdAt,
        period: invoice.periodStart ? { start: invoice.periodStart, end: invoice.periodEnd } : null,
        statusLabel: invoice.status.charAt(0).toUpperCase() + invoice.status.slice(1),
        lines: [{ description: found.subscriptionName ?? 'Order', quantity: 1, amount: invoice.amountDue }],
        subtotal: invoice.amountDue,
        discount: 0,
        total: invoice.amountDue,
        currency: invoice.currency,
        patient: { name: `${found.firstName} ${found.lastName}`, address },
      };
      return { fileName: `invoice-${number}.pdf`, pdf: await renderInvoicePdf(data) };
    },
  };
}
export type SelfService = ReturnType<typeof createSelfService>;
