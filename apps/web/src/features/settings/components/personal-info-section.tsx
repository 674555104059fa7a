import { DATE_FORMAT } from '@portal/domain/constants';
import { fromTotalInches, HEIGHT_FEET_OPTIONS, HEIGHT_INCH_OPTIONS } from '@portal/domain/format/height';
import { maskBirthdayInput } from '@portal/domain/format/mask';
import { MESSAGES } from '@portal/domain/messages';
import {
  type PersonalInfoField,
  type PersonalInfoValues,
  parseWeight,
  validatePersonalInfoForm,
} from '@portal/domain/validation/profile';
import { type FormEvent, useMemo, useState } from 'react';
import { type PatientChanges, updatePatient, usePatientSaved } from '../../../api/patient';
import {
  failureMessage,
  SectionAlert,
  SettingsSection,
} from '../../../components/settings-section/settings-section';
import { useSettingsAlert } from '../../../components/settings-section/use-settings-alert';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { TextInput } from '../../../components/ui/text-input';
import type { Patient } from '../../../lib/patient';
import { useForm } from '../../../lib/use-form';

/** `height` holds nothing: it only names the one error that feet and inches share. */
type Values = {
  height: '';
  first_name: string;
  last_name: string;
  sex: string;
  birthday: string;
  weight: string;
  height_feet: string;
  height_inches: string;
};
const validate = (v: Values) => validatePersonalInfoForm(v as Omit<Values, 'height'> as PersonalInfoValues);

function initialValues(user: Patient): Values {
  const height = user.height ? fromTotalInches(user.height) : null;
  return {
    height: '',
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    sex: user.sex ?? '',
    birthday: user.birthday ?? '',
    weight: user.weight ? String(user.weight) : '',
    height_feet: height ? String(height.feet) : '',
    height_inches: height ? String(height.inches) : '',
  };
}

type Field = PersonalInfoField | 'height_feet' | 'height_inches';

/** Feet and inches share one error, "height". */
const touchKey = (field: Field): Field =>
  field === 'height_feet' || field === 'height_inches' ? 'height' : field;

const SEX_OPTIONS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
];
const FEET = HEIGHT_FEET_OPTIONS.map((f) => ({ value: String(f), label: `${f} ft` }));
const INCHES = HEIGHT_INCH_OPTIONS.map((i) => ({ value: String(i), label: `${i} in` }));

/**
 * Personal information (001 §2, §5): names, sex, birthday (MM-DD-YYYY), height and weight. An identity-
 * verified patient cannot change name, sex or birthday; the server refuses such changes too.
 */
export function PersonalInfoSection({ user }: { user: Patient }) {
  const initial = useMemo(() => initialValues(user), [user]);
  const form = useForm<Values, Field>(initial, validate);
  const alert = useSettingsAlert();
  const saved = usePatientSaved(user._id);
  const [saving, setSaving] = useState(false);
  const locked = user.verified;

  const heightError = form.errorFor('height');
  const bind = (field: Field) => ({
    ...form.text(field),
    onChange: (event: { target: { value: string } }) =>
      form.setValue(
        field,
        field === 'birthday'
          ? maskBirthdayInput(event.target.value, form.values.birthday)
          : event.target.value,
      ),
  });
  const selectBind = (field: Field) => ({
    name: field,
    value: form.values[field],
    onChange: (event: { target: { value: string } }) => {
      form.setValue(field, event.target.value);
      form.touch(touchKey(field));
    },
    onBlur: () => form.touch(touchKey(field)),
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form.submit()) return;
    const v = form.values;
    const changes: PatientChanges = {};
    if (!locked) {
      if (v.first_name.trim() !== user.first_name) changes.first_name = v.first_name.trim();
      if (v.last_name.trim() !== user.last_name) changes.last_name = v.last_name.trim();
      if (v.sex !== user.sex) changes.sex = v.sex as 'male' | 'female';
      if (v.birthday !== user.birthday) changes.birthday = v.birthday;
    }
    const weight = parseWeight(v.weight);
    if (weight !== null && weight !== user.weight) changes.weight = weight;
    const height = Number(v.height_feet) * 12 + Number(v.height_inches);
    if (height !== user.height) changes.height = height;
    setSaving(true);
    alert.dismiss();
    try {
      const updated = Object.keys(changes).length > 0 ? await updatePatient(user._id, changes) : user;
      saved(updated);
      form.reset(initialValues(updated));
      alert.success(MESSAGES.personalInfoUpdated);
    } catch (error) {
      alert.error(failureMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <SettingsSection section="info">
      {locked ? <p className="settings-section__hint">{MESSAGES.verifiedProfileLocked}</p> : null}
      <form className="settings-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <div className="settings-grid">
          <TextInput
            label="First name"
            autoComplete="given-name"
            maxLength={35}
            disabled={locked}
            {...bind('first_name')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            maxLength={35}
            disabled={locked}
            {...bind('last_name')}
          />
          <Select
            label="Sex"
            placeholder="Select"
            options={SEX_OPTIONS}
            disabled={locked}
            error={form.errorFor('sex')}
            {...selectBind('sex')}
          />
          <TextInput
            label="Birthday"
            inputMode="numeric"
            autoComplete="bday"
            placeholder={DATE_FORMAT}
            maxLength={10}
            disabled={locked}
            {...bind('birthday')}
          />
          <fieldset
            className="settings-height"
            aria-describedby={heightError ? 'settings-height-error' : undefined}
          >
            <legend className="ui-field__label">Height</legend>
            <div className="settings-height__selects">
              <Select label="Feet" placeholder="Feet" options={FEET} {...selectBind('height_feet')} />
              <Select label="Inches" placeholder="Inches" options={INCHES} {...selectBind('height_inches')} />
            </div>
            {heightError ? (
              <p className="ui-field__error" id="settings-height-error" role="alert">
                {heightError}
              </p>
            ) : null}
          </fieldset>
          <TextInput label="Weight (lbs)" inputMode="numeric" maxLength={4} {...bind('weight')} />
        </div>
        <SectionAlert state={alert} />
        <div className="settings-form__actions">
          <Button type="submit" disabled={!form.isValid} loading={saving}>
            Save Personal Information
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
