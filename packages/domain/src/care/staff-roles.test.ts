import { describe, expect, it } from 'vitest';
import { isClinicalAction, isLicensedFor, STAFF_ACTIONS, STAFF_ROLES, staffCan } from './staff-roles';

describe('staff roles', () => {
  it('gives clinical decisions to physicians alone', () => {
    for (const action of STAFF_ACTIONS.filter(isClinicalAction)) {
      expect(STAFF_ROLES.filter((role) => staffCan(role, action))).toEqual(['physician']);
    }
    expect(STAFF_ACTIONS.filter(isClinicalAction)).toEqual([
      'approve_visit',
      'deny_visit',
      'resolve_prescription_request',
      'publish_labs',
    ]);
  });

  it('lets a care coordinator do the non-clinical work', () => {
    expect(STAFF_ACTIONS.filter((a) => staffCan('care_team', a))).toEqual([
      'read_chart',
      'claim_visit',
      'request_patient_update',
      'verify_identity',
      'advance_fulfilment',
      'write_note',
      'complete_call',
      'manage_labs',
    ]);
  });

  it('lets coordinators and physicians work on lab reports, and physicians alone publish results', () => {
    expect(STAFF_ROLES.filter((r) => staffCan(r, 'manage_labs'))).toEqual(['physician', 'care_team']);
    expect(STAFF_ROLES.filter((r) => staffCan(r, 'publish_labs'))).toEqual(['physician']);
    expect(isClinicalAction('publish_labs')).toBe(true);
    expect(isClinicalAction('manage_labs')).toBe(false);
  });

  it('lets those who make the calls mark a booked call done: coordinators and physicians, not admins', () => {
    expect(STAFF_ROLES.filter((r) => staffCan(r, 'complete_call'))).toEqual(['physician', 'care_team']);
    expect(isClinicalAction('complete_call')).toBe(false);
  });

  it("keeps staff management, the clinic's settings and the audit trail with admins", () => {
    expect(STAFF_ROLES.filter((r) => staffCan(r, 'manage_staff'))).toEqual(['admin']);
    expect(STAFF_ROLES.filter((r) => staffCan(r, 'manage_settings'))).toEqual(['admin']);
    expect(STAFF_ROLES.filter((r) => staffCan(r, 'read_audit'))).toEqual(['admin']);
    expect(isClinicalAction('manage_settings')).toBe(false);
  });

  it('lets an admin do exactly the administrative work, and read and annotate charts', () => {
    expect(STAFF_ACTIONS.filter((a) => staffCan('admin', a))).toEqual([
      'read_chart',
      'advance_fulfilment',
      'write_note',
      'manage_staff',
      'manage_settings',
      'read_audit',
    ]);
  });

  it('allows nothing to a patient or an unknown role', () => {
    for (const action of STAFF_ACTIONS) {
      expect(staffCan('patient', action)).toBe(false);
      expect(staffCan('owner', action)).toBe(false);
    }
  });

  it('licenses a physician by the patient state, and nobody for a patient with none', () => {
    expect(isLicensedFor(['CA', 'NY'], 'NY')).toBe(true);
    expect(isLicensedFor(['CA', 'NY'], 'ny')).toBe(true);
    expect(isLicensedFor(['CA', 'NY'], 'TX')).toBe(false);
    expect(isLicensedFor(['CA'], null)).toBe(false);
    expect(isLicensedFor([], 'CA')).toBe(false);
  });
});
