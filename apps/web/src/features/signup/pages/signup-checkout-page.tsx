import { dashboardPath } from '@portal/domain/consultation/consultation-path';
import type { Product, ProductTemplate } from '@portal/domain/contracts/product';
import { MESSAGES } from '@portal/domain/messages';
import { formatUsd } from '@portal/domain/pricing/money';
import { pricePerMonthCents, specialDiscountCents } from '@portal/domain/pricing/plan-pricing';
import { monthsText } from '@portal/domain/pricing/plan-texts';
import { planOptionsOf } from '@portal/domain/signup/plan-summary';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type Card, savedCardQueryOptions } from '../../../api/billing';
import { patientKeys } from '../../../api/patient';
import { productTemplateQueryOptions, templateProductsQueryOptions } from '../../../api/products';
import { CardField, type CardFieldHandle } from '../../../components/checkout-forms/card-field';
import {
  type AppliedDiscount,
  DiscountCodeField,
} from '../../../components/checkout-forms/discount-code-field';
import { PriceBreakdown } from '../../../components/checkout-forms/price-breakdown';
import { SavedCard } from '../../../components/checkout-forms/saved-card';
import { ShippingForm } from '../../../components/checkout-forms/shipping-form';
import { useShippingForm } from '../../../components/checkout-forms/use-shipping-form';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { saveUser, useSessionUser } from '../../../lib/session';
import { clearSignupSelection, readDefaultItem, readSignupProduct } from '../../../lib/signup-storage';
import { SignupLoadError } from '../components/signup-load-error';
import { defaultVariant } from '../lib/signup-flow';
import { SignupCheckoutError, submitSignupCheckout } from '../lib/submit-signup-checkout';
import '../../../components/step-page/step-page.css';
import '../components/signup.css';

const NOT_CHARGED_NOTE =
  'You will not be charged for or shipped any medication until approved by your doctor.';

type SubmitState = 'idle' | 'submitting' | 'error';

/** "Where should we send your {type}?" names the product type in words (coaching_membership -> coaching membership). */
const typeWords = (type: string) => type.replace(/_/g, ' ');

/**
 * /signup/checkout (002 §2.8, §4.4, §4.5): the address ('Billing Info' for labs), the card with the
 * not-charged note, and a Summary with the Protocol item, discount code, price breakdown and Continue.
 * A recurring plan becomes a subscription, a one-time plan an order that is submitted; labs then open the
 * lab instructions (the labs app with labs2), anything else the dashboard profile.
 */
export default function SignupCheckoutPage() {
  const user = useSessionUser();
  const userId = user?._id ?? '';
  const [stored] = useState(() => readSignupProduct());
  const productId = stored?._id ?? '';
  const template = useQuery({ ...productTemplateQueryOptions(productId), enabled: Boolean(productId) });
  const products = useQuery({ ...templateProductsQueryOptions(productId), enabled: Boolean(productId) });
  const savedCard = useQuery({ ...savedCardQueryOptions(userId), enabled: Boolean(userId) });

  if (!user) return null;
  if (!productId)
    return (
      <section className="consult-step" aria-labelledby="signup-checkout-title">
        <h1 className="consult-step__title" id="signup-checkout-title">
          Checkout
        </h1>
        <Alert tone="error">{MESSAGES.noProductSelected}</Alert>
        <Link className={buttonClassName({ variant: 'secondary' })} to="/shop">
          Browse the shop
        </Link>
      </section>
    );
  if (template.isPending || products.isPending || savedCard.isPending)
    return <PageSpinner label="Loading your checkout" />;
  if (template.isError || products.isError)
    return (
      <SignupLoadError
        title="Checkout"
        onRetry={() => {
          void template.refetch();
          void products.refetch();
        }}
      />
    );

  const item = readDefaultItem(productId);
  const variant = products.data.find((p) => p._id === item?.product) ?? defaultVariant(products.data);
  if (!variant)
    return (
      <section className="consult-step">
        <h1 className="consult-step__title">Checkout</h1>
        <Alert tone="error">{MESSAGES.productUndefined}</Alert>
      </section>
    );
  return (
    <CheckoutForm
      template={template.data}
      products={products.data}
      variant={variant}
      savedCard={savedCard.data ?? null}
    />
  );
}

