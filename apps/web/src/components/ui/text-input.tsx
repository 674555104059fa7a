import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { describedBy, Field, fieldIds } from './field';

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  /** Message shown under the field; marks the input invalid. */
  error?: string | undefined;
  id?: string;
  fieldClassName?: string;
}

export function TextInput({
  label,
  hint,
  error,
  id,
  fieldClassName,
  className,
  type = 'text',
  ...rest
}: TextInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const ids = fieldIds(inputId, hint, error);
  return (
    <Field id={inputId} label={label} hint={hint} error={error} ids={ids} className={fieldClassName}>
      <input
        {...rest}
        id={inputId}
        type={type}
        className={className ? `ui-input ${className}` : 'ui-input'}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids)}
      />
    </Field>
  );
}
