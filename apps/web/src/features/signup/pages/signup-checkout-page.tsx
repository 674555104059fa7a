import { dashboardPath } from '@portal/domain/consultation/consultation-path';
import type { Product, ProductTemplate } from '@portal/domain/contracts/product';
import { MESSAGES } from '@portal/domain/messages';
import { variantLine } from '@portal/domain/pricing/checkout-totals';
import { formatUsd } from '@portal/domain/pricing/money';
import { pricePerMonthCents } from '@portal/domain/pricing/plan-pricing';
import { monthsText } from '@portal/domain/pricing/plan-texts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type Card, savedCardQueryOptions } from '../../../api/billing';
import { productTemplateQueryOptions, templateProductsQueryOptions } from '../../../api/products';
import { CheckoutPayment } from '../../../components/checkout-forms/checkout-payment';
import { CheckoutSummaryPanel } from '../../../components/checkout-forms/checkout-summary-panel';
import { pricedVariantOf } from '../../../components/checkout-forms/checkout-totals';
import { ShippingForm } from '../../../components/checkout-forms/shipping-form';
import {
  type CheckoutKey,
  type CheckoutPurchase,
  useCheckoutKey,
  useCheckoutSubmit,
} from '../../../components/checkout-forms/use-checkout-submit';
import { Alert } from '../../../components/ui/alert';
import { buttonClassName } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { useSessionUser } from '../../../lib/session';
import { clearSignupSelection, readDefaultItem, readSignupProduct } from '../../../lib/signup-storage';
import { SignupLoadError } from '../components/signup-load-error';
import { defaultVariant } from '../lib/signup-flow';
import '../../../components/step-page/step-page.css';
import '../components/signup.css';

const NOT_CHARGED_NOTE =
  'You will not be charged for or shipped any medication until approved by your doctor.';

/** "Where should we send your {type}?" names the product type in words (coaching_membership -> coaching membership). */
const typeWords = (type: string) => type.replace(/_/g, ' ');

/**
 * /signup/checkout (002 §2.8, §4.4, §4.5): the address ('Billing Info' for labs), the card with the
 * not-charged note, and a Summary with the Protocol item, discount code, price breakdown and Continue.
 * Continue sends the checkout in one call (POST /v2/checkout, kind signup) under a key made when the page
 * opens: a recurring plan becomes a subscription, a one-time plan an order charged now; labs then open the
 * lab instructions (the labs app with labs2), anything else the dashboard profile.
 */
export default function SignupCheckoutPage() {
  const user = useSessionUser();
  const checkoutKey = useCheckoutKey();
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
      checkoutKey={checkoutKey}
      onTotalChanged={() => void products.refetch()}
    />
  );
}

function CheckoutForm({
  template,
  products,
  variant,
  savedCard,
  checkoutKey,
  onTotalChanged,
}: {
  template: ProductTemplate;
  products: Product[];
  variant: Product;
  savedCard: Card | null;
  checkoutKey: CheckoutKey;
  /** The server's total differs from the Summary's: the prices are read again. */
  onTotalChanged: () => void;
}) {
  const user = useSessionUser()!;
  const navigate = useNavigate();
  const isLab = template.type === 'lab';

  const lines = useMemo(
    () => [variantLine({ variant: pricedVariantOf(variant), variants: products.map(pricedVariantOf) })],
    [variant, products],
  );
  const purchase = useMemo<CheckoutPurchase>(
    () => ({ kind: 'signup', items: [{ product: variant._id, quantity: 1 }] }),
    [variant],
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
      clearSignupSelection();
      if (isLab) {
        // 002 §4.4: the labs app with labs2, else the order's lab instructions.
        const labs2 = (result.user ?? user).feature_flags?.labs2 === true;
        const order = result.next.order ?? result.orders[0] ?? null;
        void navigate(labs2 || !order ? '/labs' : `/lab-instructions/${encodeURIComponent(order)}`);
      } else {
        void navigate(dashboardPath(user._id));
      }
    },
    onTotalChanged,
  });
  const submitting = form.state === 'submitting';
  const months = variant.pricing.type === 'recurring' ? variant.pricing.interval_count : 0;
  const line = lines[0]!;

  const heading = isLab ? 'Billing Info' : `Where should we send your ${typeWords(template.type)}?`;
  const image = template.product_images[0];

  return (
    <form className="consult-step consult-step--wide signup-checkout" onSubmit={form.submit} noValidate>
      <header className="consult-step__header">
        <p className="consult-step__eyebrow">Checkout</p>
        <h1 className="consult-step__title">{heading}</h1>
      </header>
      <div className="signup-checkout__layout">
        <div className="signup-checkout__main">
          <section className="signup-panel" aria-label={isLab ? 'Billing address' : 'Shipping address'}>
            <ShippingForm form={form.shipping} disabled={submitting} />
          </section>
          <section className="signup-panel" aria-labelledby="signup-payment-title">
            <h2 className="signup-panel__title" id="signup-payment-title">
              Payment Information
            </h2>
            <CheckoutPayment form={form} />
            <p className="signup-product__description">{NOT_CHARGED_NOTE}</p>
          </section>
        </div>
        <aside className="signup-checkout__aside">
          <CheckoutSummaryPanel
            className="signup-panel"
            titleClassName="signup-panel__title"
            mode="purchase"
            lines={lines}
            discount={form.discount}
            onDiscountChange={form.setDiscount}
            couponProducts={[{ product: variant._id, quantity: 1 }]}
            renewsEveryMonths={months > 0 ? months : null}
            error={form.error}
            submitLabel={form.submitLabel('Continue')}
            canSubmit={form.canSubmit}
            submitting={submitting}
          >
            <div>
              <p className="signup-list__text">Protocol</p>
              <div className="signup-product">
                {image ? <img className="signup-product__image" src={image} alt="" /> : null}
                <div>
                  <p className="signup-product__name">{template.product_name}</p>
                  <p className="signup-product__description">
                    {months > 0
                      ? `${monthsText(months)} plan, ${formatUsd(pricePerMonthCents(line.totalDiscountCents, months))}/mo`
                      : 'One-time purchase'}
                  </p>
                </div>
              </div>
            </div>
          </CheckoutSummaryPanel>
        </aside>
      </div>
    </form>
  );
}
