import { dashboardPath } from '@portal/domain/consultation/consultation-path';
import { MESSAGES } from '@portal/domain/messages';
import { checkoutSummary } from '@portal/domain/pricing/checkout-summary';
import { formatUsd } from '@portal/domain/pricing/money';
import { pricePerMonthCents } from '@portal/domain/pricing/plan-pricing';
import { monthsText } from '@portal/domain/pricing/plan-texts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { savedCardQueryOptions } from '../../../api/billing';
import { intakeKeys, removeIntakeProducts } from '../../../api/intakes';
import { getPatient, patientKeys } from '../../../api/patient';
import { funnelKeys } from '../../../api/view-keys';
import { CardField, type CardFieldHandle } from '../../../components/checkout-forms/card-field';
import {
  type AppliedDiscount,
  DiscountCodeField,
} from '../../../components/checkout-forms/discount-code-field';
import { PriceBreakdown } from '../../../components/checkout-forms/price-breakdown';
import { SavedCard } from '../../../components/checkout-forms/saved-card';
import { ShippingForm } from '../../../components/checkout-forms/shipping-form';
import { useShippingForm } from '../../../components/checkout-forms/use-shipping-form';
import { InvalidIntakeRedirect } from '../../../components/step-page/intake-guard';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import {
  clearFunnelSelections,
  readSelectedProducts,
  writeSelectedProducts,
} from '../../../lib/funnel-selection';
import { saveUser, useSessionUser } from '../../../lib/session';
import { type CheckoutData, loadCheckout } from '../lib/checkout-data';
import type { CheckoutItem } from '../lib/checkout-items';
import { submitCheckout, submitErrorMessage } from '../lib/submit-checkout';
import '../../../components/step-page/step-page.css';
import './checkout-page.css';

/** Shown above Submit (000 §1, 002 §2.8). */
export const NOT_CHARGED_NOTE =
  'You will not be charged for or shipped any medication until approved by your doctor.';

type SubmitState = 'idle' | 'submitting' | 'error';

function planText(item: CheckoutItem): string {
  if (!item.line.recurring || item.months <= 0) return 'One-time purchase';
  return `${monthsText(item.months)} plan`;
}

