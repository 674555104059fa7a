import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';
import type { Patient } from '../../../lib/patient';
import { saveUser } from '../../../lib/session';
import { patientQueryKey } from './get-patient';

/** The profile and medical history fields of PUT /users/{org}/{id} (000 §7): birthday MM-DD-YYYY, state abbreviation, height in total inches. */
export interface PatientProfileChanges {
  sex?: 'male' | 'female';
  birthday?: string;
  state?: string;
  weight?: number;
  height?: number;
  /** Medical history answers (000 §3 Medical profile); the server merges them into the stored profile. */
  medical_profile?: MedicalProfileChanges;
}

/** The medical profile fields a patient answers in the medical history (000 §3, §4). */
export type MedicalProfileChanges = Partial<NonNullable<Patient['medical_profile']>>;

/** PUT /users/{org}/{id} (000 §7): updates the patient record and returns it. */
export function updatePatient(userId: string, changes: PatientProfileChanges): Promise<Patient> {
  const org = requireOrganizationId();
  return apiRequest<Patient>(`/users/${seg(org)}/${seg(userId)}`, { method: 'PUT', body: changes });
}

/** Saves profile changes; the stored session user and the cached patient follow the answer. */
export function useUpdatePatientMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: PatientProfileChanges) => updatePatient(userId, changes),
    onSuccess: (user) => {
      if (user?._id) {
        saveUser(user);
        queryClient.setQueryData(patientQueryKey(userId), user);
      }
    },
  });
}
