import { NOTIFICATION_TITLES } from '@portal/domain/messages';
import { trialOfferText } from '@portal/domain/pricing/price-scheme';
import { type ReactNode, useId } from 'react';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { summaryTotals, type TotalsLine, type TotalsMode } from './checkout-totals';
import { type AppliedDiscount, DiscountCodeField } from './discount-code-field';
import { PriceBreakdown } from './price-breakdown';
import type { CheckoutErrorDisplay } from './use-checkout-submit';

export interface CheckoutSummaryPanelProps {
  /** consultation: recurring items only (000 §9); purchase: one-time items count too (002 §2.7). */
  mode: TotalsMode;
  lines: readonly TotalsLine[];
  discount: AppliedDiscount | null;
  onDiscountChange: (discount: AppliedDiscount | null) => void;
  /** The products the discount code is asked about. */
  couponProducts: { product: string; quantity: number }[];
  /** Months of the plan for 'Renews every N month(s)'; null for one-time or mixed plans. */
  renewsEveryMonths: number | null;
  error: CheckoutErrorDisplay | null;
  submitLabel: string;
  canSubmit: boolean;
  submitting: boolean;
  /** The summary's figures are being worked out again: they show as skeletons and the submit waits. */
  pending?: boolean;
  /** What is bought, shown above the discount code (the signup checkout's Protocol item). */
  children?: ReactNode;
  /** The page's panel and title classes. */
  className: string;
  titleClassName: string;
}

/**
 * The Summary of a checkout (000 §2 Screen 10, 002 §2.7, §2.8): the discount code, Sub-Total, Savings,
 * Special Discount and 'Total Due Now' as the domain's `checkoutTotals` gives them (the figures the server
 * charges by), the renewal text, the failure of the last submit (the shipping one as the critical alert,
 * 000 §8) and the submit button.
 */
export function CheckoutSummaryPanel({
  mode,
  lines,
  discount,
  onDiscountChange,
  couponProducts,
  renewsEveryMonths,
  error,
  submitLabel,
  canSubmit,
  submitting,
  pending = false,
  children,
  className,
  titleClassName,
}: CheckoutSummaryPanelProps) {
  const titleId = useId();
  const totals = summaryTotals(mode, lines, discount);
  // A counted line on a trial (002 §3 trial_period_days): what follows the free days.
  const trialLine = totals.lines.find((l) => l.counted && l.trialDays > 0);
  const trial = trialLine
    ? trialOfferText(trialLine.trialDays, trialLine.subTotal - trialLine.savings, renewsEveryMonths ?? 0)
    : null;
  return (
    <section className={className} aria-labelledby={titleId}>
      <h2 className={titleClassName} id={titleId}>
        Summary
      </h2>
      {children}
      <DiscountCodeField products={couponProducts} onChange={onDiscountChange} disabled={submitting} />
      <PriceBreakdown
        summary={totals}
        renewsEveryMonths={renewsEveryMonths}
        pending={pending}
        trial={trial}
      />
      {error ? (
        <Alert tone="error" title={error.critical ? NOTIFICATION_TITLES.error : undefined}>
          {error.message}
        </Alert>
      ) : null}
      <Button type="submit" block disabled={!canSubmit || pending} loading={submitting}>
        {submitLabel}
      </Button>
    </section>
  );
}
