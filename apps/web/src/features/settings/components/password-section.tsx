import { MESSAGES } from '@portal/domain/messages';
import { validatePasswordChangeForm } from '@portal/domain/validation/settings';
import { type FormEvent, useState } from 'react';
import { changePassword, usePatientSaved } from '../../../api/patient';
import {
  failureMessage,
  SectionAlert,
  SettingsSection,
} from '../../../components/settings-section/settings-section';
import { useSettingsAlert } from '../../../components/settings-section/use-settings-alert';
import { Button } from '../../../components/ui/button';
import { PasswordInput } from '../../../components/ui/password-input';
import type { Patient } from '../../../lib/patient';
import { useForm } from '../../../lib/use-form';

const EMPTY = { current_password: '', new_password: '', confirm_password: '' };

/**
 * Password (001 §2, §5). The server ends every other session and answers a new token for this device,
 * which replaces the stored one so the patient stays signed in here.
 */
export function PasswordSection({ user }: { user: Patient }) {
  const form = useForm(EMPTY, validatePasswordChangeForm);
  const alert = useSettingsAlert();
  const saved = usePatientSaved(user._id);
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form.submit()) return;
    setSaving(true);
    alert.dismiss();
    try {
      const { token, user: updated } = await changePassword(user._id, {
        current_password: form.values.current_password,
        new_password: form.values.new_password,
      });
      saved(updated, token);
      form.reset(EMPTY);
      alert.success(MESSAGES.passwordUpdated);
    } catch (error) {
      alert.error(failureMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <SettingsSection section="password">
      <form className="settings-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        {/* Lets password managers tie the new password to the account. */}
        <input type="email" name="username" value={user.email} autoComplete="username" readOnly hidden />
        <div className="settings-stack">
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            {...form.text('current_password')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            hint="At least 8 characters with an uppercase letter, a lowercase letter and a number."
            {...form.text('new_password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            {...form.text('confirm_password')}
          />
        </div>
        <SectionAlert state={alert} />
        <div className="settings-form__actions">
          <Button type="submit" loading={saving}>
            Update Password
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
