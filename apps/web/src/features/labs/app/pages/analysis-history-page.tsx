import { displayValue, RANGE_CATEGORY_LABELS } from '@portal/domain/labs/ranges';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { type LabMarker, labOverviewQueryOptions, labReportAnalysisQueryOptions } from '../../../../api/labs';
import { formatLabDate } from '../../lib/format';
import { compareReports, type MarkerChange } from '../components/history-compare';
import { LabsAppLoadError, LabsAppLoading } from '../components/overview-load-state';
import { PanelNav, panelPath } from '../components/panel-nav';
import { biomarkerPath } from '../components/summary-marker-list';
import '../../labs.css';
import '../overview.css';

export const ANALYSIS_HISTORY_LOAD_ERROR = 'We could not load your earlier summaries. Please try again.';
export const COMPARE_LOAD_ERROR = 'We could not compare this report with the one before it.';

const CHANGE_LABELS: Record<MarkerChange, string> = {
  improved: 'Improved',
  worsened: 'Worsened',
  unchanged: 'Unchanged',
};

const summaryPath = (panelId: string, reportId: string) =>
  panelPath(panelId, `analysis-summary/${encodeURIComponent(reportId)}`);

const category = (m: LabMarker) => (m.rangeCategory ? RANGE_CATEGORY_LABELS[m.rangeCategory] : 'No range');

/** "What changed" between this report and the reviewed one before it, markers that moved category first. */
function WhatChanged({
  panelId,
  reportId,
  previousId,
  previousDate,
  latest,
}: {
  panelId: string;
  reportId: string;
  previousId: string;
  previousDate: string;
  latest: boolean;
}) {
  const current = useQuery(labReportAnalysisQueryOptions(panelId, reportId));
  const previous = useQuery(labReportAnalysisQueryOptions(panelId, previousId));
  if (current.isPending || previous.isPending) return <LabsAppLoading label="Comparing your reports" />;
  if (!current.data || !previous.data) return <p role="alert">{COMPARE_LOAD_ERROR}</p>;
  const rows = compareReports(previous.data.markers, current.data.markers);
  const moved = rows.filter((r) => r.change !== 'unchanged').length;
  return (
    <>
      <p className="labs-ov__muted">
        Compared with your report of {previousDate}: {moved} of {rows.length}{' '}
        {rows.length === 1 ? 'biomarker' : 'biomarkers'} changed range.
      </p>
      <ul className="labs-change" aria-label="Biomarker changes">
        {rows.map((r) => (
          <li key={r.id} className={`labs-change__row labs-change__row--${r.change}`}>
            <Link className="labs-change__name" to={biomarkerPath(panelId, r.id, latest ? null : reportId)}>
              {r.name}
            </Link>
            <span className="labs-change__values">
              {displayValue(r.before.value)} {r.before.unit} → <strong>{displayValue(r.after.value)}</strong>{' '}
              {r.after.unit}
            </span>
            <span className="labs-change__categories">
              {r.change === 'unchanged' ? category(r.after) : `${category(r.before)} → ${category(r.after)}`}
            </span>
            <span className={`labs-change__badge labs-change__badge--${r.change}`}>
              {CHANGE_LABELS[r.change]}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Earlier analysis summaries of a panel (002 §2.3): its reviewed reports, each linking to its summary, and what
 * changed between this report and the reviewed one before it.
 */
export default function AnalysisHistoryPage() {
  const params = useParams();
  const panelId = params.panelId ?? '';
  const reportId = params.reportId ?? '';
  const query = useQuery({ ...labOverviewQueryOptions(panelId), enabled: !!panelId });
  const overview = query.data;

  if (query.isPending)
    return (
      <div className="labs-ov">
        <PanelNav />
        <LabsAppLoading label="Loading your earlier summaries" />
      </div>
    );
  if (!overview)
    return (
      <div className="labs-ov">
        <PanelNav />
        <LabsAppLoadError
          error={query.error}
          message={ANALYSIS_HISTORY_LOAD_ERROR}
          onRetry={() => void query.refetch()}
        />
      </div>
    );

  const reviewed = overview.reports.filter((r) => r.status === 'reviewed');
  const at = reviewed.findIndex((r) => r._id === reportId);
  const current = at >= 0 ? reviewed[at] : undefined;
  const previous = at >= 0 ? reviewed[at + 1] : undefined;
  const dateOf = (r: { collected_at: string | null; reviewed_at: string | null; created_at: string }) =>
    formatLabDate(r.collected_at ?? r.reviewed_at ?? r.created_at);

  return (
    <article className="labs-ov" aria-labelledby="labs-ahistory-title">
      <PanelNav panelName={overview.name} />
      <header className="labs-ov__header">
        <div>
          <p className="labs-ov__eyebrow">{overview.name}</p>
          <h1 className="labs__title" id="labs-ahistory-title">
            Earlier summaries
          </h1>
        </div>
        {current ? (
          <Link className="labs-ov__more" to={summaryPath(panelId, reportId)}>
            Back to the summary of {dateOf(current)}
          </Link>
        ) : null}
      </header>

      <section className="labs-card" aria-labelledby="labs-ahistory-list-title">
        <h2 id="labs-ahistory-list-title">Reviewed reports</h2>
        {reviewed.length === 0 ? (
          <p className="labs-ov__muted">No report of this panel has been reviewed yet.</p>
        ) : (
          <ul className="labs-ahistory">
            {reviewed.map((r) => (
              <li key={r._id} className="labs-ahistory__row">
                <Link to={summaryPath(panelId, r._id)} aria-current={r._id === reportId ? 'page' : undefined}>
                  {r.title}
                </Link>
                <span className="labs-ov__muted">
                  Collected {dateOf(r)}
                  {r.reviewed_at ? `, reviewed ${formatLabDate(r.reviewed_at)}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="labs-card" aria-labelledby="labs-ahistory-changes-title">
        <h2 id="labs-ahistory-changes-title">What changed</h2>
        {!current ? (
          <p className="labs-ov__muted">This report is not among the panel’s reviewed reports.</p>
        ) : !previous ? (
          <p className="labs-ov__muted">
            This is the first reviewed report of this panel: there is nothing to compare it with yet.
          </p>
        ) : (
          <WhatChanged
            panelId={panelId}
            reportId={reportId}
            previousId={previous._id}
            previousDate={dateOf(previous)}
            latest={at === 0}
          />
        )}
      </section>
    </article>
  );
}
