import { staffCan } from '@portal/domain/care/staff-roles';
import type { CareChart } from '@portal/domain/contracts/care';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { careChartQueryOptions } from '../../../api/care/chart';
import { type CareDecisionInput, useDecideVisit } from '../../../api/care/decisions';
import { useQueueProductNames } from '../../../api/care/queue';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useSessionUser } from '../../../lib/session';
import { Badge } from '../components/badge';
import { ApproveDialog, DenyDialog, RequestUpdateDialog } from '../components/decision-dialogs';
import { IdentityActions } from '../components/identity-actions';
import { IdentityPhoto } from '../components/identity-photo';
import { LabsExperience } from '../components/labs-experience';
import { NotesSection } from '../components/notes-section';
import { auditPath } from '../lib/audit-path';
import {
  awaitingPatient,
  awaitsReview,
  formatDateTime,
  formatDay,
  formatMoney,
  identityLabel,
  personName,
  visitStage,
} from '../lib/labels';
import { QUEUE_PATH, type QueueOutcome } from '../lib/paths';
import '../care.css';

type Visit = CareChart['visits'][number];

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `care-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className="care-section" aria-labelledby={id}>
      <h2 className="care-section__title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="care-facts">
      {rows.map(([label, value]) => (
        <div className="care-facts__row" key={label}>
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

const humanize = (key: string) =>
  key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase());

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(show).join(', ') || 'None';
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.map(([k, v]) => `${humanize(k)}: ${show(v)}`).join('; ') || 'None';
  }
  return String(value);
}

/** What the chart's visit says of a requested product (its raw intake entry, 000 §3). */
interface RequestedProduct {
  name: string;
  dosage: string;
  detail: string;
}

function requested(product: Record<string, unknown>, names: ReadonlyMap<string, string>): RequestedProduct {
  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const template = text(product.product_template);
  const shipping = product.shipping as { months?: unknown } | undefined;
  const months = Number(shipping?.months);
  const detail = [
    product.quantity ? `quantity ${text(product.quantity)}` : '',
    text(product.frequency),
    months > 0 ? `every ${months} ${months === 1 ? 'month' : 'months'}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return {
    name: text(product.name) || names.get(template) || 'Product',
    dosage: text(product.dosage ?? product.strength ?? product.dose),
    detail,
  };
}

