import type { ChangePasswordResponse } from '@portal/domain/contracts/settings';
import type { ShippingFormValues } from '@portal/domain/validation/shipping';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';
import type { Patient } from '../../../lib/patient';
import { saveSession, saveUser } from '../../../lib/session';
import { patientQueryKey } from '../../patient/api/get-patient';

const userPath = (userId: string, suffix = '') =>
  `/users/${seg(requireOrganizationId())}/${seg(userId)}${suffix}`;

/** The fields the settings forms change through PUT /users/{org}/{id} (001 §7 update user). */
export interface UserChanges {
  first_name?: string;
  last_name?: string;
  sex?: 'male' | 'female';
  birthday?: string;
  height?: number;
  weight?: number;
  email?: string;
  state?: string;
  /** National digits only. */
  mobile_number?: string;
}

/** PUT /users/{org}/{id}: only the changed fields. */
export function updateUser(userId: string, changes: UserChanges): Promise<Patient> {
  return apiRequest<Patient>(userPath(userId), { method: 'PUT', body: changes });
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
      queryClient.setQueryData(patientQueryKey(userId), user);
    },
    [queryClient, userId],
  );
}
