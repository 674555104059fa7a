import { MESSAGES } from '@portal/domain/messages';
import { normalizeEmail } from '@portal/domain/validation/auth';
import { validateEmailForm } from '@portal/domain/validation/settings';
import { type FormEvent, useMemo, useState } from 'react';
import { updatePatient, usePatientSaved } from '../../../api/patient';
import {
  failureMessage,
  SectionAlert,
  SettingsSection,
} from '../../../components/settings-section/settings-section';
import { useSettingsAlert } from '../../../components/settings-section/use-settings-alert';
import { Button } from '../../../components/ui/button';
import { TextInput } from '../../../components/ui/text-input';
import type { Patient } from '../../../lib/patient';
import { useForm } from '../../../lib/use-form';

/** Email address (001 §2, §5): unique per organization; a failure stays until dismissed (001 §8). */
export function EmailSection({ user }: { user: Patient }) {
  const initial = useMemo(() => ({ email: user.email }), [user.email]);
  const form = useForm(initial, validateEmailForm);
  const alert = useSettingsAlert();
  const saved = usePatientSaved(user._id);
  const [saving, setSaving] = useState(false);
  const email = normalizeEmail(form.values.email);
  const unchanged = email === user.email.toLowerCase();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form.submit() || unchanged) return;
    setSaving(true);
    alert.dismiss();
    try {
      const updated = await updatePatient(user._id, { email });
      saved(updated);
      form.reset({ email: updated.email });
      alert.success(MESSAGES.emailUpdated);
    } catch (error) {
      alert.error(failureMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <SettingsSection section="email">
      <form className="settings-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextInput label="Email" type="email" autoComplete="email" maxLength={254} {...form.text('email')} />
        <SectionAlert state={alert} />
        <div className="settings-form__actions">
          <Button type="submit" disabled={!form.isValid || unchanged} loading={saving}>
            Save Email Address
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
