import { RESTRICTED_LAB_STATES } from '@portal/domain/constants';
import { dashboardPath } from '@portal/domain/consultation/consultation-path';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { validateState } from '../../../api/intake-templates';
import { statesQueryOptions } from '../../../api/organization';
import { useUpdatePatientMutation } from '../../../api/patient';
import { productTemplateQueryOptions, templateProductsQueryOptions } from '../../../api/products';
import {
  ProfileForm,
  type ProfileStatus,
  toProfileChanges,
  useProfileForm,
} from '../../../components/profile-form/profile-form';
import { PageSpinner } from '../../../components/ui/spinner';
import { UnavailableStateModal } from '../../../components/unavailable-state/unavailable-state-modal';
import { useUnavailableState } from '../../../components/unavailable-state/use-unavailable-state';
import { useSessionUser } from '../../../lib/session';
import { storeDefaultItem, storeSignupProduct } from '../../../lib/signup-storage';
import { SignupLoadError } from '../components/signup-load-error';
import { afterProfilePath, defaultVariant, toDefaultItem, useSignupProductId } from '../lib/signup-flow';
import '../../../components/step-page/step-page.css';

const isRestrictedLabState = (state: string) => (RESTRICTED_LAB_STATES as readonly string[]).includes(state);

/**
 * /signup/profile (000 §2, 002 §4.5): the profile form of the consultation step. A lab cannot be ordered
 * in NY, NJ or RI, and a product with a visit template is checked against it; either opens the
 * unavailable-state modal. Continue goes to the lifestyle questions (labs), the protocol preference (a
 * product with several plans) or the checkout; without a product, to the dashboard profile.
 */
export default function SignupProfilePage() {
  const user = useSessionUser();
  const userId = user?._id ?? '';
  const navigate = useNavigate();
  const productId = useSignupProductId();
  const template = useQuery({ ...productTemplateQueryOptions(productId ?? ''), enabled: Boolean(productId) });
  const products = useQuery({
    ...templateProductsQueryOptions(productId ?? ''),
    enabled: Boolean(productId),
  });
  const states = useQuery(statesQueryOptions());
  const save = useUpdatePatientMutation(userId);
  const form = useProfileForm(user);
  const [status, setStatus] = useState<ProfileStatus>('idle');
  const stateSelectId = useId();
  const unavailable = useUnavailableState(userId, stateSelectId);

  if (!user) return <Navigate to="/login" replace />;
  const productLoading = Boolean(productId) && (template.isPending || products.isPending);
  if (states.isPending || productLoading) return <PageSpinner label="Loading your profile" />;
  if (states.isError || (productId && (template.isError || products.isError)))
    return (
      <SignupLoadError
        title="Your Profile"
        onRetry={() => {
          void states.refetch();
          if (productId) {
            void template.refetch();
            void products.refetch();
          }
        }}
      />
    );

  const product = productId ? template.data : undefined;
  const kind = product?.type === 'lab' ? 'lab' : 'medication';
  const { values } = form;
  const chosenState = states.data.find((s) => s.abbreviation === values.state);

  /** The state check: labs against the restricted list, a product's visit against its template. */
  async function stateAvailable(): Promise<boolean> {
    if (!product || !values.state) return true;
    if (product.type === 'lab') return !isRestrictedLabState(values.state);
    if (!product.intake_template || !chosenState) return true;
    return (await validateState(chosenState._id, product.intake_template)).approved;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'submitting' || !form.submit()) return;
    setStatus('submitting');
    try {
      if (!(await stateAvailable())) {
        unavailable.show();
        setStatus('idle');
        return;
      }
      await save.mutateAsync(toProfileChanges(values));
      if (!product) {
        void navigate(dashboardPath(userId));
        return;
      }
      storeSignupProduct({
        _id: product._id,
        name: product.name,
        product_name: product.product_name,
        type: product.type,
        description: product.description,
        product_images: product.product_images,
      });
      const variants = products.data ?? [];
      const variant = defaultVariant(variants);
      if (variant) storeDefaultItem(toDefaultItem(variant, product.product_name));
      void navigate(afterProfilePath(product._id, product.type, variants.length));
    } catch {
      setStatus('error');
    }
  }

  return (
    <section className="consult-step" aria-labelledby="signup-profile-title">
      <header className="consult-step__header">
        <p className="consult-step__eyebrow">Profile</p>
        <h1 className="consult-step__title" id="signup-profile-title">
          Your Profile
        </h1>
        <p className="consult-step__lead">
          {product
            ? `A few details about you so a physician can review your ${product.product_name}.`
            : 'A few details about you for your physician.'}
        </p>
      </header>

      <ProfileForm
        form={form}
        states={states.data}
        status={status}
        stateSelectId={stateSelectId}
        onSubmit={onSubmit}
        onStateChange={() => {
          if (status === 'error') setStatus('idle');
        }}
      />

      <UnavailableStateModal
        {...unavailable.modalProps(kind, () => save.mutateAsync(toProfileChanges(values)))}
        stateName={chosenState?.name ?? ''}
        saving={save.isPending}
      />
    </section>
  );
}
