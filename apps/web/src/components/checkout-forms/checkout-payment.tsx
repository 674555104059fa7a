import { CardField } from './card-field';
import { SavedCard } from './saved-card';
import type { CheckoutSubmitController } from './use-checkout-submit';

/**
 * The card of a checkout: the saved card with 'Change card', or the card entry (none when the visit collects
 * no payment and the patient has no card).
 */
export function CheckoutPayment({ form }: { form: CheckoutSubmitController }) {
  const submitting = form.state === 'submitting';
  if (form.savedCard && !form.changingCard)
    return <SavedCard card={form.savedCard} onChange={form.changeCard} disabled={submitting} />;
  if (!form.collectsPayment) return null;
  return (
    <CardField
      ref={form.cardRef}
      onValidChange={form.setCardValid}
      onEdit={form.cardEdited}
      disabled={submitting}
    />
  );
}
