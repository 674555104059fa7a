import type { CareChart } from '@portal/domain/contracts/care';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { careChartQueryOptions } from '../../../api/care/chart';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime, identityLabel, personName, visitStage } from '../lib/labels';
import { chartPath } from '../lib/paths';
import { Badge } from './badge';

const words = (value: string) => value.replace(/[_-]+/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** A medical-history answer as a line of text ('None' for an empty list). */
function historyValue(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value)) return value.map(String).join(', ') || 'None';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return null;
  return String(value);
}

/** The history answers a reply most often depends on, when the chart has them. */
const HISTORY_KEYS = ['allergies', 'medications', 'current_medications', 'conditions', 'pregnant'];

function Summary({ chart }: { chart: CareChart }) {
  const { patient, identity } = chart;
  const badge = identityLabel(identity.verification_status);
  const visit = chart.visits[0];
  const stage = visit ? visitStage(visit) : null;
  const history = HISTORY_KEYS.flatMap((key) => {
    const value = historyValue(chart.medical_history?.[key]);
    return value === null ? [] : [[words(key), value] as const];
  });
  const subscriptions = chart.subscriptions.filter((s) => !['canceled', 'cancelled'].includes(s.status));
  return (
    <>
      <p className="inbox-patient__facts">
        <span>{patient.age === null ? 'Age unknown' : `${patient.age} years`}</span>
        <span>{patient.sex ? words(patient.sex) : 'Sex unknown'}</span>
        <span>{patient.state ?? 'State unknown'}</span>
      </p>
      <p>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </p>
      <dl className="inbox-patient__list">
        {history.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div>
          <dt>Latest visit</dt>
          <dd>
            {visit && stage ? (
              <>
                {visit.template} <Badge tone={stage.tone}>{stage.label}</Badge>
                {visit.submitted_at ? (
                  <span className="care-muted"> · {formatDateTime(visit.submitted_at)}</span>
                ) : null}
              </>
            ) : (
              'No visit yet'
            )}
          </dd>
        </div>
        <div>
          <dt>Treatments</dt>
          <dd>
            {subscriptions.length ? (
              <ul className="inbox-patient__subs">
                {subscriptions.map((s) => (
                  <li key={s._id}>
                    {s.name} <span className="care-muted">({words(s.status)})</span>
                  </li>
                ))}
              </ul>
            ) : (
              'None'
            )}
          </dd>
        </div>
        <div>
          <dt>Contact</dt>
          <dd className="inbox-patient__contact">
            {patient.email}
            {patient.mobile_number ? <span>{patient.mobile_number}</span> : null}
          </dd>
        </div>
      </dl>
      <Link className="inbox-patient__chart" to={chartPath(patient._id)}>
        Open the full chart of {personName(patient)}
      </Link>
    </>
  );
}

/** The patient's chart in brief beside the thread, from the chart's own read; the full chart is a link away. */
export function ThreadPatient({ patientId }: { patientId: string }) {
  const chart = useQuery(careChartQueryOptions(patientId));
  if (chart.isPending) return <Spinner label="Loading the patient's chart" />;
  if (chart.isError)
    return (
      <div className="inbox-patient__error">
        <Alert tone="error">{chart.error.message}</Alert>
        <Button size="sm" variant="secondary" loading={chart.isFetching} onClick={() => void chart.refetch()}>
          Try again
        </Button>
        <Link to={chartPath(patientId)}>Open the full chart</Link>
      </div>
    );
  return <Summary chart={chart.data} />;
}
