/** The audit trail of one patient or one staff member (issue 12 §7). */
export function auditPath(subject: { patient: string } | { actor: string }): string {
  return 'patient' in subject
    ? `/care/audit?patient=${encodeURIComponent(subject.patient)}`
    : `/care/audit?actor=${encodeURIComponent(subject.actor)}`;
}
