import { DATE_FORMAT } from '@portal/domain/constants';
import {
  fromTotalInches,
  HEIGHT_FEET_OPTIONS,
  HEIGHT_INCH_OPTIONS,
  toTotalInches,
} from '@portal/domain/format/height';
import { maskBirthdayInput } from '@portal/domain/format/mask';
import { MESSAGES } from '@portal/domain/messages';
import {
  isSex,
  type ProfileStepValues,
  parseWeight,
  validateProfileStep,
} from '@portal/domain/validation/profile';
import { type FormEvent, useId } from 'react';
import type { State } from '../../api/organization';
import type { PatientChanges } from '../../api/patient';
import type { Patient } from '../../lib/patient';
import { type FormState, useForm } from '../../lib/use-form';
import { Button } from '../ui/button';
import { FieldError } from '../ui/field';
import { Select } from '../ui/select';
import { TextInput } from '../ui/text-input';
import '../step-page/step-page.css';

export type ProfileStatus = 'idle' | 'submitting' | 'error';

const BUTTON_TEXT: Record<ProfileStatus, string> = {
  idle: 'Continue',
  submitting: 'Submitting',
  error: MESSAGES.errorTryAgainNoStop,
};

/** The form's values; `height` only names the error shared by the feet and inches selects. */
export type ProfileForm = ProfileStepValues & { height: null };

const validate = (values: ProfileForm) => validateProfileStep(values);

export function initialProfileValues(user: Patient | null): ProfileForm {
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
export function toProfileChanges(values: ProfileStepValues): PatientChanges {
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

/** The profile form's state, seeded from the patient record. */
export function useProfileForm(user: Patient | null): FormState<ProfileForm, keyof ProfileForm> {
  return useForm<ProfileForm, keyof ProfileForm>(initialProfileValues(user), validate);
}

export interface ProfileFormProps {
  form: FormState<ProfileForm, keyof ProfileForm>;
  states: readonly State[];
  status: ProfileStatus;
  /** The state select's id, so the unavailable-state modal can send focus back to it. */
  stateSelectId: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Called when the state changes (e.g. to clear an error). */
  onStateChange?: () => void;
}

/**
 * The profile form shared by the consultation profile step and /signup/profile (000 §2 Screen 3, §5):
 * biological sex, date of birth, weight, height and state, with Continue, Submitting or 'Error. Try Again'.
 */
export function ProfileForm({
  form,
  states,
  status,
  stateSelectId,
  onSubmit,
  onStateChange,
}: ProfileFormProps) {
  const ids = { sex: useId(), height: useId(), state: stateSelectId };
  const { values, errorFor, setValue, touch } = form;
  const sexError = errorFor('sex');
  const heightError = errorFor('height');

  return (
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
          placeholder={DATE_FORMAT}
          maxLength={10}
          value={values.birthday}
          onChange={(event) => setValue('birthday', maskBirthdayInput(event.target.value, values.birthday))}
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
        options={states.map((s) => ({ value: s.abbreviation, label: s.name }))}
        value={values.state ?? ''}
        onChange={(event) => {
          setValue('state', event.target.value);
          onStateChange?.();
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
  );
}
