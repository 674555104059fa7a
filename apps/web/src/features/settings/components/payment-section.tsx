import { cardUpdateFailureMessage, MESSAGES } from '@portal/domain/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { addCard, createBillingProfile, savedCardQueryOptions } from '../../../api/billing';
import {
  CardField,
  type CardFieldHandle,
  CardTokenError,
} from '../../../components/checkout-forms/card-field';
import { SectionAlert, SettingsSection } from '../../../components/settings-section/settings-section';
import { useSettingsAlert } from '../../../components/settings-section/use-settings-alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-error';
import type { Patient } from '../../../lib/patient';

/**
 * Payment information (001 §2, §8): the saved card (brand, last 4, expiry) and a new card entry tokenised in
 * the browser. The save button appears only once the entry is complete. 400 gives 'Invalid Credit Card',
 * 402 the server's message.
 */
export function PaymentSection({ user }: { user: Patient }) {
  const queryClient = useQueryClient();
  const cardQuery = useQuery(savedCardQueryOptions(user._id));
  const card = useRef<CardFieldHandle>(null);
  const [complete, setComplete] = useState(false);
  const [saving, setSaving] = useState(false);
  const [entryKey, setEntryKey] = useState(0);
  const alert = useSettingsAlert();
  const saved = cardQuery.data;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!card.current || !complete) return;
    setSaving(true);
    alert.dismiss();
    try {
      const token = await card.current.tokenize();
      // A patient without a billing profile yet (no checkout) gets one with this card.
      if (saved || user.stripe_id) await addCard(user._id, token);
      else await createBillingProfile(user._id, token);
      await queryClient.invalidateQueries({ queryKey: savedCardQueryOptions(user._id).queryKey });
      setEntryKey((k) => k + 1);
      setComplete(false);
      alert.success(MESSAGES.creditCardUpdated);
    } catch (error) {
      // The card provider's own message is shown inline by the card entry.
      if (error instanceof CardTokenError) return;
      alert.error(
        isApiError(error) ? cardUpdateFailureMessage(error.status, error.message) : MESSAGES.paymentGeneric,
      );
    } finally {
      setSaving(false);
    }
  }

  const expiry = saved ? `${String(saved.exp_month).padStart(2, '0')}/${saved.exp_year}` : '';

  return (
    <SettingsSection section="billing">
      {cardQuery.isPending ? (
        <Spinner size="sm" label="Loading your card" />
      ) : saved ? (
        <dl className="settings-card" aria-label="Saved card">
          <div>
            <dt>Card</dt>
            <dd className="settings-card__brand">{saved.brand}</dd>
          </div>
          <div>
            <dt>Number</dt>
            <dd>•••• {saved.last4}</dd>
          </div>
          <div>
            <dt>Expires</dt>
            <dd>{expiry}</dd>
          </div>
        </dl>
      ) : (
        <p className="settings-section__hint">No card on file.</p>
      )}
      <form className="settings-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <h3 className="settings-subtitle">{saved ? 'Replace your card' : 'Add a card'}</h3>
        <CardField key={entryKey} ref={card} onValidChange={setComplete} disabled={saving} />
        <p className="settings-section__hint">
          We accept Visa, MasterCard, Discover and American Express. HSA/FSA cards are accepted.
        </p>
        <SectionAlert state={alert} />
        {complete ? (
          <div className="settings-form__actions">
            <Button type="submit" loading={saving}>
              Save Card
            </Button>
          </div>
        ) : null}
      </form>
    </SettingsSection>
  );
}
