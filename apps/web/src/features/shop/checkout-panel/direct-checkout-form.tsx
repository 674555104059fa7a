import type { Product, ProductTemplate } from '@portal/domain/contracts/product';
import { MESSAGES, NOTIFICATION_TITLES } from '@portal/domain/messages';
import { variantLine } from '@portal/domain/pricing/checkout-totals';
import { formatUsd } from '@portal/domain/pricing/money';
import { pricePerMonthCents } from '@portal/domain/pricing/plan-pricing';
import { monthsText } from '@portal/domain/pricing/plan-texts';
import { isTiered, tierTexts, trialOfferText, unitPriceAt } from '@portal/domain/pricing/price-scheme';
import {
  alreadySubscribedActions,
  directCheckoutSummary,
  hasOneTimeOption,
  labDestination,
  offeredPlans,
  preselectedPlan,
  SUBSCRIPTION_ALREADY_EXISTS,
  showsPlanSection,
  subscribesTo,
} from '@portal/domain/shop/checkout/direct-checkout';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Card } from '../../../api/billing';
import { isSubscriptionAlreadyExists } from '../../../api/direct-checkout';
import type { MembershipPrice } from '../../../api/memberships';
import { subscriptionsQueryOptions } from '../../../api/subscriptions';
import { CheckoutPayment } from '../../../components/checkout-forms/checkout-payment';
import { pricedVariantOf } from '../../../components/checkout-forms/checkout-totals';
import { DiscountCodeField } from '../../../components/checkout-forms/discount-code-field';
import { PriceBreakdown } from '../../../components/checkout-forms/price-breakdown';
import { ShippingForm } from '../../../components/checkout-forms/shipping-form';
import {
  type CheckoutPurchase,
  useCheckoutKey,
  useCheckoutSubmit,
} from '../../../components/checkout-forms/use-checkout-submit';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextInput } from '../../../components/ui/text-input';
import type { Patient } from '../../../lib/patient';
import { readStorage, removeStorage } from '../../../lib/storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import type { CheckoutPanelResult } from './checkout-panel';

/** 002 §9: the summary item shows as a skeleton for its first second. */
export const SUMMARY_SKELETON_MS = 1000;

const RECURRING_NOTE = 'Recurring orders are billed and shipped every {n} and can be changed or cancelled.';
const ONE_TIME_NOTE = 'One-time purchase is shipped free.';
/** The most units of a tiered product one checkout buys. */
export const MAX_QUANTITY = 99;

const quantityOf = (value: string) => {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) ? Math.min(MAX_QUANTITY, Math.max(1, n)) : 1;
};

export interface DirectCheckoutFormProps {
  user: Patient;
  template: ProductTemplate;
  products: Product[];
  membershipPrices: MembershipPrice[];
  savedCard: Card | null;
  oneTimeOnly: boolean;
  alreadySubscribed: boolean;
  onAlreadySubscribed: () => void;
  onOneTimePurchase: () => void;
  onClose: () => void;
  onPurchased: (result: CheckoutPanelResult) => void;
}

function planLabel(product: Product): string {
  return product.pricing.type === 'recurring'
    ? monthsText(product.pricing.interval_count)
    : 'One-time purchase';
}

/**
 * The direct checkout form (002 §2.7, §4.4): Plan (recurring products only), Summary, Payment, discount code,
 * Shipping (supplements) or Billing, the price breakdown, the error alert and Submit. Submit sends one
 * POST /v2/checkout (kind shop) under a key made when the panel opens; the server saves the address, checks
 * the state, saves the card, charges a one-time plan and places its order once, or subscribes to a recurring
 * plan, and answers the totals it charged by (the figures shown here, from the same function).
 */
