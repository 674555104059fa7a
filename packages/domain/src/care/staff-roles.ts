/**
 * The clinic's staff and what each may do (issue 12 §1). A physician reviews and prescribes; a care
 * coordinator does everything but clinical decisions; an admin manages staff and the clinic's settings and
 * reads the audit trail. The API and the workspace both ask `staffCan`, so a button is never offered for an
 * action the server would refuse.
 */
export const STAFF_ROLES = ['physician', 'care_team', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  physician: 'Physician',
  care_team: 'Care coordinator',
  admin: 'Admin',
};

export const STAFF_ACTIONS = [
  'read_chart',
  'claim_visit',
  'approve_visit',
  'deny_visit',
  'request_patient_update',
  'verify_identity',
  'resolve_prescription_request',
  'advance_fulfilment',
  'write_note',
  'manage_staff',
  'manage_settings',
  'read_audit',
  'complete_call',
  'manage_labs',
  'publish_labs',
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** Decisions that change a patient's treatment: a physician's alone. */
const CLINICAL: ReadonlySet<StaffAction> = new Set([
  'approve_visit',
  'deny_visit',
  'resolve_prescription_request',
  'publish_labs',
]);

const ALLOWED: Readonly<Record<StaffRole, ReadonlySet<StaffAction>>> = {
  physician: new Set([
    'read_chart',
    'claim_visit',
    'approve_visit',
    'deny_visit',
    'request_patient_update',
    'verify_identity',
    'resolve_prescription_request',
    'write_note',
    'complete_call',
    'manage_labs',
    'publish_labs',
  ]),
  care_team: new Set([
    'read_chart',
    'claim_visit',
    'request_patient_update',
    'verify_identity',
    'advance_fulfilment',
    'write_note',
    'complete_call',
    'manage_labs',
  ]),
  admin: new Set([
    'read_chart',
    'advance_fulfilment',
    'write_note',
    'manage_staff',
    'manage_settings',
    'read_audit',
  ]),
};

export const isStaffRole = (role: string): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role);

export function staffCan(role: string, action: StaffAction): boolean {
  return isStaffRole(role) && ALLOWED[role].has(action);
}

export const isClinicalAction = (action: StaffAction): boolean => CLINICAL.has(action);

/**
 * A physician may decide on a patient's visit only in a state where they hold a license. A patient with no
 * state on file cannot be prescribed for by anyone until it is known.
 */
export function isLicensedFor(licensedStates: readonly string[], patientState: string | null): boolean {
  return patientState !== null && licensedStates.includes(patientState.toUpperCase());
}
