import type { CareTask } from '@portal/domain/contracts/care';
import type { Tone } from './labels';

type Kind = CareTask['kind'];
type RequestType = Extract<CareTask, { kind: 'prescription_change' }>['request_type'];

/** What each task is, as its badge says it. */
export const TASK_KINDS: Readonly<Record<Kind, { label: string; tone: Tone }>> = {
  prescription_change: { label: 'Prescription change', tone: 'info' },
  retention_call: { label: 'Retention call', tone: 'warning' },
  verification_call: { label: 'Verification call', tone: 'neutral' },
  patient_alert: { label: 'Alert', tone: 'warning' },
};

/** The patient's request in the clinic's words (001 §2's choices). */
export const REQUEST_TYPES: Readonly<Record<RequestType, string>> = {
  RaiseDosage: 'Raise the dosage',
  LowerDosage: 'Lower the dosage',
  Other: 'Another change',
};

/** "1 open task", "3 open tasks". */
export const taskCountLabel = (count: number) => `${count} open ${count === 1 ? 'task' : 'tasks'}`;
