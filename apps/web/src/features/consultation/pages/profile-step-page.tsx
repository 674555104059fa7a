import { consultationPath, dashboardPath } from '@portal/domain/consultation/consultation-path';
import { maskBirthday } from '@portal/domain/format/date';
import {
  fromTotalInches,
  HEIGHT_FEET_OPTIONS,
  HEIGHT_INCH_OPTIONS,
  toTotalInches,
} from '@portal/domain/format/height';
import { MESSAGES } from '@portal/domain/messages';
import {
  isSex,
  type ProfileStepValues,
  parseWeight,
  validateProfileStep,
} from '@portal/domain/validation/profile';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextInput } from '../../../components/ui/text-input';
import { isApiError } from '../../../lib/api-error';
import type { Patient } from '../../../lib/patient';
import { useSessionUser } from '../../../lib/session';
import { useForm } from '../../../lib/use-form';
import { statesQueryOptions } from '../../organization/api/get-states';
import { type PatientProfileChanges, useUpdatePatientMutation } from '../../patient/api/update-patient';
import { productTemplateQueryOptions } from '../../products/api/get-product-template';
import { intakeQueryOptions } from '../api/get-intake';
import { validateState } from '../api/validate-state';
import { InvalidIntakeRedirect } from '../components/intake-guard';
import { UnavailableStateModal } from '../components/unavailable-state-modal';
import { carriedQuery, isInvalidIntakeError, pharmacyTarget } from '../lib/consultation-routing';
import '../components/consultation.css';

type Status = 'idle' | 'submitting' | 'error';

const BUTTON_TEXT: Record<Status, string> = {
  idle: 'Continue',
  submitting: 'Submitting',
  error: MESSAGES.errorTryAgainNoStop,
};

/** The form's values; `height` only names the error shared by the feet and inches selects. */
type ProfileForm = ProfileStepValues & { height: null };

const validate = (values: ProfileForm) => validateProfileStep(values);

function initialValues(user: Patient | null): ProfileForm {
  const height = typeof user?.height === 'number' && user.height > 0 ? fromTotalInches(user.height) : null;
  return {
    sex: isSex(user?.sex) ? user.sex : '',
    birthday: user?.birthday ?? '',
    weight: user?.weight ? String(user.weight) : '',
    height_feet: height ? String(height.feet) : '',
    height_inches: height ? String(height.inches) : '',
    state: user?.state ?? '',
    height: null,
  };
}

/** The PUT /users/{org}/{id} body of a valid profile: birthday MM-DD-YYYY, height in total inches (000 §3, §7). */
function toChanges(values: ProfileStepValues): PatientProfileChanges {
  return {
    sex: values.sex === 'female' ? 'female' : 'male',
    birthday: values.birthday,
    weight: parseWeight(values.weight) ?? 0,
    height: toTotalInches(Number(values.height_feet), Number(values.height_inches)),
    state: values.state ?? '',
  };
}

