import { type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import { describedBy, Field, fieldIds } from './field';

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  /** Message shown under the field; marks the text area invalid. */
  error?: string | undefined;
  id?: string;
  fieldClassName?: string;
}

/** A multi-line text field with its label, hint and error, like TextInput. */
export function TextArea({
  label,
  hint,
  error,
  id,
  fieldClassName,
  className,
  rows = 4,
  ...rest
}: TextAreaProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const ids = fieldIds(inputId, hint, error);
  return (
    <Field id={inputId} label={label} hint={hint} error={error} ids={ids} className={fieldClassName}>
      <textarea
        {...rest}
        id={inputId}
        rows={rows}
        className={['ui-input', 'ui-textarea', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids)}
      />
    </Field>
  );
}
