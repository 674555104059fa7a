import { SUMMARY_SKELETON_MS } from '@portal/domain/constants';
import { dashboardPath } from '@portal/domain/consultation/consultation-path';
import { MESSAGES, mapServerMessage } from '@portal/domain/messages';
import { formatUsd } from '@portal/domain/pricing/money';
import { pricePerMonthCents } from '@portal/domain/pricing/plan-pricing';
import { monthsText } from '@portal/domain/pricing/plan-texts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { type Card, savedCardQueryOptions } from '../../../api/billing';
import type { CheckoutResult } from '../../../api/checkout';
import { intakeKeys, removeIntakeProducts } from '../../../api/intakes';
import { funnelKeys } from '../../../api/view-keys';
import { CheckoutPayment } from '../../../components/checkout-forms/checkout-payment';
import { CheckoutSummaryPanel } from '../../../components/checkout-forms/checkout-summary-panel';
import { ShippingForm } from '../../../components/checkout-forms/shipping-form';
import {
  type CheckoutKey,
  type CheckoutPurchase,
  useCheckoutKey,
  useCheckoutSubmit,
} from '../../../components/checkout-forms/use-checkout-submit';
import { InvalidIntakeRedirect } from '../../../components/step-page/intake-guard';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-error';
import {
  clearFunnelSelections,
  readSelectedProducts,
  writeSelectedProducts,
} from '../../../lib/funnel-selection';
import type { Patient } from '../../../lib/patient';
import { useSessionUser } from '../../../lib/session';
import { useDelayedPlaceholder } from '../../../lib/use-delayed-placeholder';
import { type CheckoutData, loadCheckout } from '../lib/checkout-data';
import { type CheckoutItem, membershipLine } from '../lib/checkout-items';
import '../../../components/step-page/step-page.css';
import './checkout-page.css';

/** Shown above Submit (000 §1, 002 §2.8). */
export const NOT_CHARGED_NOTE =
  'You will not be charged for or shipped any medication until approved by your doctor.';

/** The message of a failed read or removal. */
const failureMessage = (error: unknown) =>
  isApiError(error) ? mapServerMessage(error.message, MESSAGES.generic) : MESSAGES.generic;

function planText(item: CheckoutItem): string {
  if (!item.line.recurring || item.months <= 0) return 'One-time purchase';
  return `${monthsText(item.months)} plan`;
}

