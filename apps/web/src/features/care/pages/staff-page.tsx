import { STAFF_ROLE_LABELS, staffCan } from '@portal/domain/care/staff-roles';
import type { CareStaffList } from '@portal/domain/contracts/care';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { careStaffQueryOptions, useDeactivateStaff, useInviteStaff } from '../../../api/care/staff';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useSessionUser } from '../../../lib/session';
import { AdminOnly } from '../components/admin-only';
import { Badge } from '../components/badge';
import { InviteDialog } from '../components/invite-dialog';
import { auditPath } from '../lib/audit-path';
import { formatDateTime, personName } from '../lib/labels';
import '../care.css';
import '../admin.css';

type Member = CareStaffList['items'][number];

/** The clinic's staff (issue 12 §1): who has access, in what role, and the invitations still open. */
export default function StaffPage() {
  const user = useSessionUser();
  if (!staffCan(user?.role ?? '', 'manage_staff')) return <AdminOnly title="Staff" what="manage staff" />;
  return <StaffList selfId={user?._id ?? ''} />;
}

function StaffList({ selfId }: { selfId: string }) {
  const staff = useQuery(careStaffQueryOptions());
  const invite = useInviteStaff();
  const deactivate = useDeactivateStaff();
  const [inviting, setInviting] = useState(false);
  const [leaving, setLeaving] = useState<Member | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);

  const openInvite = () => {
    invite.reset();
    setInviting(true);
  };
  const confirmLeave = (member: Member) => {
    deactivate.reset();
    setLeaving(member);
  };

  return (
    <div className="care-page">
      <div className="care-page__head">
        <h1 className="care-page__title">Staff</h1>
        <Button onClick={openInvite}>Invite</Button>
      </div>
      <div aria-live="polite">{outcome ? <Alert tone="success">{outcome}</Alert> : null}</div>

      {staff.isPending ? (
        <div className="care-loading">
          <Spinner label="Loading the staff" />
        </div>
      ) : staff.isError ? (
        <Alert tone="error">{staff.error.message}</Alert>
      ) : (
        <table className="care-table care-staff">
          <caption className="ui-visually-hidden">The clinic's staff and open invitations</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Licensed states</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="ui-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {staff.data.items.map((member) => {
              const name = personName(member);
              return (
                <tr key={member._id}>
                  <th scope="row" data-label="Name">
                    {name}
                    {member._id === selfId ? <span className="care-muted"> (you)</span> : null}
                  </th>
                  <td data-label="E-mail" className="care-staff__email">
                    {member.email}
                  </td>
                  <td data-label="Role">{STAFF_ROLE_LABELS[member.role]}</td>
                  <td data-label="Licensed states">
                    {member.role === 'physician' ? member.licensed_states.join(', ') || 'None' : '—'}
                  </td>
                  <td data-label="Status">
                    {member.active ? (
                      <Badge tone="success">Active</Badge>
                    ) : (
                      <Badge tone="neutral">Deactivated</Badge>
                    )}
                  </td>
                  <td className="care-table__actions">
                    <span className="care-staff__actions">
                      <Link
                        className="care-table__patient"
                        to={auditPath({ actor: member._id })}
                        aria-label={`Audit trail of ${name}`}
                      >
                        Audit trail
                      </Link>
                      {member.active && member._id !== selfId ? (
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => confirmLeave(member)}
                          aria-label={`Deactivate ${name}`}
                        >
                          Deactivate
                        </Button>
                      ) : null}
                    </span>
                  </td>
                </tr>
              );
            })}
            {staff.data.invitations.map((invitation) => (
              <tr key={invitation._id}>
                <th scope="row" data-label="Name">
                  {personName(invitation)}
                </th>
                <td data-label="E-mail" className="care-staff__email">
                  {invitation.email}
                </td>
                <td data-label="Role">{STAFF_ROLE_LABELS[invitation.role]}</td>
                <td data-label="Licensed states">—</td>
                <td data-label="Status">
                  <span className="care-wait">
                    <Badge tone="info">Invited</Badge>
                    <span className="care-muted">until {formatDateTime(invitation.expires_at)}</span>
                  </span>
                </td>
                <td className="care-table__actions" />
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {inviting ? (
        <InviteDialog
          onClose={() => setInviting(false)}
          pending={invite.isPending}
          error={invite.error}
          onInvite={(body) =>
            invite.mutateAsync(body).then(
              (sent) => {
                setInviting(false);
                setOutcome(`Invitation sent to ${sent.email}.`);
                return sent;
              },
              () => undefined,
            )
          }
        />
      ) : null}

      {leaving ? (
        <Modal
          open
          onClose={() => setLeaving(null)}
          title={`Deactivate ${personName(leaving)}?`}
          actions={
            <>
              <Button variant="secondary" onClick={() => setLeaving(null)}>
                Cancel
              </Button>
              <Button
                variant="danger"
                loading={deactivate.isPending}
                onClick={() =>
                  deactivate.mutate(leaving._id, {
                    onSuccess: () => {
                      setOutcome(`${personName(leaving)} was deactivated.`);
                      setLeaving(null);
                    },
                  })
                }
              >
                Deactivate
              </Button>
            </>
          }
        >
          <div className="care-dialog-form">
            <p>
              {personName(leaving)} ({leaving.email}) is signed out everywhere at once and can no longer sign
              in. Their past actions stay in the audit trail.
            </p>
            {deactivate.error ? <Alert tone="error">{deactivate.error.message}</Alert> : null}
          </div>
        </Modal>
      ) : null}
    </div>
  );
}
