import { MESSAGES } from '@portal/domain/messages';
import { validateHomeStateForm } from '@portal/domain/validation/settings';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { statesQueryOptions } from '../../../api/organization';
import { updatePatient, usePatientSaved } from '../../../api/patient';
import {
  failureMessage,
  SectionAlert,
  SettingsSection,
} from '../../../components/settings-section/settings-section';
import { useSettingsAlert } from '../../../components/settings-section/use-settings-alert';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import type { Patient } from '../../../lib/patient';
import { useForm } from '../../../lib/use-form';

/** Home state (001 §2, §5): the state the patient resides in or of their driver's license or ID. */
export function HomeStateSection({ user }: { user: Patient }) {
  const { data: states } = useQuery(statesQueryOptions());
  const initial = useMemo(() => ({ state: user.state ?? '' }), [user.state]);
  const form = useForm(initial, validateHomeStateForm);
  const alert = useSettingsAlert();
  const saved = usePatientSaved(user._id);
  const [saving, setSaving] = useState(false);
  const options = (states ?? []).map((s) => ({ value: s.abbreviation, label: s.name }));
  const unchanged = form.values.state === (user.state ?? '');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form.submit() || unchanged) return;
    setSaving(true);
    alert.dismiss();
    try {
      const updated = await updatePatient(user._id, { state: form.values.state });
      saved(updated);
      form.reset({ state: updated.state ?? '' });
      alert.success(MESSAGES.homeStateUpdated);
    } catch (error) {
      alert.error(failureMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <SettingsSection section="state">
      <form className="settings-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Select
          label="State"
          placeholder="Select a state"
          options={options}
          name="state"
          value={form.values.state}
          onChange={(e) => {
            form.setValue('state', e.target.value);
            form.touch('state');
          }}
          onBlur={() => form.touch('state')}
          error={form.errorFor('state')}
        />
        <SectionAlert state={alert} />
        <div className="settings-form__actions">
          <Button type="submit" disabled={unchanged} loading={saving}>
            Save Home State
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
