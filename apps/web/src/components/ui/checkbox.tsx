import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { FieldError } from './field';
import './field.css';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  /** The label; it may contain links (interactive content inside a label does not toggle the box). */
  label: ReactNode;
  error?: string | undefined;
  id?: string;
}

export function Checkbox({ label, error, id, className, ...rest }: CheckboxProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={className ? `ui-checkbox ${className}` : 'ui-checkbox'}>
      <label className="ui-checkbox__row" htmlFor={inputId}>
        <input
          {...rest}
          id={inputId}
          type="checkbox"
          className="ui-checkbox__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
        />
        <span>{label}</span>
      </label>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
