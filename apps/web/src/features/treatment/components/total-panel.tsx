import { MESSAGES } from '@portal/domain/messages';
import { formatUsd } from '@portal/domain/pricing/money';
import { type PlanOption, pricePerMonthCents } from '@portal/domain/pricing/plan-pricing';
import { monthsText, renewsEveryText } from '@portal/domain/pricing/plan-texts';
import { recurringTotalCents } from '@portal/domain/pricing/price-summary';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';

export interface TotalPanelProps {
  plan: PlanOption;
  /** false: the visit is not offered in the patient's state. */
  approved: boolean | null;
  children?: ReactNode;
}

/** The total of the configured plan: recurring items only (000 §9), per month, savings and renewal. */
export function TotalPanel({ plan, approved, children }: TotalPanelProps) {
  const recurring = plan.type === 'recurring' && plan.duration > 0;
  const total = recurringTotalCents([{ cents: plan.totalDiscount, recurring }]);
  return (
    <section className="tx-total" aria-labelledby="tx-total-title">
      <h2 className="tx-total__title" id="tx-total-title">
        Total
      </h2>
      <dl className="tx-total__rows">
        {recurring ? (
          <>
            <div className="tx-total__row">
              <dt>Plan</dt>
              <dd>{monthsText(plan.duration)}</dd>
            </div>
            <div className="tx-total__row">
              <dt>Per month</dt>
              <dd>{formatUsd(pricePerMonthCents(plan.totalDiscount, plan.duration))}/mo</dd>
            </div>
            {plan.savings > 0 ? (
              <div className="tx-total__row tx-total__row--savings">
                <dt>Savings</dt>
                <dd>{formatUsd(plan.savings)}</dd>
              </div>
            ) : null}
          </>
        ) : (
          <div className="tx-total__row">
            <dt>One-time purchase</dt>
            <dd>{formatUsd(plan.totalDiscount)}</dd>
          </div>
        )}
        <div className="tx-total__row tx-total__row--total">
          <dt>Total</dt>
          <dd>{formatUsd(total)}</dd>
        </div>
      </dl>
      {recurring ? <p className="tx-total__note">{renewsEveryText(plan.duration)}</p> : null}
      {approved === false ? <Alert tone="warning">{MESSAGES.productUnavailableInRegion}</Alert> : null}
      {children}
    </section>
  );
}
