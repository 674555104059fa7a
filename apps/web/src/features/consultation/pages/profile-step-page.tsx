import { consultationPath } from '@portal/domain/consultation/consultation-path';
import { MESSAGES } from '@portal/domain/messages';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { validateState } from '../../../api/intake-templates';
import { intakeQueryOptions } from '../../../api/intakes';
import { statesQueryOptions } from '../../../api/organization';
import { useUpdatePatientMutation } from '../../../api/patient';
import { productTemplateQueryOptions } from '../../../api/products';
import {
  ProfileForm,
  type ProfileStatus,
  toProfileChanges,
  useProfileForm,
} from '../../../components/profile-form/profile-form';
import { InvalidIntakeRedirect } from '../../../components/step-page/intake-guard';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { UnavailableStateModal } from '../../../components/unavailable-state/unavailable-state-modal';
import { useUnavailableState } from '../../../components/unavailable-state/use-unavailable-state';
import { analyticsPath, track } from '../../../lib/analytics';
import { carriedQuery, isInvalidIntakeError, pharmacyTarget } from '../../../lib/consultation-routing';
import { useSessionUser } from '../../../lib/session';
import '../../../components/step-page/step-page.css';
import '../components/consultation.css';

/**
 * The profile step (000 §2 Screen 3, §4, §5): biological sex, date of birth, weight, height and state. Continue
 * reads Continue, then Submitting, then either goes on to the medical history, reads 'Error. Try Again', or
 * opens the unavailable-state modal and reads Continue again. The state is checked against the intake template.
 */
export default function ProfileStepPage() {
  const { userId = '', intakeId = '' } = useParams();
  const [search] = useSearchParams();
  const productId = search.get('product');
  const navigate = useNavigate();
  const user = useSessionUser();

  const intake = useQuery(intakeQueryOptions(userId, intakeId));
  const states = useQuery(statesQueryOptions());
  const product = useQuery({ ...productTemplateQueryOptions(productId ?? ''), enabled: Boolean(productId) });
  const save = useUpdatePatientMutation(userId);

  const form = useProfileForm(user);
  const [status, setStatus] = useState<ProfileStatus>('idle');
  const stateSelectId = useId();
  const unavailable = useUnavailableState(userId, stateSelectId);

  if (isInvalidIntakeError(intake.error))
    return <InvalidIntakeRedirect userId={userId} error={intake.error} />;
  if (intake.isPending || states.isPending) return <PageSpinner label="Loading your profile" />;

  if (intake.isError || states.isError) {
    return (
      <section className="consult-step" aria-labelledby="profile-title">
        <h1 className="consult-step__title" id="profile-title">
          Your Profile
        </h1>
        <Alert tone="error">{MESSAGES.generic}</Alert>
        <Button
          block
          onClick={() => {
            if (intake.isError) void intake.refetch();
            if (states.isError) void states.refetch();
          }}
        >
          Try again
        </Button>
      </section>
    );
  }

  const { values } = form;
  const kind = product.data?.type === 'lab' ? 'lab' : 'medication';
  const chosenState = states.data.find((s) => s.abbreviation === values.state);
  const ctx = { userId, intakeId, query: carriedQuery(search) };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'submitting') return;
    if (!form.submit()) return;
    setStatus('submitting');
    try {
      const state = states.data?.find((s) => s.abbreviation === values.state);
      const templateId = intake.data?.intake_template;
      if (!state || !templateId) throw new Error('The state or the intake template is unknown');
      const { approved } = await validateState(state._id, templateId);
      if (!approved) {
        unavailable.show();
        setStatus('idle');
        return;
      }
      const updated = await save.mutateAsync(toProfileChanges(values));
      track('Profile Completed', { stage: 1, path: analyticsPath() });
      void navigate(consultationPath(pharmacyTarget(updated ?? user), ctx));
    } catch {
      setStatus('error');
    }
  }

  return (
    <section className="consult-step" aria-labelledby="profile-title">
      <header className="consult-step__header">
        <p className="consult-step__eyebrow">Profile</p>
        <h1 className="consult-step__title" id="profile-title">
          Your Profile
        </h1>
        <p className="consult-step__lead">
          Your physician needs a few details about you to review your visit.
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
