import { cardDescription } from '@portal/domain/pricing/card-description';
import { formatUsd } from '@portal/domain/pricing/money';
import { pricePerMonthCents } from '@portal/domain/pricing/plan-pricing';
import { monthsText } from '@portal/domain/pricing/plan-texts';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import {
  type Configuration,
  configuredQuantity,
  planOptionOf,
  planProduct,
  productsForStrength,
} from '../lib/configuration';
import type { AddOnOffer } from '../lib/load-add-ons';

const lengthText = (months: number) => (months === 0 ? 'One-time purchase' : monthsText(months));

/** "$25.00/mo" (or the one-time amount) of an add-on configuration; null when no product matches. */
export function addOnPriceText(offer: AddOnOffer, config: Configuration): string | null {
  const product = planProduct(offer.products, config.strength, config.months);
  if (!product) return null;
  const plan = planOptionOf(offer.products, product, configuredQuantity(offer.template, config));
  return plan.duration > 0
    ? `${formatUsd(pricePerMonthCents(plan.totalDiscount, plan.duration))}/mo`
    : formatUsd(plan.totalDiscount);
}

export interface AddOnCardProps {
  offer: AddOnOffer;
  /** The configuration when selected, else null. */
  config: Configuration | null;
  /** The configuration the card shows while not selected. */
  defaultConfig: Configuration;
  onToggle: () => void;
  onLearnMore: () => void;
  onChangePlan: (config: Configuration) => void;
}

/** An add-on treatment card (000 §2 Screen 6): toggle, Learn more and, once selected, Change Plan. */
export function AddOnCard({
  offer,
  config,
  defaultConfig,
  onToggle,
  onLearnMore,
  onChangePlan,
}: AddOnCardProps) {
  const { template } = offer;
  const name = template.product_name || template.name;
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const shown = config ?? defaultConfig;
  const price = addOnPriceText(offer, shown);
  const image = template.product_images[0];
  const summary = [shown.strength, shown.frequency, lengthText(shown.months)].filter(Boolean).join(' · ');
  return (
    <article className={config ? 'addon-card is-selected' : 'addon-card'} aria-labelledby={titleId}>
      {image ? <img className="addon-card__image" src={image} alt="" /> : null}
      <h2 className="addon-card__name" id={titleId}>
        {name}
      </h2>
      <p className="addon-card__text">
        {template.settings.short_description ?? cardDescription(template.description)}
      </p>
      <p className="addon-card__plan">
        {price ? <strong className="tx-price">{price}</strong> : null} <span>{summary}</span>
      </p>
      <div className="addon-card__actions">
        <Button
          variant={config ? 'primary' : 'secondary'}
          size="sm"
          aria-pressed={Boolean(config)}
          aria-label={`Add ${name}`}
          onClick={() => {
            setEditing(false);
            onToggle();
          }}
        >
          {config ? 'Added' : 'Add'}
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Learn more about ${name}`} onClick={onLearnMore}>
          Learn more
        </Button>
        {config && !editing ? (
          <Button variant="ghost" size="sm" aria-describedby={titleId} onClick={() => setEditing(true)}>
            Change Plan
          </Button>
        ) : null}
      </div>
      {config && editing ? (
        <PlanEditor
          offer={offer}
          initial={config}
          onDone={(next) => {
            if (next) onChangePlan(next);
            setEditing(false);
          }}
        />
      ) : null}
    </article>
  );
}

/** Change Plan: frequency, strength and plan length; Submit and Cancel both close it (000 §4). */
function PlanEditor({
  offer,
  initial,
  onDone,
}: {
  offer: AddOnOffer;
  initial: Configuration;
  onDone: (config: Configuration | null) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const { template, products } = offer;
  const lengths = productsForStrength(products, draft.strength).map((p) => p.pricing.interval_count);
  const update = (patch: Partial<Configuration>) => {
    const next = { ...draft, ...patch };
    if (!planProduct(products, next.strength, next.months)) {
      next.months = productsForStrength(products, next.strength)[0]?.pricing.interval_count ?? next.months;
    }
    setDraft(next);
  };
  return (
    <form
      className="addon-editor"
      aria-label={`Change plan for ${template.product_name || template.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        onDone(draft);
      }}
    >
      {template.dosage_frequencies.length > 0 ? (
        <Select
          label="Frequency"
          value={draft.frequency ?? ''}
          onChange={(e) => update({ frequency: e.target.value })}
          options={template.dosage_frequencies.map((f) => ({
            value: f.frequency.label,
            label: f.frequency.label,
          }))}
        />
      ) : null}
      {template.dosage_strengths.length > 0 ? (
        <Select
          label="Strength"
          value={draft.strength ?? ''}
          onChange={(e) => update({ strength: e.target.value })}
          options={template.dosage_strengths.map((s) => ({ value: s.strength, label: s.strength }))}
        />
      ) : null}
      <Select
        label="Plan length"
        value={String(draft.months)}
        onChange={(e) => update({ months: Number(e.target.value) })}
        options={lengths.map((m) => ({ value: String(m), label: lengthText(m) }))}
      />
      <div className="addon-card__actions">
        <Button type="submit" size="sm">
          Submit
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onDone(null)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
