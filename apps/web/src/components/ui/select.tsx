import { type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import { describedBy, Field, fieldIds } from './field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** A first, empty choice such as "Select a state". */
  placeholder?: string;
  hint?: ReactNode;
  error?: string | undefined;
  id?: string;
  fieldClassName?: string;
}

export function Select({
  label,
  options,
  placeholder,
  hint,
  error,
  id,
  fieldClassName,
  ...rest
}: SelectProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const ids = fieldIds(selectId, hint, error);
  return (
    <Field id={selectId} label={label} hint={hint} error={error} ids={ids} className={fieldClassName}>
      <select
        {...rest}
        id={selectId}
        className="ui-select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
