import { maskPhoneInput } from '@portal/domain/format/mask';
import { maskPhone, nationalNumber } from '@portal/domain/format/phone';
import { MESSAGES } from '@portal/domain/messages';
import { offersMobileVerification } from '@portal/domain/settings/mobile-verification';
import { canSubmitMobileNumber, validateSettingsMobileNumber } from '@portal/domain/validation/settings';
import { type FormEvent, useEffect, useState } from 'react';
import { updatePatient, usePatientSaved } from '../../../api/patient';
import { MobileVerificationPanel } from '../../../components/mobile-verification/mobile-verification-panel';
import {
  failureMessage,
  SectionAlert,
  SettingsSection,
} from '../../../components/settings-section/settings-section';
import { useSettingsAlert } from '../../../components/settings-section/use-settings-alert';
import { Button } from '../../../components/ui/button';
import { TextInput } from '../../../components/ui/text-input';
import { useBrand } from '../../../lib/brand';
import type { Patient } from '../../../lib/patient';

/**
 * Mobile number (001 §2, §5): masked (###) ###-####, US only, only the national number is sent. Where the
 * organization verifies numbers, saving one opens the verification panel; closing it unfinished warns.
 */
export function MobileNumberSection({ user }: { user: Patient }) {
  const { organization } = useBrand();
  const verifies = organization?.settings.verification?.has_mobile_verification === true;
  const offered = offersMobileVerification(organization?.settings, user);
  const [number, setNumber] = useState(() => maskPhone(user.mobile_number ?? ''));
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [panel, setPanel] = useState<{ open: boolean; number: string }>({ open: false, number: '' });
  const alert = useSettingsAlert();
  const saved = usePatientSaved(user._id);

  useEffect(() => setNumber(maskPhone(user.mobile_number ?? '')), [user.mobile_number]);

  const error = touched ? validateSettingsMobileNumber(number) : undefined;
  const canSubmit = canSubmitMobileNumber({
    mobile_number: number,
    current: user.mobile_number,
    verified: user.mobile_verified,
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!canSubmit) return;
    const national = nationalNumber(number);
    alert.dismiss();
    let current = user;
    if (national !== (user.mobile_number ?? '')) {
      setSaving(true);
      try {
        current = await updatePatient(user._id, { mobile_number: national });
        saved(current);
      } catch (caught) {
        alert.error(failureMessage(caught));
        return;
      } finally {
        setSaving(false);
      }
    }
    if (offersMobileVerification(organization?.settings, current)) setPanel({ open: true, number: national });
    else alert.success(MESSAGES.mobileNumberUpdated);
  }

  function onVerified(updated: Patient) {
    saved(updated);
    setPanel({ open: false, number: '' });
    alert.success(MESSAGES.mobileVerified);
  }

  function onPanelClose() {
    setPanel({ open: false, number: '' });
    alert.warning(MESSAGES.verifyNumberWarning);
  }

  const badge = verifies ? (
    user.mobile_verified ? (
      <span className="settings-badge settings-badge--ok">Number Verified</span>
    ) : (
      <button
        type="button"
        className="settings-badge settings-badge--todo"
        onClick={() => setPanel({ open: true, number: user.mobile_number ?? '' })}
      >
        Verify Your Number
      </button>
    )
  ) : null;

  return (
    <SettingsSection section="mobile" aside={badge}>
      <form className="settings-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextInput
          label="Mobile number"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(555) 555-5555"
          value={number}
          onChange={(e) => setNumber(maskPhoneInput(e.target.value, number))}
          onBlur={() => setTouched(true)}
          error={error}
          hint="US numbers only."
        />
        <SectionAlert state={alert} />
        <div className="settings-form__actions">
          <Button type="submit" disabled={!canSubmit} loading={saving}>
            Save Mobile Number
          </Button>
        </div>
      </form>
      {offered || panel.open ? (
        <MobileVerificationPanel
          open={panel.open}
          userId={user._id}
          number={panel.number}
          onVerified={onVerified}
          onClose={onPanelClose}
        />
      ) : null}
    </SettingsSection>
  );
}
