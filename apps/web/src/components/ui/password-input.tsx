import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { describedBy, Field, fieldIds } from './field';

export interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  id?: string;
  fieldClassName?: string;
}

/**
 * A password field with a Show/Hide toggle. The toggle's name is just "Show"/"Hide" (tied to the input by
 * aria-controls) so that label-based lookups for "Password" find only the input.
 */
export function PasswordInput({ label, hint, error, id, fieldClassName, ...rest }: PasswordInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const ids = fieldIds(inputId, hint, error);
  const [visible, setVisible] = useState(false);
  return (
    <Field id={inputId} label={label} hint={hint} error={error} ids={ids} className={fieldClassName}>
      <div className="ui-field__control">
        <input
          {...rest}
          id={inputId}
          type={visible ? 'text' : 'password'}
          className="ui-input ui-input--with-action"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids)}
          autoCapitalize="off"
          spellCheck={false}
        />
        <button
          type="button"
          className="ui-input__action"
          aria-controls={inputId}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
    </Field>
  );
}
