import { type ReactNode, useId } from 'react';

export interface OptionItem {
  value: string;
  /** The accessible name of the radio, e.g. '12 months' or '2 mg'. */
  label: string;
  /** Extra content of the card, read as the radio's description. */
  details?: ReactNode;
  badge?: string;
}

export interface OptionGroupProps {
  legend: string;
  name: string;
  options: readonly OptionItem[];
  value: string | null;
  onChange: (value: string) => void;
  /** Cards in a grid (plans) or a stacked list (dose options). */
  layout?: 'grid' | 'list' | 'inline';
  hint?: ReactNode;
}

/** A radio group drawn as selectable cards; each radio is named by its label alone, the rest describes it. */
export function OptionGroup({
  legend,
  name,
  options,
  value,
  onChange,
  layout = 'grid',
  hint,
}: OptionGroupProps) {
  const id = useId();
  return (
    <fieldset className="tx-group">
      <legend className="tx-group__legend">{legend}</legend>
      {hint ? <p className="tx-group__hint">{hint}</p> : null}
      <div className={`tx-options tx-options--${layout}`}>
        {options.map((option, index) => {
          const detailsId = `${id}-${index}`;
          const checked = option.value === value;
          return (
            <label key={option.value} className={checked ? 'tx-option is-checked' : 'tx-option'}>
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                aria-labelledby={`${detailsId}-label`}
                aria-describedby={option.details || option.badge ? detailsId : undefined}
              />
              <span className="tx-option__body">
                <span className="tx-option__label" id={`${detailsId}-label`}>
                  {option.label}
                </span>
                {option.details || option.badge ? (
                  <span className="tx-option__details" id={detailsId}>
                    {option.badge ? <span className="tx-badge">{option.badge}</span> : null}
                    {option.details}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
