import { TREATMENT_COMMENT_MAX } from '@portal/domain/contracts/intake';
import type { ProductTemplate } from '@portal/domain/contracts/product';
import { formatDose } from '@portal/domain/dosing/dose';
import { parseStrength } from '@portal/domain/dosing/strength';
import { Select } from '../../../components/ui/select';
import { TextArea } from '../../../components/ui/text-area';
import { unitCountText } from '../../../lib/dosage-units';
import {
  type Configuration,
  customQuantityChoices,
  type DosageFrequency,
  type DoseOption,
  optionWeeklyDose,
} from '../lib/configuration';
import { OptionGroup, type OptionItem } from './option-group';

/** "8 tablets per month" (the template's unit form, else units). */
export function unitsPerMonthText(template: ProductTemplate, quantity: number): string {
  return `${unitCountText(template, quantity)} per month`;
}

/** "6 mg per week" for a weekly dose and the strength's unit. */
export function weeklyDoseText(dose: number, strength: string): string {
  const unit = parseStrength(strength)?.unit;
  return `${formatDose(dose)}${unit ? ` ${unit}` : ''} per week`;
}

export interface DoseOptionsProps {
  template: ProductTemplate;
  frequency: DosageFrequency;
  strength: string;
  config: Configuration;
  onChange: (patch: Partial<Configuration>) => void;
}

/** Recommended, starter, request (assistance) and custom dose options (000 §2 Screen 8, §9). */
export function DoseOptions({ template, frequency, strength, config, onChange }: DoseOptionsProps) {
  const texts = template.dose_selection_text;
  const dose = (option: DoseOption) =>
    weeklyDoseText(optionWeeklyDose(template, frequency, strength, option, config.customQuantity), strength);
  const choices = customQuantityChoices(frequency.custom_quantity);
  const options: OptionItem[] = [
    {
      value: 'recommended',
      label: 'Recommended',
      details: (
        <>
          {texts?.recommended ? <span>{texts.recommended}</span> : null}
          <strong className="tx-dose">{dose('recommended')}</strong>
        </>
      ),
    },
    {
      value: 'starter',
      label: 'Starter',
      details: (
        <>
          {texts?.starter ? <span>{texts.starter}</span> : null}
          <strong className="tx-dose">{dose('starter')}</strong>
        </>
      ),
    },
  ];
  if (template.settings.recommendation_request) {
    options.push({
      value: 'request',
      label: 'Request a recommendation',
      details: <span>Not sure? Your physician will recommend a dose after reviewing your visit.</span>,
    });
  }
  if (choices.length > 0) {
    options.push({
      value: 'custom',
      label: 'Custom',
      details: (
        <>
          {texts?.custom ? <span>{texts.custom}</span> : null}
          {config.dose === 'custom' ? <strong className="tx-dose">{dose('custom')}</strong> : null}
        </>
      ),
    });
  }
  return (
    <div className="tx-dose-options">
      <OptionGroup
        legend="Dose"
        name="dose"
        layout="list"
        options={options}
        value={config.dose}
        onChange={(value) => onChange({ dose: value as DoseOption })}
      />
      {config.dose === 'custom' ? (
        <Select
          label="Monthly quantity"
          value={String(config.customQuantity ?? choices[0] ?? '')}
          onChange={(event) => onChange({ customQuantity: Number(event.target.value) })}
          options={choices.map((q) => ({ value: String(q), label: unitsPerMonthText(template, q) }))}
        />
      ) : null}
      {config.dose === 'request' ? (
        <TextArea
          label="Comment for your physician (optional)"
          maxLength={TREATMENT_COMMENT_MAX}
          value={config.comment}
          hint={`${config.comment.length}/${TREATMENT_COMMENT_MAX}`}
          onChange={(event) => onChange({ comment: event.target.value })}
        />
      ) : null}
    </div>
  );
}