function ItemRow({
  item,
  onRemove,
  removing,
}: {
  item: CheckoutItem;
  onRemove?: () => void;
  removing?: boolean;
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
          <span>{formatUsd(perMonth)}/mo</span>
        ) : (
          <span>{formatUsd(item.line.totalDiscountCents)}</span>
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
export default function CheckoutPage() {
  const { intakeId = '', labProductId } = useParams();
  const user = useSessionUser();
  const userId = user?._id ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();

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
        <Alert tone="error">{submitErrorMessage(checkout.error)}</Alert>
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
  return (
    <CheckoutForm
      data={checkout.data}
      savedCard={savedCard.data ?? null}
      onRemoved={() =>
        queryClient.invalidateQueries({ queryKey: funnelKeys.checkoutOfVisit(userId, intakeId) })
      }
      onDone={(path) => {
        clearFunnelSelections();
        void queryClient.invalidateQueries({ queryKey: intakeKeys.detail(userId, intakeId) });
        void navigate(path, { replace: true });
      }}
    />
  );
}

function CheckoutForm({
  data,
  savedCard,
  onRemoved,
  onDone,
}: {
  data: CheckoutData;
  savedCard: import('../../../api/billing').Card | null;
  onRemoved: () => Promise<unknown>;
  onDone: (path: string) => void;
}) {
  const user = useSessionUser();
  const userId = user?._id ?? '';
  const queryClient = useQueryClient();
  const shipping = useShippingForm({ user });
  const card = useRef<CardFieldHandle>(null);
  const [cardValid, setCardValid] = useState(false);
  const [changingCard, setChangingCard] = useState(false);
  const [discount, setDiscount] = useState<AppliedDiscount | null>(null);
  const [state, setState] = useState<SubmitState>('idle');
  const [error, setError] = useState<{ message: string; critical: boolean } | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const inFlight = useRef(false);

  const main = data.items.filter((i) => !i.isAddon);
  const addons = data.items.filter((i) => i.isAddon);
  const collectsPayment = data.intakeTemplate?.disable_payment_collection !== true;
  const enteringCard = !savedCard || changingCard;
  const cardRequired = collectsPayment && enteringCard;

  const lines = useMemo(() => {
    const all = data.items.map((i) => ({
      ...i.line,
      specialDiscountPercent: discount?.percentages[i.line.id] ?? discount?.percentages[i.templateId] ?? null,
    }));
    if (data.membership) {
      all.push({
        id: data.membership.price_id,
        totalCents: data.membership.unit_amount,
        totalDiscountCents: data.membership.unit_amount,
        recurring: true,
        specialDiscountPercent: null,
      });
    }
    return all;
  }, [data, discount]);
  const summary = checkoutSummary(lines);
  const plans = [
    ...new Set(data.items.filter((i) => i.line.recurring && !i.free && i.months > 0).map((i) => i.months)),
  ];
  const couponProducts = data.items.flatMap((i) => (i.line.id ? [{ product: i.line.id, quantity: 1 }] : []));

  const canSubmit = shipping.isValid && (!cardRequired || cardValid) && state !== 'submitting';

  const remove = async (item: CheckoutItem) => {
    setRemoving(item.templateId);
    try {
      await removeIntakeProducts(data.intake._id, [item.templateId]);
      writeSelectedProducts(
        data.intake._id,
        readSelectedProducts(data.intake._id).filter((p) => p.product_template !== item.templateId),
      );
      await onRemoved();
    } catch (e) {
      setError({ message: submitErrorMessage(e), critical: false });
    } finally {
      setRemoving(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // One submit at a time: a double click or Enter while one runs does nothing.
    if (inFlight.current || !shipping.submit() || !canSubmit) return;
    inFlight.current = true;
    setState('submitting');
    setError(null);
    try {
      const result = await submitCheckout({
        userId,
        data,
        shipping: shipping.payload(),
        tokenizeCard: cardRequired ? () => card.current!.tokenize() : null,
        hasSavedCard: Boolean(savedCard),
        promoCode: discount?.promoCode ?? null,
        refreshUser: () => getPatient(userId),
        onUser: (next) => {
          saveUser(next);
          queryClient.setQueryData(patientKeys.detail(userId), next);
        },
      });
      if (result.kind === 'coaching') {
        const link = data.coachingLink ? `?coachingLink=${encodeURIComponent(data.coachingLink)}` : '';
        onDone(`/schedule-coaching/${encodeURIComponent(result.subscriptionId)}${link}`);
      } else {
        onDone(dashboardPath(userId));
      }
    } catch (e) {
      const critical = e instanceof Error && 'kind' in e && (e as { kind: string }).kind === 'shipping';
      setError({ message: submitErrorMessage(e), critical });
      setState('error');
    } finally {
      inFlight.current = false;
    }
  };

  const submitLabel = state === 'error' ? MESSAGES.errorTryAgain : 'Submit';

  return (
    <form className="consult-step consult-step--wide co-page" onSubmit={submit} noValidate>
      <header className="consult-step__header">
        <h1 className="consult-step__title">Checkout</h1>
      </header>
      <div className="co-layout">
        <div className="co-main">
          <section className="co-panel" aria-labelledby="co-shipping-title">
            <h2 className="co-panel__title" id="co-shipping-title">
              Shipping
            </h2>
            <ShippingForm form={shipping} disabled={state === 'submitting'} />
          </section>
          <section className="co-panel" aria-labelledby="co-payment-title">
            <h2 className="co-panel__title" id="co-payment-title">
              Payment
            </h2>
            {savedCard && !changingCard ? (
              <SavedCard
                card={savedCard}
                onChange={() => setChangingCard(true)}
                disabled={state === 'submitting'}
              />
            ) : collectsPayment ? (
              <CardField ref={card} onValidChange={setCardValid} disabled={state === 'submitting'} />
            ) : null}
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
                <ItemRow key={item.templateId} item={item} />
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
                    removing={removing === item.templateId}
                    onRemove={state === 'submitting' ? undefined : () => void remove(item)}
                  />
                ))}
              </ul>
            </section>
          ) : null}
          <section className="co-panel" aria-labelledby="co-summary-title">
            <h2 className="co-panel__title" id="co-summary-title">
              Summary
            </h2>
            <DiscountCodeField
              products={couponProducts}
              onChange={setDiscount}
              disabled={state === 'submitting'}
            />
            <PriceBreakdown summary={summary} renewsEveryMonths={plans.length === 1 ? plans[0] : null} />
            {error ? (
              <Alert tone="error" title={error.critical ? 'Error' : undefined}>
                {error.message}
              </Alert>
            ) : null}
            <Button type="submit" block disabled={!canSubmit} loading={state === 'submitting'}>
              {submitLabel}
            </Button>
          </section>
        </aside>
      </div>
    </form>
  );
}