function CheckoutForm({
  template,
  products,
  variant,
  savedCard,
}: {
  template: ProductTemplate;
  products: Product[];
  variant: Product;
  savedCard: Card | null;
}) {
  const user = useSessionUser()!;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const shipping = useShippingForm({ user });
  const card = useRef<CardFieldHandle>(null);
  const [cardValid, setCardValid] = useState(false);
  const [changingCard, setChangingCard] = useState(false);
  const [discount, setDiscount] = useState<AppliedDiscount | null>(null);
  const [state, setState] = useState<SubmitState>('idle');
  const [error, setError] = useState<string | null>(null);
  const orderId = useRef<string | null>(null);
  const inFlight = useRef(false);

  const isLab = template.type === 'lab';
  const enteringCard = !savedCard || changingCard;
  const canSubmit = shipping.isValid && (!enteringCard || cardValid) && state !== 'submitting';

  const plan = planOptionsOf(products).find((p) => p.id === variant._id)!;
  const percent = discount?.percentages[variant._id] ?? discount?.percentages[template._id] ?? null;
  const special = specialDiscountCents(plan.totalDiscount, percent);
  const summary = {
    subTotal: plan.total,
    savings: plan.savings,
    specialDiscount: special,
    totalDueNow: plan.totalDiscount - special,
  };
  const months = variant.pricing.type === 'recurring' ? variant.pricing.interval_count : 0;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (inFlight.current || !shipping.submit() || !canSubmit) return;
    inFlight.current = true;
    setState('submitting');
    setError(null);
    try {
      const result = await submitSignupCheckout({
        user,
        template,
        product: variant,
        shipping: shipping.payload(),
        tokenizeCard: enteringCard ? () => card.current!.tokenize() : null,
        hasSavedCard: Boolean(savedCard),
        promoCode: discount?.promoCode ?? null,
        existingOrderId: orderId.current,
        onOrderCreated: (id) => {
          orderId.current = id;
        },
        onUser: (next) => {
          saveUser(next);
          queryClient.setQueryData(patientKeys.detail(user._id), next);
        },
      });
      clearSignupSelection();
      if (isLab) {
        const labs2 = user.feature_flags?.labs2 === true;
        void navigate(
          labs2 || result.kind !== 'order'
            ? '/labs'
            : `/lab-instructions/${encodeURIComponent(result.orderId)}`,
        );
      } else {
        void navigate(dashboardPath(user._id));
      }
    } catch (e) {
      setError(e instanceof SignupCheckoutError ? e.message : MESSAGES.generic);
      setState('error');
    } finally {
      inFlight.current = false;
    }
  }

  const heading = isLab ? 'Billing Info' : `Where should we send your ${typeWords(template.type)}?`;
  const image = template.product_images[0];

  return (
    <form className="consult-step consult-step--wide signup-checkout" onSubmit={onSubmit} noValidate>
      <header className="consult-step__header">
        <p className="consult-step__eyebrow">Checkout</p>
        <h1 className="consult-step__title">{heading}</h1>
      </header>
      <div className="signup-checkout__layout">
        <div className="signup-checkout__main">
          <section className="signup-panel" aria-label={isLab ? 'Billing address' : 'Shipping address'}>
            <ShippingForm form={shipping} disabled={state === 'submitting'} />
          </section>
          <section className="signup-panel" aria-labelledby="signup-payment-title">
            <h2 className="signup-panel__title" id="signup-payment-title">
              Payment Information
            </h2>
            {savedCard && !changingCard ? (
              <SavedCard
                card={savedCard}
                onChange={() => setChangingCard(true)}
                disabled={state === 'submitting'}
              />
            ) : (
              <CardField ref={card} onValidChange={setCardValid} disabled={state === 'submitting'} />
            )}
            <p className="signup-product__description">{NOT_CHARGED_NOTE}</p>
          </section>
        </div>
        <aside className="signup-checkout__aside">
          <section className="signup-panel" aria-labelledby="signup-summary-title">
            <h2 className="signup-panel__title" id="signup-summary-title">
              Summary
            </h2>
            <div>
              <p className="signup-list__text">Protocol</p>
              <div className="signup-product">
                {image ? <img className="signup-product__image" src={image} alt="" /> : null}
                <div>
                  <p className="signup-product__name">{template.product_name}</p>
                  <p className="signup-product__description">
                    {months > 0
                      ? `${monthsText(months)} plan, ${formatUsd(pricePerMonthCents(plan.totalDiscount, months))}/mo`
                      : 'One-time purchase'}
                  </p>
                </div>
              </div>
            </div>
            <DiscountCodeField
              products={[{ product: variant._id, quantity: 1 }]}
              onChange={setDiscount}
              disabled={state === 'submitting'}
            />
            <PriceBreakdown summary={summary} renewsEveryMonths={months > 0 ? months : null} />
            {error ? <Alert tone="error">{error}</Alert> : null}
            <Button type="submit" block disabled={!canSubmit} loading={state === 'submitting'}>
              {state === 'error' ? MESSAGES.errorTryAgain : 'Continue'}
            </Button>
          </section>
        </aside>
      </div>
    </form>
  );
}