const SEX_OPTIONS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
] as const;

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

  const form = useForm<ProfileForm, keyof ProfileForm>(initialValues(user), validate);
  const [status, setStatus] = useState<Status>('idle');
  const [modalOpen, setModalOpen] = useState(false);
  const [modalError, setModalError] = useState<string | null>(null);
  const ids = { sex: useId(), height: useId(), state: useId() };

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

  const { values, errorFor, setValue, touch } = form;
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
        setModalError(null);
        setModalOpen(true);
        setStatus('idle');
        return;
      }
      const updated = await save.mutateAsync(toChanges(values));
      void navigate(consultationPath(pharmacyTarget(updated ?? user), ctx));
    } catch {
      setStatus('error');
    }
  }

  async function onEnterDashboard() {
    setModalError(null);
    try {
      await save.mutateAsync(toChanges(values));
      void navigate(dashboardPath(userId, 'messages'));
    } catch (error) {
      setModalError(isApiError(error) ? error.message : MESSAGES.generic);
    }
  }

  function onPrimary() {
    setModalOpen(false);
    if (kind === 'lab') void navigate('/shop');
    else requestAnimationFrame(() => document.getElementById(ids.state)?.focus());
  }

  const sexError = errorFor('sex');
  const heightError = errorFor('height');

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

      <form className="consult-step__form" noValidate onSubmit={onSubmit}>
        <fieldset
          className={sexError ? 'choice-group choice-group--invalid' : 'choice-group'}
          aria-describedby={sexError ? `${ids.sex}-error` : undefined}
        >
          <legend className="choice-group__legend">Biological Sex</legend>
          <div className="choice-group__options">
            {SEX_OPTIONS.map((option) => (
              <label key={option.value} className="choice-tile">
                <input
                  type="radio"
                  name="sex"
                  value={option.value}
                  checked={values.sex === option.value}
                  onChange={() => {
                    setValue('sex', option.value);
                    touch('sex');
                  }}
                />
                {option.label}
              </label>
            ))}
          </div>
          {sexError ? <FieldError id={`${ids.sex}-error`}>{sexError}</FieldError> : null}
        </fieldset>

        <div className="profile-grid">
          <TextInput
            label="Date of Birth"
            name="birthday"
            inputMode="numeric"
            autoComplete="bday"
            placeholder="MM-DD-YYYY"
            maxLength={10}
            value={values.birthday}
            onChange={(event) => setValue('birthday', maskBirthday(event.target.value))}
            onBlur={() => touch('birthday')}
            error={errorFor('birthday')}
          />
          <TextInput
            label="Weight (lbs)"
            name="weight"
            inputMode="numeric"
            value={String(values.weight ?? '')}
            onChange={(event) => setValue('weight', event.target.value)}
            onBlur={() => touch('weight')}
            error={errorFor('weight')}
          />
        </div>

        <fieldset
          className={heightError ? 'choice-group choice-group--invalid' : 'choice-group'}
          aria-describedby={heightError ? `${ids.height}-error` : undefined}
        >
          <legend className="choice-group__legend">Height</legend>
          <div className="height-row">
            <Select
              label="Feet"
              name="height_feet"
              placeholder="Feet"
              options={HEIGHT_FEET_OPTIONS.map((n) => ({ value: String(n), label: `${n} ft` }))}
              value={String(values.height_feet ?? '')}
              onChange={(event) => setValue('height_feet', event.target.value)}
              onBlur={() => touch('height')}
            />
            <Select
              label="Inches"
              name="height_inches"
              placeholder="Inches"
              options={HEIGHT_INCH_OPTIONS.map((n) => ({ value: String(n), label: `${n} in` }))}
              value={String(values.height_inches ?? '')}
              onChange={(event) => setValue('height_inches', event.target.value)}
              onBlur={() => touch('height')}
            />
          </div>
          {heightError ? <FieldError id={`${ids.height}-error`}>{heightError}</FieldError> : null}
        </fieldset>

        <Select
          id={ids.state}
          label="State"
          name="state"
          placeholder="Select your state"
          autoComplete="address-level1"
          options={states.data.map((s) => ({ value: s.abbreviation, label: s.name }))}
          value={values.state ?? ''}
          onChange={(event) => {
            setValue('state', event.target.value);
            if (status === 'error') setStatus('idle');
          }}
          onBlur={() => touch('state')}
          error={errorFor('state')}
        />

        <div className="consult-step__footer">
          <Button type="submit" block loading={status === 'submitting'}>
            {BUTTON_TEXT[status]}
          </Button>
        </div>
      </form>

      <UnavailableStateModal
        open={modalOpen}
        kind={kind}
        stateName={chosenState?.name ?? ''}
        onPrimary={onPrimary}
        onEnterDashboard={onEnterDashboard}
        onClose={() => setModalOpen(false)}
        saving={save.isPending}
        saveError={modalError}
      />
    </section>
  );
}