/** A shipping address on lines as an envelope has it. */
function address(info: Record<string, unknown>): string {
  const text = (key: string) => (typeof info[key] === 'string' ? (info[key] as string).trim() : '');
  return [
    [text('first_name'), text('last_name')].filter(Boolean).join(' '),
    [text('street_address'), text('apt_suite')].filter(Boolean).join(', '),
    [text('city'), [text('state'), text('zip_code')].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    text('phone_number'),
  ]
    .filter(Boolean)
    .join('\n');
}

function Empty({ children }: { children: string }) {
  return <p className="care-muted">{children}</p>;
}

/** One patient as the clinic sees them, with the decision on the selected visit (issue 12 §3, §4). */
export default function ChartPage() {
  const { patientId = '' } = useParams();
  const [search] = useSearchParams();
  const chart = useQuery(careChartQueryOptions(patientId));

  if (chart.isPending)
    return (
      <div className="care-loading">
        <Spinner label="Loading the chart" />
      </div>
    );
  if (chart.isError)
    return (
      <div className="care-page">
        <h1 className="care-page__title">Patient chart</h1>
        <Alert tone="error">{chart.error.message}</Alert>
        <Link to={QUEUE_PATH}>Back to the review queue</Link>
      </div>
    );

  const data = chart.data;
  const visits = data.visits;
  const selected =
    visits.find((v) => v._id === search.get('visit')) ?? visits.find(awaitsReview) ?? visits[0] ?? null;
  return <Chart chart={data} visit={selected} />;
}

function Chart({ chart, visit }: { chart: CareChart; visit: Visit | null }) {
  const { patient, identity } = chart;
  const names = useQueueProductNames();
  const name = personName(patient);
  const badge = identityLabel(identity.verification_status);
  const canAudit = staffCan(useSessionUser()?.role ?? '', 'read_audit');

  return (
    <div className="care-page care-chart">
      <Link className="care-back" to={QUEUE_PATH}>
        ← Review queue
      </Link>
      <header className="care-chart__head">
        <h1 className="care-page__title">{name}</h1>
        <p className="care-chart__summary">
          <span>{patient.age === null ? 'Age unknown' : `${patient.age} years`}</span>
          <span>{patient.sex ? humanize(patient.sex) : 'Sex unknown'}</span>
          <span>{patient.state ?? 'State unknown'}</span>
          <Badge tone={badge.tone}>{badge.label}</Badge>
          {identity.requires_user_attention ? <Badge tone="warning">New photo requested</Badge> : null}
        </p>
        {canAudit ? (
          <Link className="care-back" to={auditPath({ patient: patient._id })}>
            Audit trail of this patient
          </Link>
        ) : null}
      </header>

      {visit ? <DecisionPanel chart={chart} visit={visit} names={names} /> : null}

      <div className="care-chart__grid">
        <Section title="Profile">
          <Facts
            rows={[
              ['E-mail', patient.email],
              ['Mobile', patient.mobile_number],
              ['Birthday', patient.birthday ? formatDay(patient.birthday) : null],
              ['Height', patient.height === null ? null : `${patient.height} in`],
              ['Weight', patient.weight === null ? null : `${patient.weight} lb`],
              [
                'Shipping address',
                patient.shipping_info ? (
                  <span key="address" className="care-address">
                    {address(patient.shipping_info)}
                  </span>
                ) : null,
              ],
            ]}
          />
        </Section>

        <Section title="Medical history">
          {chart.medical_history && Object.keys(chart.medical_history).length > 0 ? (
            <Facts rows={Object.entries(chart.medical_history).map(([k, v]) => [humanize(k), show(v)])} />
          ) : (
            <Empty>No medical history recorded.</Empty>
          )}
        </Section>

        <Section title="Visit">
          {visit ? <VisitAnswers visit={visit} names={names} /> : <Empty>No visit yet.</Empty>}
        </Section>

        <Section title="Identity photos">
          <div className="care-photos">
            <IdentityPhoto path={identity.id_image_url} label={`ID photo of ${name}`} caption="ID" />
            <IdentityPhoto path={identity.profile_image_url} label={`Selfie of ${name}`} caption="Selfie" />
          </div>
          <IdentityActions patientId={patient._id} status={identity.verification_status} />
        </Section>

        <Section title="Subscriptions">
          {chart.subscriptions.length ? (
            <ul className="care-list">
              {chart.subscriptions.map((s) => (
                <li key={s._id}>
                  <span>{s.name}</span> <Badge tone="neutral">{humanize(s.status)}</Badge>{' '}
                  <span className="care-muted">{formatDateTime(s.created_at)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <Empty>No subscriptions.</Empty>
          )}
        </Section>

        <Section title="Orders">
          {chart.orders.length ? (
            <ul className="care-list">
              {chart.orders.map((o) => (
                <li key={o._id}>
                  <span>{o.name}</span> <Badge tone="neutral">{humanize(o.status)}</Badge>{' '}
                  <span>{formatMoney(o.amount)}</span>{' '}
                  <span className="care-muted">{formatDateTime(o.created_at)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <Empty>No orders.</Empty>
          )}
        </Section>

        <Section title="Notifications sent">
          {chart.notifications.length ? (
            <ul className="care-list">
              {chart.notifications.map((n) => (
                <li key={n._id}>
                  <span>{n.message}</span>{' '}
                  <span className="care-muted">
                    {formatDateTime(n.created_at)}
                    {n.read ? ' · read' : ' · unread'}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <Empty>No notifications sent.</Empty>
          )}
        </Section>

        <Section title="Labs experience">
          <LabsExperience patient={patient} />
        </Section>

        <Section title="Private notes">
          <NotesSection patientId={patient._id} notes={chart.notes} />
        </Section>

        <Section title="Viewed by">
          {chart.viewed_by.length ? (
            <ul className="care-list">
              {chart.viewed_by.map((v) => (
                <li key={`${v._id}-${v.at}`}>
                  <span>{personName(v)}</span> <span className="care-muted">({humanize(v.role)})</span>{' '}
                  <span className="care-muted">{formatDateTime(v.at)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <Empty>Nobody else has opened this chart.</Empty>
          )}
        </Section>
      </div>
    </div>
  );
}

/** What the patient was asked for, and until when the visit waits for them. */
function HoldNotice({ hold }: { hold: Record<string, unknown> }) {
  const reason = typeof hold.reason === 'string' ? hold.reason : '';
  const until = typeof hold.hold_date === 'string' ? hold.hold_date : '';
  return (
    <p className="care-hold">
      {reason ? `Asked: ${reason}` : 'Sent back to the patient.'}
      {until ? ` Held until ${formatDay(until)}.` : ''}
    </p>
  );
}

function VisitAnswers({ visit, names }: { visit: Visit; names: ReadonlyMap<string, string> }) {
  const stage = visitStage(visit);
  const products = visit.products.map((p) => requested(p, names));
  return (
    <>
      <p className="care-visit__meta">
        <Badge tone={stage.tone}>{stage.label}</Badge>{' '}
        {visit.submitted_at ? (
          <span className="care-muted">Submitted {formatDateTime(visit.submitted_at)}</span>
        ) : null}
      </p>
      {awaitingPatient(visit) ? <HoldNotice hold={visit.awaiting_patient_update} /> : null}
      {products.length ? (
        <>
          <h3 className="care-subtitle">Requested protocol</h3>
          <ul className="care-list">
            {products.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the visit's products have no id of their own
              <li key={i}>
                <span className="care-strong">{[p.name, p.dosage].filter(Boolean).join(' ')}</span>
                {p.detail ? <span className="care-muted"> · {p.detail}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3 className="care-subtitle">Answers</h3>
      {visit.answers.length ? (
        <ol className="care-answers">
          {visit.answers.map((a, i) => (
            // answers carry no id of their own; their order is the visit's
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={i}>
              <p className="care-answers__question">{a.question}</p>
              <p className="care-answers__answer">
                {[...a.options, ...(a.text ? [a.text] : [])].join(', ') || 'No answer'}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <Empty>No answers recorded.</Empty>
      )}
    </>
  );
}

type Dialog = 'approve' | 'deny' | 'request-update' | null;

function DecisionPanel({
  chart,
  visit,
  names,
}: {
  chart: CareChart;
  visit: Visit;
  names: ReadonlyMap<string, string>;
}) {
  const user = useSessionUser();
  const role = user?.role ?? '';
  const navigate = useNavigate();
  const decide = useDecideVisit(visit._id, chart.patient._id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const name = personName(chart.patient);
  const first = visit.products[0] ? requested(visit.products[0], names) : null;

  if (!awaitsReview(visit)) return null;
  const can = {
    approve: staffCan(role, 'approve_visit'),
    deny: staffCan(role, 'deny_visit'),
    update: staffCan(role, 'request_patient_update'),
  };
  if (!can.approve && !can.deny && !can.update) return null;

  const open = (next: Dialog) => {
    decide.reset();
    setDialog(next);
  };
  const close = () => setDialog(null);
  const submit = (input: CareDecisionInput, outcome: (charged: number) => string) =>
    decide.mutate(input, {
      onSuccess: (result) => {
        setDialog(null);
        void navigate(QUEUE_PATH, { state: { outcome: outcome(result.charged) } satisfies QueueOutcome });
      },
    });
  const error = decide.error?.message ?? null;

  return (
    <section className="care-decision" aria-labelledby="care-decision-title">
      <h2 className="care-section__title" id="care-decision-title">
        Decision
      </h2>
      <p className="care-muted">This visit is awaiting review.</p>
      <div className="care-decision__actions">
        {can.approve ? <Button onClick={() => open('approve')}>Approve</Button> : null}
        {can.update ? (
          <Button variant="secondary" onClick={() => open('request-update')}>
            Ask for more
          </Button>
        ) : null}
        {can.deny ? (
          <Button variant="danger" onClick={() => open('deny')}>
            Deny
          </Button>
        ) : null}
      </div>
      {dialog === 'approve' ? (
        <ApproveDialog
          open
          onClose={close}
          pending={decide.isPending}
          error={error}
          defaults={{
            medication: first && first.name !== 'Product' ? first.name : '',
            strength: first?.dosage ?? '',
          }}
          onConfirm={(prescription) =>
            submit({ kind: 'approve', body: { prescription } }, (charged) =>
              charged > 0
                ? `Approved: ${name}'s protocol is active and ${formatMoney(charged)} was charged.`
                : `Approved: ${name}'s protocol is active.`,
            )
          }
        />
      ) : null}
      {dialog === 'deny' ? (
        <DenyDialog
          open
          onClose={close}
          pending={decide.isPending}
          error={error}
          onConfirm={(reason) =>
            submit(
              { kind: 'deny', body: { reason } },
              () => `Denied: ${name} has been told, nothing was charged.`,
            )
          }
        />
      ) : null}
      {dialog === 'request-update' ? (
        <RequestUpdateDialog
          open
          onClose={close}
          pending={decide.isPending}
          error={error}
          onConfirm={(body) =>
            submit(
              { kind: 'request-update', body },
              () =>
                `Sent back to ${name} for ${body.reason === 'photo' ? 'a new photo' : 'more information'}.`,
            )
          }
        />
      ) : null}
    </section>
  );
}
