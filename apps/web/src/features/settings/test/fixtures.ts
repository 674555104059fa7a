import { screen, within } from '@testing-library/react';
import type { Patient } from '../../../lib/patient';
import { json, mockApi, ORG_ID, patient, USER_ID } from '../../../test/helpers';

export const SETTINGS = `/dashboard/${USER_ID}/settings`;
export const USER_PATH = `/users/${ORG_ID}/${USER_ID}`;
export const PATIENT_PATH = `/users/${ORG_ID}/user/${USER_ID}/patient`;

export { setOrganizationWith } from '../../../test/helpers';

/** A patient with a complete profile. */
export function profiled(overrides: Partial<Patient> = {}): Patient {
  return patient({
    first_name: 'Jane',
    last_name: 'Doe',
    sex: 'female',
    birthday: '04-12-1980',
    height: 66,
    weight: 140,
    state: 'TX',
    mobile_number: '3125550188',
    mobile_verified: true,
    ...overrides,
  });
}

export const STATES = [
  { _id: 'aaaaaaaaaaaaaaaaaaaaaaa1', name: 'California', abbreviation: 'CA', syncRequired: false },
  { _id: 'aaaaaaaaaaaaaaaaaaaaaaa2', name: 'Texas', abbreviation: 'TX', syncRequired: false },
];

/** The calls every settings page makes, plus the ones a test adds. */
export function mockSettingsApi(user: Patient, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [`GET ${PATIENT_PATH}`]: () => json(200, user),
    'GET /states': () => json(200, STATES),
    ...extra,
  });
}

/** Moves the window to a phone width (the page reads window.innerWidth without matchMedia). */
export function setViewport(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

/** A notice in the toasts' corner (a settings success, the warning of a verification closed unfinished). */
export async function findToast(role: 'status' | 'alert'): Promise<HTMLElement> {
  const corner = await screen.findByRole('region', { name: 'Notifications' });
  return within(corner).findByRole(role);
}
