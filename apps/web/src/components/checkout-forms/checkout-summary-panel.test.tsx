import { checkoutTotals, type TotalsLine } from '@portal/domain/pricing/checkout-totals';
import { formatUsd } from '@portal/domain/pricing/money';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setOrganization } from '../../test/helpers';
import { CheckoutSummaryPanel, type CheckoutSummaryPanelProps } from './checkout-summary-panel';
import type { AppliedDiscount } from './discount-code-field';

/** Generic Rapamycin, 3 months at $267.00 against 3 x $99.00. */
const PLAN: TotalsLine = {
  id: 'plan',
  templateId: 'rapa',
  totalCents: 29_700,
  totalDiscountCents: 26_700,
  recurring: true,
};
/** NAD+, monthly $45.00. */
const ADDON: TotalsLine = { id: 'nad', totalCents: 4_500, totalDiscountCents: 4_500, recurring: true };
/** A one-time supplement at $39.00. */
const ONE_TIME: TotalsLine = { id: 'omega', totalCents: 3_900, totalDiscountCents: 3_900, recurring: false };
/** Lab work in a consultation: shown as Free, never counted (000 §9). */
const LAB: TotalsLine = {
  id: 'lab',
  totalCents: 19_900,
  totalDiscountCents: 19_900,
  recurring: false,
  free: true,
};
const CODE: AppliedDiscount = { promoCode: 'WELCOME20', percentages: { plan: 20 } };

function renderPanel(
  props: Partial<CheckoutSummaryPanelProps> & Pick<CheckoutSummaryPanelProps, 'mode' | 'lines'>,
) {
  render(
    <CheckoutSummaryPanel
      discount={null}
      onDiscountChange={() => {}}
      couponProducts={[]}
      renewsEveryMonths={null}
      error={null}
      submitLabel="Submit"
      canSubmit
      submitting={false}
      className="co-panel"
      titleClassName="co-panel__title"
      {...props}
    />,
  );
  const rows = screen.getByLabelText('Price breakdown');
  const row = (name: string) => within(rows).getByText(name).nextSibling;
  return { row };
}

const minus = (cents: number) => (cents > 0 ? `-${formatUsd(cents)}` : formatUsd(0));

describe('CheckoutSummaryPanel', () => {
  beforeEach(() => setOrganization());

  it('shows the consultation totals of checkoutTotals: recurring items only (000 §9)', () => {
    const lines = [PLAN, ADDON, ONE_TIME, LAB];
    const { row } = renderPanel({ mode: 'consultation', lines, discount: CODE, renewsEveryMonths: 3 });
    const totals = checkoutTotals('consultation', lines, { plan: { discount: 20 } });
    // Sub-Total $297 + $45; Savings $30; 20% of $267 = $53.40; the one-time item and the lab do not count.
    expect(totals).toMatchObject({
      subTotal: 34_200,
      savings: 3_000,
      specialDiscount: 5_340,
      totalDueNow: 25_860,
    });
    expect(row('Sub-Total')).toHaveTextContent(formatUsd(totals.subTotal));
    expect(row('Savings')).toHaveTextContent(minus(totals.savings));
    expect(row('Special Discount')).toHaveTextContent(minus(totals.specialDiscount));
    expect(row('Total Due Now')).toHaveTextContent('$258.60');
    expect(screen.getByText('Renews every 3 months')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Summary' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it("shows the purchase totals of checkoutTotals: a one-time purchase counts in 'Total Due Now' (002 §2.7)", () => {
    const lines = [ONE_TIME];
    const { row } = renderPanel({ mode: 'purchase', lines });
    const totals = checkoutTotals('purchase', lines);
    expect(totals).toMatchObject({ subTotal: 3_900, totalDueNow: 3_900, chargedNow: 3_900 });
    expect(row('Sub-Total')).toHaveTextContent('$39.00');
    expect(row('Savings')).toHaveTextContent('$0.00');
    expect(row('Total Due Now')).toHaveTextContent('$39.00');
    // The same line in a consultation would count nothing.
    expect(checkoutTotals('consultation', lines).totalDueNow).toBe(0);
  });

  it('shows a one-time fee as its own row, counted once in Total Due Now (002 §3 one_time_fee)', () => {
    const lines = [{ ...PLAN, oneTimeFeeCents: 4_900 }, ADDON];
    const { row } = renderPanel({ mode: 'consultation', lines, renewsEveryMonths: 3 });
    // $267 + $45 of the plans, and the $49 fee once
    expect(row('One-time fee')).toHaveTextContent('$49.00');
    expect(row('Total Due Now')).toHaveTextContent('$361.00');
    expect(screen.queryByText(/^Free for/)).not.toBeInTheDocument();
  });

  it('a plan on a trial is not due now, and the panel says what follows (002 §3 trial_period_days)', () => {
    const lines = [{ ...PLAN, trialDays: 30 }];
    const { row } = renderPanel({ mode: 'purchase', lines, renewsEveryMonths: 3 });
    expect(row('Sub-Total')).toHaveTextContent('$297.00');
    expect(row('Total Due Now')).toHaveTextContent('$0.00');
    expect(screen.getByText('Free for 30 days, then $267.00 every 3 months')).toBeInTheDocument();
    expect(screen.getByText('Renews every 3 months')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Price breakdown')).queryByText('One-time fee')).toBeNull();
  });

  it('shows a lab purchase and a recurring plan together in a purchase, with the code on its product', () => {
    const lines = [{ ...LAB, free: false }, PLAN];
    const { row } = renderPanel({ mode: 'purchase', lines, discount: CODE });
    // $199 + $297 - $30 - $53.40 = $412.60.
    expect(row('Sub-Total')).toHaveTextContent('$496.00');
    expect(row('Total Due Now')).toHaveTextContent('$412.60');
  });

  it('shows the failure of the last submit, the address one as the critical alert', () => {
    renderPanel({
      mode: 'purchase',
      lines: [ONE_TIME],
      error: { message: 'Your address is invalid. Please correct the errors and try again.', critical: true },
      submitLabel: 'Error. Try Again.',
    });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Error', { exact: true })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Your address is invalid. Please correct the errors and try again.');
    expect(screen.getByRole('button', { name: 'Error. Try Again.' })).toBeInTheDocument();
  });
});
