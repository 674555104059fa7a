import { createHash } from 'node:crypto';
import { renewalAmountCents } from '@portal/domain/pricing/plan-billing';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { describeError } from '../../platform/log-safe';
import { sandboxInvoiceEvent } from '../../platform/payments/events';
import { advance } from '../../platform/payments/sandbox-renewal';
import type { PaymentEventApplier, PendingNotice } from '../billing/payment-events';
import type { Notifier } from '../notifications/notifier';
import type { SelfServiceRepository } from './self-service.repository';

/** How often the sandbox renews subscriptions whose period ended. */
export const RENEWAL_INTERVAL_MS = 15 * 60_000;
/** The job queue's queue for it, run once per period of RENEWAL_SCHEDULE across all server instances. */
export const RENEWAL_QUEUE = 'subscription-renewals';
export const RENEWAL_SCHEDULE = `*/${RENEWAL_INTERVAL_MS / 60_000} * * * *`;
const BATCH = 200;

/**
 * The sandbox's stand-in for Stripe's own billing clock: rolls ended periods forward, bills them (paid with
 * a card on file, otherwise open and past due; a past-due one is retried at its next renewal). Each
 * subscription is renewed in its own transaction under a row lock, skipping rows another worker holds.
 * The job queue runs it (RENEWAL_QUEUE); a subscription whose renewal failed is tried again in the next run.
 */
export function createRenewalJob(deps: {
  repo: SelfServiceRepository;
  notifier: Pick<Notifier, 'deliver'>;
  applier: Pick<PaymentEventApplier, 'applyWithin'>;
  log: FastifyBaseLogger;
}) {
  const { repo, notifier, applier, log } = deps;

  async function renew(id: string, at: Date): Promise<boolean> {
    const pending: PendingNotice[] = [];
    const changed = await repo.transaction(async (r, tx: Db) => {
      const row = await r.lockIfFree(id);
      if (!row) return false;
      const payer = await r.payer(row.userId);
      const result = advance(
        {
          status: row.status,
          durationMonths: row.durationMonths,
          // each plan's period amount (a tiered plan's for its quantity); a one-time fee is never renewed
          amount: renewalAmountCents(row.productPlans),
          currentPeriodStart: row.currentPeriodStart,
          currentPeriodEnd: row.currentPeriodEnd,
          pauseCollection: row.pauseCollection,
          rescheduleDate: row.rescheduleDate,
          nextRenewalPercentOff: row.cancellationInfo.renewal_percent_off ?? 0,
        },
        at,
        payer.hasCard,
      );
      const moved = result.currentPeriodEnd?.getTime() !== row.currentPeriodEnd?.getTime();
      if (!moved && result.status === row.status && !result.settleOpenInvoices) return false;

      // The sandbox tells what happened the way Stripe's webhooks do, through the same applier, in-process and
      // inside this transaction: the renewal holds the subscription's row lock and its invoices must commit
      // with the period it moved (a signed post to /webhooks/stripe would wait on that lock, and the demo has
      // no webhook secret). The applier stores the invoice, the status, the patient's notice and the parcel.
      for (const invoice of result.invoices) {
        // One id per subscription and period: a second run over the same period adds nothing.
        const key = createHash('sha256')
          .update(`${row.id}:${invoice.periodStart.toISOString()}`)
          .digest('hex');
        const event = sandboxInvoiceEvent(row.providerSubscriptionId ?? row.id, {
          id: `in_sandbox_${key.slice(0, 24)}`,
          status: invoice.status,
          amount_due: invoice.amountDue,
          amount_paid: invoice.amountPaid,
          currency: 'usd',
          period_start: invoice.periodStart,
          period_end: invoice.periodEnd,
          paid_at: invoice.status === 'paid' ? invoice.periodStart : null,
        });
        const { notices } = await applier.applyWithin(tx, event);
        pending.push(...notices);
      }
      if (result.settleOpenInvoices) await r.settleOpenInvoices(row.id, at);
      const info = { ...row.cancellationInfo };
      if (result.discountUsed) delete info.renewal_percent_off;
      await r.update(row.id, {
        status: result.status,
        currentPeriodStart: result.currentPeriodStart,
        currentPeriodEnd: result.currentPeriodEnd,
        rescheduleDate: result.rescheduleDate,
        cancellationInfo: info,
      });

      return true;
    });
    for (const p of pending) notifier.deliver(p.userId, p.input);
    return changed;
  }

  /** Renews everything due at `at`; answers how many subscriptions changed. */
  async function runOnce(at: Date = new Date()): Promise<number> {
    const ids = await repo.dueSandbox(at, BATCH);
    let changed = 0;
    for (const id of ids) {
      try {
        if (await renew(id, at)) changed++;
      } catch (error) {
        log.error({ err: describeError(error) }, 'subscription renewal failed');
      }
    }
    return changed;
  }

  return { runOnce };
}
export type RenewalJob = ReturnType<typeof createRenewalJob>;