export function DirectCheckoutForm(props: DirectCheckoutFormProps) {
  const { user, template, products, savedCard, oneTimeOnly } = props;
  const navigate = useNavigate();
  const checkoutKey = useCheckoutKey();
  const isLab = template.type === 'lab';
  const isSupplement = template.type === 'supplement';

  const plans = useMemo(() => offeredPlans(products, oneTimeOnly), [products, oneTimeOnly]);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const selected =
    plans.find((p) => p._id === chosenId) ??
    preselectedPlan(products, {
      storedDuration: readStorage(STORAGE_KEYS.defaultDurationSelection),
      oneTimeOnly,
    }) ??
    plans[0]!;

  const [skeleton, setSkeleton] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setSkeleton(false), SUMMARY_SKELETON_MS);
    return () => clearTimeout(timer);
  }, []);

  // A tiered price (002 §3 billing_scheme) is bought by quantity: the tiers set the price of each unit.
  const scheme = {
    unit_amount: selected.pricing.unit_amount,
    billing_scheme: selected.pricing.billing_scheme ?? null,
    tiers: selected.pricing.tiers ?? null,
    tiers_mode: selected.pricing.tiers_mode ?? null,
  };
  const tiered = isTiered(scheme);
  const [quantityText, setQuantityText] = useState('1');
  const quantity = tiered ? quantityOf(quantityText) : 1;

  // The line as the server prices it: the variant's tiers, one-time fee and trial included.
  const lines = useMemo(
    () => [
      variantLine({
        variant: pricedVariantOf(selected),
        variants: products.map(pricedVariantOf),
        count: quantity,
      }),
    ],
    [selected, products, quantity],
  );
  const purchase = useMemo<CheckoutPurchase>(
    () => ({ kind: 'shop', items: [{ product: selected._id, quantity }] }),
    [selected, quantity],
  );
  const form = useCheckoutSubmit({
    user,
    savedCard,
    collectsPayment: true,
    purchase,
    mode: 'purchase',
    lines,
    checkoutKey,
    onSuccess: (result) => {
      removeStorage(STORAGE_KEYS.productTemplate);
      if (isLab) {
        const orderId = result.next.order ?? result.orders[0] ?? '';
        const labs2 = (result.user ?? user).feature_flags?.labs2 === true;
        void navigate(labDestination({ labs2, orderId }));
        props.onPurchased({ kind: 'lab', orderId });
      } else {
        props.onPurchased({ kind: 'other' });
      }
    },
    onRefused: (error) => {
      if (!isSubscriptionAlreadyExists(error)) return false;
      props.onAlreadySubscribed();
      return true;
    },
  });
  const submitting = form.state === 'submitting';
  const summary = directCheckoutSummary(form.totals, selected.pricing);
  const recurring = selected.pricing.type === 'recurring';
  const months = recurring ? selected.pricing.interval_count : 0;
  // After a trial the plan's own price is billed every period (a code takes off the first one only).
  const line = form.totals.lines[0];
  const trial = trialOfferText(summary.trialDays, line ? line.subTotal - line.savings : 0, months);

  // 002 §8.2: a failed one-time order reads 'There was an error submitting your order.' unless the server
  // named the cause; the generic fallback is replaced by it.
  const failure =
    form.error && !recurring && form.error.message === MESSAGES.generic
      ? MESSAGES.orderSubmitFailure
      : (form.error?.message ?? null);

  // Focus follows the view that replaces the one holding it (the choices, or the form again after them).
  const formRef = useRef<HTMLFormElement>(null);
  const wasAlready = useRef(false);
  useEffect(() => {
    if (wasAlready.current && !props.alreadySubscribed) formRef.current?.focus();
    wasAlready.current = props.alreadySubscribed;
  }, [props.alreadySubscribed]);

  const planTitleId = useId();
  const summaryTitleId = useId();
  const paymentTitleId = useId();
  const addressTitleId = useId();
  const image = template.product_images[0];
  const membershipFrom = props.membershipPrices[0];

  return (
    <>
      {props.alreadySubscribed ? (
        <AlreadySubscribed
          user={user}
          template={template}
          products={products}
          onOneTimePurchase={props.onOneTimePurchase}
          onClose={props.onClose}
        />
      ) : null}
      <form
        ref={formRef}
        className="co-panel"
        onSubmit={form.submit}
        noValidate
        hidden={props.alreadySubscribed}
        tabIndex={-1}
        aria-label="Checkout"
      >
        {showsPlanSection(plans) ? (
          <fieldset className="co-panel__section co-panel__plans" disabled={submitting}>
            <legend className="co-panel__title" id={planTitleId}>
              Plan
            </legend>
            {plans.map((plan) => {
              const checked = plan._id === selected._id;
              const perMonth =
                plan.pricing.type === 'recurring'
                  ? ` (${formatUsd(pricePerMonthCents(plan.pricing.unit_amount, plan.pricing.interval_count))}/mo)`
                  : '';
              return (
                <label
                  key={plan._id}
                  className={`co-panel__plan${checked ? ' co-panel__plan--checked' : ''}`}
                >
                  <input
                    type="radio"
                    name="plan"
                    value={plan._id}
                    checked={checked}
                    onChange={() => setChosenId(plan._id)}
                  />
                  <span className="co-panel__plan-name">{planLabel(plan)}</span>
                  {plan.pricing.default && plan.pricing.type === 'recurring' ? (
                    <span className="co-panel__badge">Best Value</span>
                  ) : null}
                  {plan.pricing.type === 'recurring' && (plan.pricing.trial_period_days ?? 0) > 0 ? (
                    <span className="co-panel__badge">{plan.pricing.trial_period_days}-day free trial</span>
                  ) : null}
                  <span className="co-panel__plan-price">
                    {formatUsd(plan.pricing.unit_amount)}
                    {perMonth}
                    {(plan.pricing.one_time_fee ?? 0) > 0
                      ? ` + ${formatUsd(plan.pricing.one_time_fee ?? 0)} one-time fee`
                      : ''}
                  </span>
                </label>
              );
            })}
            <p className="co-panel__note">
              {recurring ? RECURRING_NOTE.replace('{n}', monthsText(months)) : ONE_TIME_NOTE}
            </p>
          </fieldset>
        ) : null}

        <section className="co-panel__section" aria-labelledby={summaryTitleId}>
          <h3 className="co-panel__title" id={summaryTitleId}>
            Summary
          </h3>
          {skeleton ? (
            <div
              className="co-panel__item co-panel__item--skeleton"
              role="status"
              aria-label="Loading your summary"
            >
              <span className="co-panel__skeleton co-panel__skeleton--image" />
              <span className="co-panel__skeleton-lines">
                <span className="co-panel__skeleton" />
                <span className="co-panel__skeleton co-panel__skeleton--short" />
              </span>
            </div>
          ) : (
            <div className="co-panel__item">
              {image ? <img className="co-panel__image" src={image} alt="" width={56} height={56} /> : null}
              <div>
                <p className="co-panel__item-name">{template.product_name}</p>
                <p className="co-panel__muted">
                  {planLabel(selected)} ·{' '}
                  {tiered
                    ? `${quantity} × ${formatUsd(unitPriceAt(scheme, quantity))}`
                    : formatUsd(selected.pricing.unit_amount)}
                </p>
                {membershipFrom ? (
                  <p className="co-panel__muted">
                    {template.membership?.name} membership from {formatUsd(membershipFrom.unit_amount)}
                  </p>
                ) : null}
              </div>
            </div>
          )}
          {tiered ? (
            <div className="co-panel__tiers">
              <TextInput
                label="Quantity"
                fieldClassName="co-panel__quantity"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_QUANTITY}
                value={quantityText}
                disabled={submitting}
                onChange={(e) => setQuantityText(e.target.value)}
                onBlur={() => setQuantityText(String(quantity))}
              />
              <ul className="co-panel__muted" aria-label="Price per unit">
                {tierTexts(scheme).map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {isSupplement ? (
            <p className="co-panel__row">
              <span>Shipping</span>
              <span>Free</span>
            </p>
          ) : null}
        </section>

        <section className="co-panel__section" aria-labelledby={paymentTitleId}>
          <h3 className="co-panel__title" id={paymentTitleId}>
            Payment
          </h3>
          <CheckoutPayment form={form} />
        </section>

        <DiscountCodeField
          products={[{ product: selected._id, quantity }]}
          onChange={form.setDiscount}
          disabled={submitting}
        />

        <section className="co-panel__section" aria-labelledby={addressTitleId}>
          <h3 className="co-panel__title" id={addressTitleId}>
            {isSupplement ? 'Shipping' : 'Billing'}
          </h3>
          <ShippingForm form={form.shipping} disabled={submitting} />
        </section>

        <div className="co-panel__section">
          <PriceBreakdown
            summary={{ ...summary, oneTimeFees: summary.oneTimeFee }}
            renewsEveryMonths={months > 0 ? months : null}
            trial={trial}
          />
        </div>

        {failure ? (
          <Alert tone="error" title={form.error?.critical ? NOTIFICATION_TITLES.error : undefined}>
            {failure}
          </Alert>
        ) : null}
        <Button type="submit" block disabled={!form.canSubmit} loading={submitting}>
          {form.submitLabel('Submit')}
        </Button>
      </form>
    </>
  );
}

/**
 * 'Subscription Already Exists' (000 §2 item 11): One Time Purchase (labs and supplements that can be bought
 * once), Manage Subscription, Modify Treatment (medication) and Close.
 */
function AlreadySubscribed({
  user,
  template,
  products,
  onOneTimePurchase,
  onClose,
}: {
  user: Patient;
  template: ProductTemplate;
  products: Product[];
  onOneTimePurchase: () => void;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const subscriptions = useQuery(subscriptionsQueryOptions(user._id));
  const existing = subscriptions.data?.find((s) => subscribesTo([s], template._id));
  const listPath = `/dashboard/${encodeURIComponent(user._id)}/subscriptions`;
  const detailPath = existing ? `${listPath}/${encodeURIComponent(existing._id)}` : listPath;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} className="co-panel co-panel__already" tabIndex={-1}>
      <Alert tone="info">{SUBSCRIPTION_ALREADY_EXISTS.message}</Alert>
      <div className="co-panel__actions">
        {alreadySubscribedActions(template.type, hasOneTimeOption(products)).map((action) => {
          switch (action) {
            case 'one-time':
              return (
                <Button key={action} block onClick={onOneTimePurchase}>
                  One Time Purchase
                </Button>
              );
            case 'manage':
              return (
                <Button key={action} block variant="secondary" onClick={() => void navigate(detailPath)}>
                  Manage Subscription
                </Button>
              );
            case 'modify':
              return (
                <Button key={action} block variant="secondary" onClick={() => void navigate(detailPath)}>
                  Modify Treatment
                </Button>
              );
            default:
              return (
                <Button key={action} block variant="ghost" onClick={onClose}>
                  Close
                </Button>
              );
          }
        })}
      </div>
    </div>
  );
}
