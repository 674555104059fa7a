import { labStatusBar } from '@portal/domain/labs/status';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { type LabPanelOverview, labOverviewQueryOptions } from '../../../../api/labs';
import { formatLabDate } from '../../lib/format';
import { HistoryTrend, type TrendPoint } from '../components/history-trend';
import { LabsAppLoadError, LabsAppLoading } from '../components/overview-load-state';
import { PanelNav, panelPath } from '../components/panel-nav';
import '../../labs.css';
import '../overview.css';

export const HISTORY_LOAD_ERROR = 'We could not load the history of this lab panel. Please try again.';
/** The trend reads one overview per earlier reviewed report, only up to this many reports. */
export const TREND_MAX_REPORTS = 6;

type ReportSummary = LabPanelOverview['reports'][number];

/**
 * The optimized percentage and biological age of each reviewed report, oldest first: the latest from the page's
 * own read, the earlier ones read in parallel when there are at most TREND_MAX_REPORTS (none otherwise).
 */
function useTrend(overview: LabPanelOverview | undefined): TrendPoint[] {
  const reviewed = overview?.reports.filter((r) => r.status === 'reviewed') ?? [];
  const latest = overview?.report ?? null;
  const earlier = reviewed.length <= TREND_MAX_REPORTS ? reviewed.filter((r) => r._id !== latest?._id) : [];
  const reads = useQueries({
    queries: earlier.map((r) => ({
      ...labOverviewQueryOptions(overview?.panelId ?? '', r._id),
      retry: false,
    })),
  });
  if (!overview || !latest || reviewed.length > TREND_MAX_REPORTS) return [];
  if (reads.some((q) => q.isPending)) return [];
  const points: TrendPoint[] = [
    {
      reportId: latest._id,
      date: latest.collected_at ?? latest.reviewed_at,
      optimized: latest.optimized,
      bioAge: latest.bioAge,
    },
  ];
  for (const q of reads) {
    const r = q.data?.report;
    if (r)
      points.push({
        reportId: r._id,
        date: r.collected_at ?? r.reviewed_at,
        optimized: r.optimized,
        bioAge: r.bioAge,
      });
  }
  return points.sort((a, b) => String(a.date).localeCompare(String(b.date)));
}

function ReportRow({
  panelId,
  report,
  latestId,
}: {
  panelId: string;
  report: ReportSummary;
  latestId: string | null;
}) {
  const reviewed = report.status === 'reviewed';
  const bar = labStatusBar(report.status);
  const collected = formatLabDate(report.collected_at);
  const reviewedOn = formatLabDate(report.reviewed_at);
  const ordered = formatLabDate(report.created_at);
  const titleId = `labs-history-${report._id}`;
  return (
    <li className="labs-card labs-history__item" aria-labelledby={titleId}>
      <div className="labs-history__head">
        <h2 className="labs-history__title" id={titleId}>
          {report.title}
          {report._id === latestId ? <span className="labs-history__latest"> (latest)</span> : null}
        </h2>
        <span className={`labs-stage labs-stage--${bar.stage}`}>{bar.label}</span>
      </div>
      <dl className="labs-ov__dates">
        {ordered ? (
          <div>
            <dt>Ordered</dt>
            <dd>{ordered}</dd>
          </div>
        ) : null}
        {collected ? (
          <div>
            <dt>Collected</dt>
            <dd>{collected}</dd>
          </div>
        ) : null}
        {reviewedOn ? (
          <div>
            <dt>Reviewed</dt>
            <dd>{reviewedOn}</dd>
          </div>
        ) : null}
      </dl>
      {reviewed ? (
        <div className="labs-ov__actions">
          <Link
            className="labs-ov__more"
            aria-describedby={titleId}
            to={
              report._id === latestId
                ? panelPath(panelId)
                : panelPath(panelId, `history/${encodeURIComponent(report._id)}`)
            }
          >
            View results
          </Link>
          <Link
            className="labs-ov__more"
            aria-describedby={titleId}
            to={panelPath(panelId, `analysis-summary/${encodeURIComponent(report._id)}`)}
          >
            Analysis summary
          </Link>
        </div>
      ) : (
        <p className="labs-ov__muted">Results show here once your care team has reviewed them.</p>
      )}
    </li>
  );
}

/** A panel's reports in the labs app (002 §2.3), newest first, with the trend of the reviewed ones. */
export default function PanelHistoryPage() {
  const params = useParams();
  const panelId = params.panelId ?? '';
  const query = useQuery({ ...labOverviewQueryOptions(panelId), enabled: !!panelId });
  const overview = query.data;
  const trend = useTrend(overview);

  if (query.isPending)
    return (
      <div className="labs-ov">
        <PanelNav />
        <LabsAppLoading label="Loading the history of your lab panel" />
      </div>
    );
  if (!overview)
    return (
      <div className="labs-ov">
        <PanelNav />
        <LabsAppLoadError
          error={query.error}
          message={HISTORY_LOAD_ERROR}
          onRetry={() => void query.refetch()}
        />
      </div>
    );

  const latestId = overview.reports.find((r) => r.status === 'reviewed')?._id ?? null;
  return (
    <section className="labs-ov" aria-labelledby="labs-history-title">
      <PanelNav panelName={overview.name} />
      <header className="labs-ov__header">
        <h1 className="labs__title" id="labs-history-title">
          {overview.name}: history
        </h1>
      </header>
      <HistoryTrend points={trend} />
      {overview.reports.length === 0 ? (
        <p className="labs-ov__muted">No reports of this panel yet.</p>
      ) : (
        <ul className="labs-history" aria-label="Reports of this panel">
          {overview.reports.map((r) => (
            <ReportRow key={r._id} panelId={panelId} report={r} latestId={latestId} />
          ))}
        </ul>
      )}
    </section>
  );
}
