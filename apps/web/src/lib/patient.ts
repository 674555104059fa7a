/** The patient record (000 §3 User), snake_case as the API sends it. Only the fields the web app reads are typed tightly. */
export interface Patient {
  _id: string;
  first_name: string;
  last_name: string;
  email: string;
  mobile_number?: string | null;
  mobile_verified?: boolean;
  /** MM-DD-YYYY */
  birthday?: string | null;
  sex?: 'male' | 'female' | null;
  /** Total inches. */
  height?: number | null;
  weight?: number | null;
  state?: string | null;
  organization?: string;
  verified?: boolean;
  verification_status?: string | null;
  requires_intake?: boolean;
  complete_intake?: boolean;
  has_card_source?: boolean;
  feature_flags?: { labs2?: boolean };
  image?: Record<string, unknown> | null;
  shipping_info?: Record<string, unknown> | null;
  medical_profile?: Record<string, unknown> | null;
  created_at?: string;
  updated_at?: string;
}

/** "Jane Doe" -> "JD"; falls back to the e-mail's first letter. */
export function initials(patient: Pick<Patient, 'first_name' | 'last_name' | 'email'>): string {
  const letters = `${patient.first_name?.trim().charAt(0) ?? ''}${patient.last_name?.trim().charAt(0) ?? ''}`;
  return (letters || patient.email?.charAt(0) || '?').toUpperCase();
}

export function fullName(patient: Pick<Patient, 'first_name' | 'last_name'>): string {
  return [patient.first_name, patient.last_name].filter(Boolean).join(' ');
}
