import type { PatientUser } from '@portal/domain/contracts/user';

/** The patient record (000 §3 User) as the API sends it; the type is the domain contract's. */
export type Patient = PatientUser;

/** "Jane Doe" -> "JD"; falls back to the e-mail's first letter. */
export function initials(patient: Pick<Patient, 'first_name' | 'last_name' | 'email'>): string {
  const letters = `${patient.first_name?.trim().charAt(0) ?? ''}${patient.last_name?.trim().charAt(0) ?? ''}`;
  return (letters || patient.email?.charAt(0) || '?').toUpperCase();
}

export function fullName(patient: Pick<Patient, 'first_name' | 'last_name'>): string {
  return [patient.first_name, patient.last_name].filter(Boolean).join(' ');
}
