import type { Card } from '../../api/billing';
import { Button } from '../ui/button';
import './checkout-forms.css';

/** The patient's saved card: brand, last four digits and expiry, with 'Change card'. */
export function SavedCard({
  card,
  onChange,
  disabled,
}: {
  card: Card;
  onChange: () => void;
  disabled?: boolean;
}) {
  const expiry = `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year).slice(-2)}`;
  return (
    <div className="co-saved-card">
      <p className="co-saved-card__text">
        <span className="co-saved-card__brand">{card.brand}</span> ending in {card.last4}
        <span className="co-saved-card__expiry"> · Expires {expiry}</span>
      </p>
      <Button variant="ghost" size="sm" onClick={onChange} disabled={disabled}>
        Change card
      </Button>
    </div>
  );
}
