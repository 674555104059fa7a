import { isStaffRole, STAFF_ROLE_LABELS, staffCan } from '@portal/domain/care/staff-roles';
import type { CareAuditPage } from '@portal/domain/contracts/care';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { type AuditSubject, careAuditQueryOptions } from '../../../api/care/audit';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useSessionUser } from '../../../lib/session';
import { AdminOnly } from '../components/admin-only';
import { Badge } from '../components/badge';
import { auditActionLabel, auditOutcome } from '../lib/audit-labels';
import { formatDateTime, personName } from '../lib/labels';
import { chartPath } from '../lib/paths';
import '../care.css';
import '../admin.css';

type Row = CareAuditPage['items'][number];

const roleLabel = (role: string) =>
  isStaffRole(role) ? STAFF_ROLE_LABELS[role] : role === 'patient' ? 'Patient' : role;

/** The audit trail of a patient or of a staff member (issue 12 §7): who did what, newest first. */
export default function AuditPage() {
  const user = useSessionUser();
  const [search] = useSearchParams();
  if (!staffCan(user?.role ?? '', 'read_audit'))
    return <AdminOnly title="Audit trail" what="read the audit trail" />;
  const patient = search.get('patient');
  const actor = search.get('actor');
  const subject: AuditSubject | null = patient ? { patient } : actor ? { actor } : null;
  if (!subject) return <NoSubject />;
  return <Trail key={patient ?? actor} subject={subject} />;
}

function NoSubject() {
  return (
    <div className="care-page">
      <h1 className="care-page__title">Audit trail</h1>
      <div className="care-empty">
        <h2 className="care-empty__title">Choose whose trail to read</h2>
        <p>
          Open a patient's chart and follow "Audit trail", or pick a staff member on the{' '}
          <Link className="care-table__patient" to="/care/staff">
            Staff
          </Link>{' '}
          page.
        </p>
      </div>
    </div>
  );
}

/** Whom the trail is of, named from its own rows once they are read. */
function subjectName(subject: AuditSubject, rows: readonly Row[]): string | null {
  if ('patient' in subject) return rows.find((r) => r.patient_name)?.patient_name ?? null;
  const actor = rows.find((r) => r.actor)?.actor;
  return actor ? personName(actor) : null;
}

function Trail({ subject }: { subject: AuditSubject }) {
  const trail = useInfiniteQuery(careAuditQueryOptions(subject));
  const rows = trail.data?.pages.flatMap((page) => page.items) ?? [];
  const byPatient = 'patient' in subject;
  const name = subjectName(subject, rows);
  const title = name
    ? `Audit trail of ${name}`
    : byPatient
      ? 'Audit trail of a patient'
      : 'Audit trail of a staff member';

  return (
    <div className="care-page">
      {byPatient ? (
        <Link className="care-back" to={chartPath(subject.patient)}>
          ← Patient chart
        </Link>
      ) : (
        <Link className="care-back" to="/care/staff">
          ← Staff
        </Link>
      )}
      <div className="care-page__head">
        <h1 className="care-page__title">{title}</h1>
        <p className="care-page__count">Newest first</p>
      </div>

      {trail.isPending ? (
        <div className="care-loading">
          <Spinner label="Loading the audit trail" />
        </div>
      ) : trail.isError && !trail.data ? (
        <Alert tone="error">{trail.error.message}</Alert>
      ) : rows.length === 0 ? (
        <div className="care-empty">
          <h2 className="care-empty__title">Nothing recorded yet</h2>
          <p>
            {byPatient
              ? 'Every read of this patient’s record and every decision about them will appear here.'
              : 'Everything this staff member reads or decides will appear here.'}
          </p>
        </div>
      ) : (
        <table className="care-table care-audit">
          <caption className="ui-visually-hidden">{title}, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Who</th>
              <th scope="col">Role</th>
              <th scope="col">Patient</th>
              <th scope="col">Action</th>
              <th scope="col">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const outcome = auditOutcome(row.outcome);
              return (
                // rows have no id of their own; the trail's order is the server's and pages only append
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <tr key={i}>
                  <td data-label="Time" className="care-audit__time">
                    <time dateTime={row.at}>{formatDateTime(row.at)}</time>
                  </td>
                  <th scope="row" data-label="Who">
                    {row.actor ? personName(row.actor) : 'Unknown'}
                  </th>
                  <td data-label="Role">{row.actor ? roleLabel(row.actor.role) : '—'}</td>
                  <td data-label="Patient">
                    {row.patient ? (
                      byPatient ? (
                        (row.patient_name ?? '—')
                      ) : (
                        <Link className="care-table__patient" to={chartPath(row.patient)}>
                          {row.patient_name || 'Unnamed patient'}
                        </Link>
                      )
                    ) : (
                      '—'
                    )}
                  </td>
                  <td data-label="Action">{auditActionLabel(row.action)}</td>
                  <td data-label="Outcome">
                    <Badge tone={outcome.tone}>{outcome.label}</Badge>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}

      {trail.hasNextPage ? (
        <div className="care-more">
          <Button
            variant="secondary"
            loading={trail.isFetchingNextPage}
            onClick={() => void trail.fetchNextPage()}
          >
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}
