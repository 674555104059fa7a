import type { CheckoutSummary } from '@portal/domain/pricing/checkout-summary';
import { formatUsd } from '@portal/domain/pricing/money';
import { renewsEveryText } from '@portal/domain/pricing/plan-texts';
import { ONE_TIME_FEE_LABEL } from '@portal/domain/pricing/price-scheme';
import './checkout-forms.css';

export type { CheckoutSummary };

export interface PriceBreakdownProps {
  summary: CheckoutSummary;
  /** Months of the plan, for 'Renews every N month(s)'; omitted for one-time or mixed carts. */
  renewsEveryMonths?: number | null;
  /** Accessible name of the list; 'Price breakdown' by default. */
  label?: string;
  /** The figures are being worked out again: each shows as a skeleton of its own size (nothing moves). */
  pending?: boolean;
  /** A trial's sentence ("Free for 14 days, then $59.00 every 1 month"), shown under the total. */
  trial?: string | null;
}

/** A figure, or its skeleton while the summary is pending. */
function Figure({ pending, children }: { pending: boolean; children: string }) {
  if (!pending) return children;
  return (
    <span className="co-pending" aria-hidden="true">
      {children}
    </span>
  );
}

/** Amounts taken off show with a minus sign; zero stays "$0.00". */
function minus(cents: number): string {
  return cents > 0 ? `-${formatUsd(cents)}` : formatUsd(0);
}

/**
 * The price rows of a checkout (002 §2.7): Sub-Total, Savings, Special Discount and "Total Due Now", with the
 * renewal text. Amounts are the recurring items only (000 §9). A one-time fee (002 §3) has its own row
 * "One-time fee", included in the total once; a trial's sentence follows the total.
 */
export function PriceBreakdown({
  summary,
  renewsEveryMonths,
  label = 'Price breakdown',
  pending = false,
  trial = null,
}: PriceBreakdownProps) {
  const fee = summary.oneTimeFees ?? 0;
  return (
    <div className="co-breakdown">
      {pending ? (
        <p className="ui-visually-hidden" role="status">
          Updating your summary
        </p>
      ) : null}
      <dl className="co-breakdown__rows" aria-label={label} aria-busy={pending || undefined}>
        <div className="co-breakdown__row">
          <dt>Sub-Total</dt>
          <dd>
            <Figure pending={pending}>{formatUsd(summary.subTotal)}</Figure>
          </dd>
        </div>
        <div className="co-breakdown__row co-breakdown__row--saving">
          <dt>Savings</dt>
          <dd>
            <Figure pending={pending}>{minus(summary.savings)}</Figure>
          </dd>
        </div>
        <div className="co-breakdown__row co-breakdown__row--saving">
          <dt>Special Discount</dt>
          <dd>
            <Figure pending={pending}>{minus(summary.specialDiscount)}</Figure>
          </dd>
        </div>
        {fee > 0 ? (
          <div className="co-breakdown__row">
            <dt>{ONE_TIME_FEE_LABEL}</dt>
            <dd>
              <Figure pending={pending}>{formatUsd(fee)}</Figure>
            </dd>
          </div>
        ) : null}
        <div className="co-breakdown__row co-breakdown__row--total">
          <dt>Total Due Now</dt>
          <dd>
            <Figure pending={pending}>{formatUsd(summary.totalDueNow)}</Figure>
          </dd>
        </div>
      </dl>
      {trial ? <p className="co-breakdown__trial">{trial}</p> : null}
      {renewsEveryMonths && renewsEveryMonths > 0 ? (
        <p className="co-breakdown__renews">{renewsEveryText(renewsEveryMonths)}</p>
      ) : null}
    </div>
  );
}