function ItemRow({
  item,
  onRemove,
  removing,
  pending = false,
}: {
  item: CheckoutItem;
  onRemove?: () => void;
  removing?: boolean;
  /** The item's price is being worked out again (see the summary skeleton). */
  pending?: boolean;
}) {
  const perMonth = pricePerMonthCents(item.line.totalDiscountCents, item.months);
  return (
    <li className="co-item">
      {item.image ? (
        <img className="co-item__image" src={item.image} alt="" />
      ) : (
        <span className="co-item__image" />
      )}
      <div className="co-item__body">
        <p className="co-item__name">{item.name}</p>
        <ul className="co-item__facts">
          {item.strength ? <li>Strength: {item.strength}</li> : null}
          {item.quantity ? <li>Quantity: {item.quantity} per month</li> : null}
          {item.frequency ? <li>{item.frequency}</li> : null}
          <li>{planText(item)}</li>
        </ul>
      </div>
      <div className="co-item__price">
        {item.free ? (
          <span className="co-item__free">Free</span>
        ) : item.line.recurring && item.months > 0 ? (
          <span className={pending ? 'co-pending' : undefined} aria-hidden={pending || undefined}>
            {formatUsd(perMonth)}/mo
          </span>
        ) : (
          <span className={pending ? 'co-pending' : undefined} aria-hidden={pending || undefined}>
            {formatUsd(item.line.totalDiscountCents)}
          </span>
        )}
        {onRemove ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={onRemove}
            loading={removing}
            aria-label={`Remove ${item.name}`}
          >
            Remove
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Checkout (000 §2 Screen 10): Protocol (Targeted Program for coaching), Addons and Summary; shipping, card,
 * discount code, the mobile number when the patient has none; Submit runs the sequence of 000 §4.
 */
/**
 * Checkout (000 §2 Screen 10): Protocol (Targeted Program for coaching), Addons and Summary; shipping, card,
 * discount code, the mobile number when the patient has none; Submit sends the whole checkout of 000 §4 in one
 * call (POST /v2/checkout) under a key made when the page opens.
 */
export default function CheckoutPage() {
  const { intakeId = '', labProductId } = useParams();
  const user = useSessionUser();
  const userId = user?._id ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const checkoutKey = useCheckoutKey();

  const checkout = useQuery({
    queryKey: funnelKeys.checkout(userId, intakeId, labProductId ?? null),
    queryFn: ({ signal }) => loadCheckout(userId, intakeId, labProductId, signal),
    enabled: Boolean(userId && intakeId),
  });
  const savedCard = useQuery({ ...savedCardQueryOptions(userId), enabled: Boolean(userId) });

  if (!user) return null;
  if (checkout.isError) {
    return (
      <section className="consult-step">
        <InvalidIntakeRedirect userId={user._id} error={checkout.error} />
        <Alert tone="error">{failureMessage(checkout.error)}</Alert>
      </section>
    );
  }
  if (!checkout.data || savedCard.isPending) {
    return (
      <section className="consult-step">
        <Spinner label="Loading your checkout" />
      </section>
    );
  }
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: funnelKeys.checkoutOfVisit(userId, intakeId) });
  return (
    <CheckoutForm
      user={user}
      data={checkout.data}
      refreshing={checkout.isFetching}
      savedCard={savedCard.data ?? null}
      checkoutKey={checkoutKey}
      onRemoved={refresh}
      onTotalChanged={() => void refresh()}
      onDone={(path) => {
        // 000 §4 step 7 and 8: the stored selections are cleared, then the dashboard or coaching scheduling.
        clearFunnelSelections();
        void queryClient.invalidateQueries({ queryKey: intakeKeys.detail(userId, intakeId) });
        void navigate(path, { replace: true });
      }}
    />
  );
}

function CheckoutForm({
  user,
  data,
  refreshing,
  savedCard,
  checkoutKey,
  onRemoved,
  onTotalChanged,
  onDone,
}: {
  user: Patient;
  data: CheckoutData;
  /** The visit's checkout is being read again (an add-on removed, a total the server changed). */
  refreshing: boolean;
  savedCard: Card | null;
  checkoutKey: CheckoutKey;
  onRemoved: () => Promise<unknown>;
  onTotalChanged: () => void;
  onDone: (path: string) => void;
}) {
  const [removing, setRemoving] = useState<string | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  // 000 §9: the summary items' skeleton stays 1 s, so re-read figures never flicker; until then the old
  // figures are not shown, nor paid by.
  const summaryPending = useDelayedPlaceholder(refreshing, { minShownMs: SUMMARY_SKELETON_MS });

  const main = data.items.filter((i) => !i.isAddon);
  const addons = data.items.filter((i) => i.isAddon);
  const lines = useMemo(
    () => [...data.items.map((i) => i.line), ...(data.membership ? [membershipLine(data.membership)] : [])],
    [data],
  );
  const purchase = useMemo<CheckoutPurchase>(
    () => ({
      kind: 'consultation',
      intake: data.intake._id,
      membership: data.membership
        ? { membership: data.membership.membership_id, price: data.membership.price_id }
        : null,
    }),
    [data],
  );
  const dashboard = () => onDone(dashboardPath(user._id));
  const form = useCheckoutSubmit({
    user,
    savedCard,
    collectsPayment: data.intakeTemplate?.disable_payment_collection !== true,
    purchase,
    mode: 'consultation',
    lines,
    checkoutKey,
    onSuccess: (result: CheckoutResult) => {
      if (result.next.kind === 'coaching' && result.next.subscription) {
        const link = data.coachingLink ? `?coachingLink=${encodeURIComponent(data.coachingLink)}` : '';
        onDone(`/schedule-coaching/${encodeURIComponent(result.next.subscription)}${link}`);
      } else {
        dashboard();
      }
    },
    // A visit already paid (another tab, an earlier page): the patient just moves on, as after a submit.
    onAlreadyPaid: dashboard,
    onTotalChanged,
  });
  const submitting = form.state === 'submitting';

  const plans = [
    ...new Set(data.items.filter((i) => i.line.recurring && !i.free && i.months > 0).map((i) => i.months)),
  ];
  const couponProducts = data.items.flatMap((i) => (i.line.id ? [{ product: i.line.id, quantity: 1 }] : []));

  const remove = async (item: CheckoutItem) => {
    setRemoving(item.templateId);
    setRemoveError(null);
    try {
      await removeIntakeProducts(data.intake._id, [item.templateId]);
      writeSelectedProducts(
        data.intake._id,
        readSelectedProducts(data.intake._id).filter((p) => p.product_template !== item.templateId),
      );
      await onRemoved();
    } catch (e) {
      setRemoveError(failureMessage(e));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <form className="consult-step consult-step--wide co-page" onSubmit={form.submit} noValidate>
      <header className="consult-step__header">
        <h1 className="consult-step__title">Checkout</h1>
      </header>
      <div className="co-layout">
        <div className="co-main">
          <section className="co-panel" aria-labelledby="co-shipping-title">
            <h2 className="co-panel__title" id="co-shipping-title">
              Shipping
            </h2>
            <ShippingForm form={form.shipping} disabled={submitting} />
          </section>
          <section className="co-panel" aria-labelledby="co-payment-title">
            <h2 className="co-panel__title" id="co-payment-title">
              Payment
            </h2>
            <CheckoutPayment form={form} />
            <p className="co-note">{NOT_CHARGED_NOTE}</p>
          </section>
        </div>
        <aside className="co-aside">
          <section className="co-panel" aria-labelledby="co-protocol-title">
            <h2 className="co-panel__title" id="co-protocol-title">
              {data.coaching ? 'Targeted Program' : 'Protocol'}
            </h2>
            <ul className="co-items">
              {main.map((item) => (
                <ItemRow key={item.templateId} item={item} pending={summaryPending} />
              ))}
              {data.membership ? (
                <li className="co-item">
                  <span className="co-item__image" />
                  <div className="co-item__body">
                    <p className="co-item__name">{data.membership.name}</p>
                    <ul className="co-item__facts">
                      <li>Membership, {monthsText(data.membership.interval_count)} plan</li>
                    </ul>
                  </div>
                  <div className="co-item__price">
                    {formatUsd(
                      pricePerMonthCents(data.membership.unit_amount, data.membership.interval_count),
                    )}
                    /mo
                  </div>
                </li>
              ) : null}
            </ul>
          </section>
          {addons.length > 0 ? (
            <section className="co-panel" aria-labelledby="co-addons-title">
              <h2 className="co-panel__title" id="co-addons-title">
                Addons
              </h2>
              <ul className="co-items">
                {addons.map((item) => (
                  <ItemRow
                    key={item.templateId}
                    item={item}
                    pending={summaryPending}
                    removing={removing === item.templateId}
                    onRemove={submitting ? undefined : () => void remove(item)}
                  />
                ))}
              </ul>
              {removeError ? <Alert tone="error">{removeError}</Alert> : null}
            </section>
          ) : null}
          <CheckoutSummaryPanel
            className="co-panel"
            titleClassName="co-panel__title"
            mode="consultation"
            lines={lines}
            discount={form.discount}
            onDiscountChange={form.setDiscount}
            couponProducts={couponProducts}
            renewsEveryMonths={plans.length === 1 ? (plans[0] ?? null) : null}
            error={form.error}
            submitLabel={form.submitLabel('Submit')}
            canSubmit={form.canSubmit}
            submitting={submitting}
            pending={summaryPending}
          />
        </aside>
      </div>
    </form>
  );
}
