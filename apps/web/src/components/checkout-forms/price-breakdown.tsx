import type { CheckoutSummary } from '@portal/domain/pricing/checkout-summary';
import { formatUsd } from '@portal/domain/pricing/money';
import { renewsEveryText } from '@portal/domain/pricing/plan-texts';
import './checkout-forms.css';

export type { CheckoutSummary };

export interface PriceBreakdownProps {
  summary: CheckoutSummary;
  /** Months of the plan, for 'Renews every N month(s)'; omitted for one-time or mixed carts. */
  renewsEveryMonths?: number | null;
  /** Accessible name of the list; 'Price breakdown' by default. */
  label?: string;
}

/** Amounts taken off show with a minus sign; zero stays "$0.00". */
function minus(cents: number): string {
  return cents > 0 ? `-${formatUsd(cents)}` : formatUsd(0);
}

/**
 * The price rows of a checkout (002 §2.7): Sub-Total, Savings, Special Discount and "Total Due Now", with the
 * renewal text. Amounts are the recurring items only (000 §9).
 */
export function PriceBreakdown({
  summary,
  renewsEveryMonths,
  label = 'Price breakdown',
}: PriceBreakdownProps) {
  return (
    <div className="co-breakdown">
      <dl className="co-breakdown__rows" aria-label={label}>
        <div className="co-breakdown__row">
          <dt>Sub-Total</dt>
          <dd>{formatUsd(summary.subTotal)}</dd>
        </div>
        <div className="co-breakdown__row co-breakdown__row--saving">
          <dt>Savings</dt>
          <dd>{minus(summary.savings)}</dd>
        </div>
        <div className="co-breakdown__row co-breakdown__row--saving">
          <dt>Special Discount</dt>
          <dd>{minus(summary.specialDiscount)}</dd>
        </div>
        <div className="co-breakdown__row co-breakdown__row--total">
          <dt>Total Due Now</dt>
          <dd>{formatUsd(summary.totalDueNow)}</dd>
        </div>
      </dl>
      {renewsEveryMonths && renewsEveryMonths > 0 ? (
        <p className="co-breakdown__renews">{renewsEveryText(renewsEveryMonths)}</p>
      ) : null}
    </div>
  );
}
