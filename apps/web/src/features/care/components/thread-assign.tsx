import { staffCan } from '@portal/domain/care/staff-roles';
import type { StaffRef } from '@portal/domain/contracts/messaging';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useAssignConversation } from '../../../api/care/inbox';
import { careStaffQueryOptions } from '../../../api/care/staff';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { assigneeLabel } from '../lib/inbox';
import { personName } from '../lib/labels';

/**
 * Who answers this conversation. Everyone may take it ('Assign to me') or let it go ('Unassign'); only an
 * admin, who alone may read the staff list, may hand it to someone else.
 */
export function ThreadAssign({
  conversationId,
  assignee,
  me,
  role,
}: {
  conversationId: string;
  assignee: StaffRef | null;
  me: string;
  role: string;
}) {
  const assign = useAssignConversation(conversationId);
  const canPick = staffCan(role, 'manage_staff');
  const [done, setDone] = useState<string | null>(null);

  function run(staffId: string | null) {
    setDone(null);
    assign.mutate(staffId, {
      onSuccess: (row) =>
        setDone(
          row.assigned_to
            ? `Assigned to ${row.assigned_to._id === me ? 'you' : row.assigned_to.display_name}.`
            : 'Nobody is assigned now.',
        ),
    });
  }

  return (
    <section className="inbox-assign" aria-label="Assignment">
      <p className="inbox-assign__who">
        <span className="care-muted">Assigned to </span>
        <strong>{assigneeLabel(assignee, me)}</strong>
      </p>
      <div className="inbox-assign__actions">
        {canPick ? (
          <StaffPicker assignee={assignee} pending={assign.isPending} onAssign={run} />
        ) : (
          <>
            {assignee?._id !== me ? (
              <Button size="sm" variant="secondary" loading={assign.isPending} onClick={() => run(me)}>
                Assign to me
              </Button>
            ) : null}
            {assignee ? (
              <Button size="sm" variant="ghost" disabled={assign.isPending} onClick={() => run(null)}>
                Unassign
              </Button>
            ) : null}
          </>
        )}
      </div>
      {assign.error ? <Alert tone="error">{assign.error.message}</Alert> : null}
      <p className="ui-visually-hidden" role="status">
        {done}
      </p>
    </section>
  );
}

function StaffPicker({
  assignee,
  pending,
  onAssign,
}: {
  assignee: StaffRef | null;
  pending: boolean;
  onAssign: (staffId: string | null) => void;
}) {
  const staff = useQuery(careStaffQueryOptions());
  const [chosen, setChosen] = useState(assignee?._id ?? '');
  const options = (staff.data?.items ?? [])
    .filter((member) => member.active || member._id === assignee?._id)
    .map((member) => ({ value: member._id, label: personName(member) }));
  if (assignee && !options.some((o) => o.value === assignee._id))
    options.unshift({ value: assignee._id, label: assignee.display_name });

  function submit(event: FormEvent) {
    event.preventDefault();
    onAssign(chosen || null);
  }

  return (
    <form className="inbox-assign__form" onSubmit={submit}>
      <Select
        label="Assign to"
        placeholder="Nobody"
        options={options}
        value={chosen}
        onChange={(e) => setChosen(e.target.value)}
        hint={staff.isError ? 'The staff list could not be read.' : undefined}
      />
      <Button type="submit" size="sm" variant="secondary" loading={pending}>
        Assign
      </Button>
    </form>
  );
}
