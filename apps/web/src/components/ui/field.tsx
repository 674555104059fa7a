import type { ReactNode } from 'react';
import './field.css';

export interface FieldIds {
  hintId: string | undefined;
  errorId: string | undefined;
}

/** The ids an input should list in aria-describedby: the hint, then the error. */
export function describedBy({ hintId, errorId }: FieldIds): string | undefined {
  const ids = [hintId, errorId].filter(Boolean).join(' ');
  return ids || undefined;
}

export interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  ids: FieldIds;
  children: ReactNode;
  className?: string;
}

/** Label, control, hint and error text, wired together by ids. */
export function Field({ id, label, hint, error, ids, children, className }: FieldProps) {
  return (
    <div className={className ? `ui-field ${className}` : 'ui-field'}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? (
        <p className="ui-field__hint" id={ids.hintId}>
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={ids.errorId}>{error}</FieldError> : null}
    </div>
  );
}

export function FieldError({ id, children }: { id: string | undefined; children: ReactNode }) {
  return (
    <p className="ui-field__error" id={id} role="alert">
      {children}
    </p>
  );
}

/** Ids for the hint and error of a field, present only when the hint or error is. */
export function fieldIds(id: string, hint: unknown, error: unknown): FieldIds {
  return { hintId: hint ? `${id}-hint` : undefined, errorId: error ? `${id}-error` : undefined };
}
