import { dashboardPath } from '@portal/domain/consultation/consultation-path';
import { formatUsd } from '@portal/domain/pricing/money';
import { isProfileComplete } from '@portal/domain/validation/profile';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { productTemplateQueryOptions, templateProductsQueryOptions } from '../../../api/products';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { useSessionUser } from '../../../lib/session';
import { storeDefaultItem, storeSignupProduct } from '../../../lib/signup-storage';
import { SignupLoadError } from '../components/signup-load-error';
import { defaultVariant, SIGNUP_PATHS, toDefaultItem, useSignupProductId } from '../lib/signup-flow';
import '../../../components/step-page/step-page.css';
import '../components/signup.css';

const INCLUDED = [
  {
    title: 'A visit at a partner lab near you',
    text: 'Walk in at any of our 2,000+ partner lab locations with your requisition form.',
  },
  {
    title: 'Physician-reviewed results',
    text: 'A physician reviews your results and explains what they mean for you.',
  },
  {
    title: 'Results in your portal',
    text: 'Your results and biomarkers are delivered to your portal as soon as they are ready.',
  },
];

/**
 * The lab visit intro of the lab signup (000 §2, 002 §4.5): what is included, the partner-lab network and
 * the price of the stored lab product. Continue goes to the signup profile, or straight to the lifestyle
 * questions when the profile is already complete.
 */
export default function LabVisitPage() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const productId = useSignupProductId();
  const template = useQuery({ ...productTemplateQueryOptions(productId ?? ''), enabled: Boolean(productId) });
  const products = useQuery({
    ...templateProductsQueryOptions(productId ?? ''),
    enabled: Boolean(productId),
  });

  if (!user) return null;
  if (!productId) return <Navigate to={dashboardPath(user._id)} replace />;
  if (template.isPending || products.isPending) return <PageSpinner label="Loading your lab visit" />;
  if (template.isError || products.isError)
    return (
      <SignupLoadError
        title="Lab Visit"
        onRetry={() => {
          void template.refetch();
          void products.refetch();
        }}
      />
    );

  const lab = template.data;
  const variant = defaultVariant(products.data);
  const features = lab.product_features.length > 0 ? lab.product_features : lab.shop.benefits;
  const image = lab.product_images[0];

  function onContinue() {
    storeSignupProduct({
      _id: lab._id,
      name: lab.name,
      product_name: lab.product_name,
      type: lab.type,
      description: lab.description,
      product_images: lab.product_images,
    });
    if (variant) storeDefaultItem(toDefaultItem(variant, lab.product_name));
    void navigate(isProfileComplete(user) ? SIGNUP_PATHS.questions : SIGNUP_PATHS.profile(lab._id));
  }

  return (
    <section className="consult-step" aria-labelledby="lab-visit-title">
      <header className="consult-step__header">
        <p className="consult-step__eyebrow">Lab Visit</p>
        <h1 className="consult-step__title" id="lab-visit-title">
          {lab.product_name}
        </h1>
        <p className="consult-step__lead">{lab.description}</p>
      </header>

      {image ? (
        <div className="signup-product">
          <img className="signup-product__image" src={image} alt="" />
          <p className="signup-product__description">
            Visit any of our 2,000+ partner lab locations at a time that suits you.
          </p>
        </div>
      ) : null}

      <section className="signup-panel" aria-labelledby="lab-included-title">
        <h2 className="signup-panel__title" id="lab-included-title">
          What's included
        </h2>
        <ul className="signup-list">
          {[...INCLUDED, ...features.map((f) => ({ title: f.title, text: f.description }))].map((item) => (
            <li key={item.title} className="signup-list__item">
              <span className="signup-list__mark" aria-hidden="true">
                ✓
              </span>
              <span>
                <span className="signup-list__title">{item.title}</span>
                <br />
                <span className="signup-list__text">{item.text}</span>
              </span>
            </li>
          ))}
        </ul>
        {variant ? (
          <p className="signup-price">
            <span>Price</span>
            <span className="signup-price__amount">{formatUsd(variant.pricing.unit_amount)}</span>
          </p>
        ) : null}
      </section>

      <div className="consult-step__footer">
        <Button block onClick={onContinue}>
          Continue
        </Button>
      </div>
    </section>
  );
}
