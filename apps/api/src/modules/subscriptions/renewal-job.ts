import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { describeError } from '../../platform/log-safe';
import { advance } from '../../platform/payments/sandbox-renewal';
import { shipSubscription } from '../fulfilment/ship';
import type { NotificationInput, Notifier } from '../notifications/notifier';
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
  notifier: Pick<Notifier, 'store' | 'deliver'>;
  log: FastifyBaseLogger;
}) {
  const { repo, notifier, log } = deps;

  async function renew(id: string, at: Date): Promise<boolean> {
    const pending: { userId: string; input: NotificationInput }[] = [];
    const changed = await repo.transaction(async (r, tx: Db) => {
      const row = await r.lockIfFree(id);
      if (!row) return false;
      const payer = await r.payer(row.userId);
      const result = advance(
        {
          status: row.status,
          durationMonths: row.durationMonths,
          amount: row.productPlans.reduce((sum, p) => sum + p.unit_amount, 0),
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

      for (const invoice of result.invoices) {
        // One id per subscription and period: a second run over the same period adds nothing.
        const key = createHash('sha256')
          .update(`${row.id}:${invoice.periodStart.toISOString()}`)
          .digest('hex');
        await r.insertInvoice({
          organizationId: row.organizationId,
          userId: row.userId,
          subscriptionId: row.id,
          amountDue: invoice.amountDue,
          amountPaid: invoice.amountPaid,
          status: invoice.status,
          periodStart: invoice.periodStart,
          periodEnd: invoice.periodEnd,
          providerInvoiceId: `in_sandbox_${key.slice(0, 24)}`,
          paidAt: invoice.status === 'paid' ? invoice.periodStart : null,
          createdAt: invoice.periodStart,
        });
      }
      for (const invoice of result.invoices) {
        // each paid period ships, under the period's own key: a second run ships nothing more
        if (invoice.status !== 'paid') continue;
        const key = `renewal-${invoice.periodStart.toISOString()}`;
        await shipSubscription(tx, row, { source: 'renewal', key }, at);
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

      const note = (input: NotificationInput) => pending.push({ userId: row.userId, input });
      if (result.status === 'past_due' && row.status !== 'past_due') {
        note({
          category: 'payment',
          message: `We couldn't charge your card for your ${row.name} subscription. Please update your payment information.`,
          data: { subscriptionId: row.id },
        });
      } else if (result.invoices.some((i) => i.status === 'paid') || result.settleOpenInvoices) {
        note({
          category: 'subscription',
          message: `Your ${row.name} subscription has renewed.`,
          data: { subscriptionId: row.id },
        });
      }
      for (const p of pending) await notifier.store(tx, p.userId, row.organizationId, p.input);
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
