import {
  defaultPrescriptionExpiry,
  type Prescription,
  prescriptionSchema,
} from '@portal/domain/care/decisions';
import { useState } from 'react';
import { TextArea } from '../../../components/ui/text-area';
import { TextInput } from '../../../components/ui/text-input';

export type FieldErrors = Record<string, string | undefined>;

/** The first message of each field a zod check refused. */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The clinic's date, YYYY-MM-DD, for the prescription's expiry rules. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A prescription being written (issue 12 §4, §6): medication and strength filled in where known, an expiry
 * defaulting to the domain's rule. `check` answers the prescription, or shows each field's problem and
 * answers null, with the same rules the server applies.
 */
export function usePrescriptionDraft(defaults: { medication: string; strength: string }) {
  const today = localToday();
  const [values, setValues] = useState({
    medication: defaults.medication,
    strength: defaults.strength,
    instructions: '',
    expires_on: defaultPrescriptionExpiry(today),
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  return {
    values,
    errors,
    set: (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value })),
    check(): Prescription | null {
      const parsed = prescriptionSchema(today).safeParse(values);
      setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
      return parsed.success ? parsed.data : null;
    },
  };
}
export type PrescriptionDraft = ReturnType<typeof usePrescriptionDraft>;

/** The prescription's four fields, shared by the approval of a visit and of a prescription-change request. */
export function PrescriptionFields({ draft }: { draft: PrescriptionDraft }) {
  const { values, errors, set } = draft;
  return (
    <>
      <TextInput
        label="Medication"
        value={values.medication}
        error={errors.medication}
        onChange={(e) => set('medication')(e.target.value)}
        autoComplete="off"
      />
      <TextInput
        label="Strength"
        value={values.strength}
        error={errors.strength}
        onChange={(e) => set('strength')(e.target.value)}
        autoComplete="off"
      />
      <TextArea
        label="Instructions for the patient"
        value={values.instructions}
        error={errors.instructions}
        onChange={(e) => set('instructions')(e.target.value)}
        rows={3}
      />
      <TextInput
        label="Expiry date"
        type="date"
        value={values.expires_on}
        error={errors.expires_on}
        onChange={(e) => set('expires_on')(e.target.value)}
        hint="At most one year from today."
      />
    </>
  );
}
