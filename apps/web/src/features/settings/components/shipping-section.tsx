import { MESSAGES } from '@portal/domain/messages';
import { validateSettingsShippingForm } from '@portal/domain/validation/shipping';
import { type FormEvent, useState } from 'react';
import { updateShipping, usePatientSaved } from '../../../api/patient';
import { ShippingForm } from '../../../components/checkout-forms/shipping-form';
import { useShippingForm } from '../../../components/checkout-forms/use-shipping-form';
import {
  failureMessage,
  SectionAlert,
  SettingsSection,
} from '../../../components/settings-section/settings-section';
import { useSettingsAlert } from '../../../components/settings-section/use-settings-alert';
import { Button } from '../../../components/ui/button';
import type { Patient } from '../../../lib/patient';

/** Shipping address (001 §2, §5): the checkout's form with the settings rules and messages. */
export function ShippingSection({ user }: { user: Patient }) {
  const form = useShippingForm({ user, askMobile: false, validate: validateSettingsShippingForm });
  const alert = useSettingsAlert();
  const saved = usePatientSaved(user._id);
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form.submit()) return;
    setSaving(true);
    alert.dismiss();
    try {
      saved(await updateShipping(user._id, form.payload().shipping_info));
      alert.success(MESSAGES.shippingUpdated);
    } catch (error) {
      alert.error(failureMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <SettingsSection section="shipping">
      <form className="settings-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <ShippingForm form={form} disabled={saving} />
        <SectionAlert state={alert} />
        <div className="settings-form__actions">
          <Button type="submit" loading={saving}>
            Save Shipping Address
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
