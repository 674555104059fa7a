/** The chart of a patient, with the visit to decide on selected. */
export function chartPath(patientId: string, visitId?: string): string {
  const base = `/care/patients/${encodeURIComponent(patientId)}`;
  return visitId ? `${base}?visit=${encodeURIComponent(visitId)}` : base;
}

export const QUEUE_PATH = '/care';

/** What the queue says after a decision (the page the physician goes back to). */
export interface QueueOutcome {
  outcome: string;
}

export const SCHEDULE_PATH = '/care/schedule';

/** A physician's weekly hours and date overrides, reached from the schedule. */
export function availabilityPath(physicianId: string): string {
  return `${SCHEDULE_PATH}/availability/${encodeURIComponent(physicianId)}`;
}
