import { type ChangeEvent, useCallback, useMemo, useState } from 'react';

type Errors<K extends string> = Partial<Record<K, string>>;

export interface FormState<V extends Record<K, unknown>, K extends string> {
  values: V;
  /** Every current error, shown or not. */
  errors: Errors<K>;
  isValid: boolean;
  /** The error to show for a field: only once it was touched (blurred) or the form was submitted. */
  errorFor: (field: K) => string | undefined;
  setValue: <F extends K>(field: F, value: V[F]) => void;
  touch: (field: K) => void;
  /** Marks the form submitted (every error shows) and tells whether it is valid. */
  submit: () => boolean;
  reset: (next?: V) => void;
  /** Props for a text-like input bound to a string field. */
  text: (field: K) => {
    name: K;
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    onBlur: () => void;
    error: string | undefined;
  };
}

/** Touch validation (000 §4 Login "Touch validation, then submit") over a pure validator from @portal/domain. */
export function useForm<V extends Record<K, unknown>, K extends string>(
  initial: V,
  validate: (values: V) => Errors<K>,
): FormState<V, K> {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const errors = useMemo(() => validate(values), [validate, values]);
  const isValid = Object.keys(errors).length === 0;

  const errorFor = useCallback(
    (field: K) => (touched[field] || submitted ? errors[field] : undefined),
    [errors, submitted, touched],
  );
  const setValue = useCallback(<F extends K>(field: F, value: V[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
  }, []);
  const touch = useCallback((field: K) => {
    setTouched((current) => (current[field] ? current : { ...current, [field]: true }));
  }, []);
  const submit = useCallback(() => {
    setSubmitted(true);
    return isValid;
  }, [isValid]);
  const reset = useCallback(
    (next?: V) => {
      setValues(next ?? initial);
      setTouched({});
      setSubmitted(false);
    },
    [initial],
  );
  const text = (field: K) => ({
    name: field,
    value: String(values[field] ?? ''),
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(field, event.target.value as V[K]),
    onBlur: () => touch(field),
    error: errorFor(field),
  });

  return { values, errors, isValid, errorFor, setValue, touch, submit, reset, text };
}
