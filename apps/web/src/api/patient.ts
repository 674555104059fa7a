import type { LifestyleAnswers, LifestyleResponse } from '@portal/domain/contracts/lifestyle';
import type { ChangePasswordResponse } from '@portal/domain/contracts/settings';
import type { UpdateUserBody } from '@portal/domain/contracts/user';
import type { ShippingFormValues } from '@portal/domain/validation/shipping';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest, requireOrganizationId, seg } from '../lib/api-client';
import type { Patient } from '../lib/patient';
import { saveSession, saveUser, sessionPatientOf } from '../lib/session';
import { getPatient } from './patient-record';

export { getPatient };

const userPath = (userId: string, suffix = '') =>
  `/users/${seg(requireOrganizationId())}/${seg(userId)}${suffix}`;

/** Query keys of the patient's own record and of their lifestyle answers. */
export const patientKeys = {
  detail: (userId: string) => ['patient', userId] as const,
  lifestyle: (userId: string) => ['lifestyle', userId] as const,
};

/**
 * The record the route guard loaded (or a login or save answered with) is the query's first answer, as fresh as
 * it is: a page opened on a first load shows it at once instead of reading it again a round trip later.
 */
export function patientQueryOptions(userId: string) {
  return queryOptions({
    queryKey: patientKeys.detail(userId),
    queryFn: ({ signal }) => getPatient(userId, { signal }),
    initialData: () => sessionPatientOf(userId)?.patient,
    initialDataUpdatedAt: () => sessionPatientOf(userId)?.savedAt,
  });
}

/**
 * The fields PUT /users/{org}/{id} (000 §7, 001 §7 update user) changes (the domain's UpdateUserBody); only the
 * fields sent change. The medical history sends only the answers it asked (the server merges them).
 */
export type PatientChanges = Omit<UpdateUserBody, 'medical_profile' | 'shipping_info'> & {
  medical_profile?: MedicalProfileChanges;
  /** The checkout's shipping address (000 §5 "Shipping form"). */
  shipping_info?: Omit<ShippingFormValues, 'mobile_number'>;
};

/** The medical profile fields a patient answers in the medical history (000 §3, §4). */
export type MedicalProfileChanges = Partial<NonNullable<Patient['medical_profile']>>;

/** PUT /users/{org}/{id} (000 §7): updates the patient record and returns it. */
export function updatePatient(userId: string, changes: PatientChanges): Promise<Patient> {
  return apiRequest<Patient>(userPath(userId), { method: 'PUT', body: changes });
}

/** Saves profile changes; the stored session user and the cached patient follow the answer. */
export function useUpdatePatientMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: PatientChanges) => updatePatient(userId, changes),
    onSuccess: (user) => {
      if (user?._id) {
        saveUser(user);
        queryClient.setQueryData(patientKeys.detail(userId), user);
      }
    },
  });
}

/** PUT /users/{org}/{id}/reset-password: answers a new token (every other session ended). */
export function changePassword(
  userId: string,
  body: { current_password: string; new_password: string },
): Promise<ChangePasswordResponse> {
  return apiRequest<ChangePasswordResponse>(userPath(userId, '/reset-password'), { method: 'PUT', body });
}

/** PUT /users/{org}/{id}/update-shipping (002 §7.7). */
export function updateShipping(
  userId: string,
  shippingInfo: Omit<ShippingFormValues, 'mobile_number'>,
): Promise<Patient> {
  return apiRequest<Patient>(userPath(userId, '/update-shipping'), {
    method: 'PUT',
    body: { shipping_info: shippingInfo },
  });
}

/** POST /users/{org}/{id}/send-mobile-verification: texts a 5-digit code to the national number. */
export function sendMobileCode(userId: string, mobileNumber: string): Promise<{ expires_at: string }> {
  return apiRequest(userPath(userId, '/send-mobile-verification'), {
    method: 'POST',
    body: { mobile_number: mobileNumber },
  });
}

/** POST /users/{org}/{id}/mobile-verify: answers the patient with the number verified. */
export function verifyMobileCode(userId: string, code: string, mobileNumber: string): Promise<Patient> {
  return apiRequest<Patient>(userPath(userId, '/mobile-verify'), {
    method: 'POST',
    body: { code, mobile_number: mobileNumber },
  });
}

/** Keeps the stored session user and the cached patient in step with a saved record. */
export function usePatientSaved(userId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (user: Patient, token?: string) => {
      if (token) saveSession({ token, user });
      else saveUser(user);
      queryClient.setQueryData(patientKeys.detail(userId), user);
    },
    [queryClient, userId],
  );
}

/** GET /v2/users/{id}/lifestyle (002 §7.7): the lifestyle questions and the patient's answers. */
export function getLifestyle(userId: string, signal?: AbortSignal): Promise<LifestyleResponse> {
  return apiRequest<LifestyleResponse>(`/v2/users/${seg(userId)}/lifestyle`, { signal });
}

export function lifestyleQueryOptions(userId: string) {
  return queryOptions({
    queryKey: patientKeys.lifestyle(userId),
    queryFn: ({ signal }) => getLifestyle(userId, signal),
    staleTime: 60_000,
  });
}

/** PATCH /v2/users/{id} (002 §7.7): saves answers into medical_profile.lifestyle. */
export function saveLifestyle(userId: string, lifestyle: LifestyleAnswers): Promise<Patient> {
  return apiRequest<Patient>(`/v2/users/${seg(userId)}`, {
    method: 'PATCH',
    body: { medical_profile: { lifestyle } },
  });
}
