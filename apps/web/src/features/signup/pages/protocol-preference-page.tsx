import type { Product } from '@portal/domain/contracts/product';
import { MESSAGES } from '@portal/domain/messages';
import { formatUsd } from '@portal/domain/pricing/money';
import { defaultPlanProduct, sortByIntervalCount } from '@portal/domain/pricing/plan-default';
import { isBestValue, type PlanOption, pricePerMonthCents } from '@portal/domain/pricing/plan-pricing';
import { monthsText, renewsEveryText } from '@portal/domain/pricing/plan-texts';
import { planOptionsOf } from '@portal/domain/signup/plan-summary';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { productTemplateQueryOptions, templateProductsQueryOptions } from '../../../api/products';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { readDefaultItem, storeDefaultItem, storeSignupProduct } from '../../../lib/signup-storage';
import { readStorage } from '../../../lib/storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { SignupLoadError } from '../components/signup-load-error';
import { StickyTotalBar } from '../components/sticky-total-bar';
import { SIGNUP_PATHS, toDefaultItem } from '../lib/signup-flow';
import '../../../components/step-page/step-page.css';
import '../components/signup.css';

function planTitle(plan: PlanOption): string {
  return plan.duration > 0 ? `${monthsText(plan.duration)} supply` : 'One-time purchase';
}

function PlanCard({
  plan,
  name,
  checked,
  onSelect,
}: {
  plan: PlanOption;
  name: string;
  checked: boolean;
  onSelect: () => void;
}) {
  const perMonth = pricePerMonthCents(plan.totalDiscount, plan.duration);
  return (
    <label className="plan-card">
      <input type="radio" name={name} value={plan.id} checked={checked} onChange={onSelect} />
      {isBestValue(plan) ? <span className="plan-card__badge">Best Value</span> : null}
      <span className="plan-card__title">{planTitle(plan)}</span>
      {plan.duration > 0 ? (
        <>
          <span className="plan-card__price">{formatUsd(perMonth)}/mo</span>
          <span className="plan-card__meta">
            {formatUsd(plan.price)} every {monthsText(plan.duration)}
          </span>
        </>
      ) : (
        <span className="plan-card__price">{formatUsd(plan.price)}</span>
      )}
      {plan.savings > 0 ? <span className="plan-card__savings">Save {formatUsd(plan.savings)}</span> : null}
    </label>
  );
}

/** The plan shown first: the stored choice for this product, else the default rule (002 §4.4). */
function initialPlanId(productTemplateId: string, products: readonly Product[]): string | undefined {
  const stored = readDefaultItem(productTemplateId);
  if (stored && products.some((p) => p._id === stored.product)) return stored.product;
  return defaultPlanProduct(products, readStorage(STORAGE_KEYS.defaultDurationSelection))?._id;
}

/**
 * /signup/protocol-preference/{productTemplateId} (002 §2.9): the plan duration cards (Best Value, price per
 * month, savings), the product's name and description, and a total bar with Continue, sticky under 1024 px
 * after the scroll threshold. Continue stores the chosen priced product and opens the signup checkout.
 * Without a product id it goes to /get-started.
 */
export default function ProtocolPreferencePage() {
  const { productTemplateId = '' } = useParams();
  const navigate = useNavigate();
  const template = useQuery({
    ...productTemplateQueryOptions(productTemplateId),
    enabled: Boolean(productTemplateId),
  });
  const products = useQuery({
    ...templateProductsQueryOptions(productTemplateId),
    enabled: Boolean(productTemplateId),
  });
  const [chosen, setChosen] = useState<string | null>(null);

  if (!productTemplateId) return <Navigate to="/get-started" replace />;
  if (template.isPending || products.isPending) return <PageSpinner label="Loading your plans" />;
  if (template.isError || products.isError)
    return (
      <SignupLoadError
        title="Protocol Preference"
        onRetry={() => {
          void template.refetch();
          void products.refetch();
        }}
      />
    );

  const product = template.data;
  const sorted = sortByIntervalCount(products.data);
  const plans = planOptionsOf(sorted);
  const selectedId = chosen ?? initialPlanId(product._id, sorted);
  const plan = plans.find((p) => p.id === selectedId);
  const variant = sorted.find((p) => p._id === selectedId);
  const image = product.product_images[0];

  function onContinue() {
    if (!variant) return;
    storeSignupProduct({
      _id: product._id,
      name: product.name,
      product_name: product.product_name,
      type: product.type,
      description: product.description,
      product_images: product.product_images,
    });
    storeDefaultItem(toDefaultItem(variant, product.product_name));
    void navigate(SIGNUP_PATHS.checkout);
  }

  return (
    <section className="consult-step consult-step--wide" aria-labelledby="preference-title">
      <header className="consult-step__header">
        <p className="consult-step__eyebrow">Protocol Preference</p>
        <h1 className="consult-step__title" id="preference-title">
          Choose your plan
        </h1>
      </header>

      <div className="signup-product">
        {image ? <img className="signup-product__image" src={image} alt="" /> : null}
        <div>
          <h2 className="signup-product__name">{product.product_name}</h2>
          <p className="signup-product__description">{product.description}</p>
        </div>
      </div>

      {plans.length === 0 ? (
        <Alert tone="error">{MESSAGES.productUndefined}</Alert>
      ) : (
        <fieldset className="plan-cards">
          <legend className="choice-group__legend">Plan duration</legend>
          {plans.map((option) => (
            <PlanCard
              key={option.id}
              plan={option}
              name="plan"
              checked={option.id === selectedId}
              onSelect={() => setChosen(option.id)}
            />
          ))}
        </fieldset>
      )}

      <StickyTotalBar
        label="Total"
        amount={plan ? formatUsd(plan.price) : formatUsd(0)}
        note={plan && plan.duration > 0 ? renewsEveryText(plan.duration) : plan ? 'One-time purchase' : null}
      >
        <Button block onClick={onContinue} disabled={!variant}>
          Continue
        </Button>
      </StickyTotalBar>
    </section>
  );
}
