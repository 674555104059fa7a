import { RANGE_CATEGORIES, RANGE_CATEGORY_LABELS, type RangeCategory } from '@portal/domain/labs/ranges';
import { MESSAGES } from '@portal/domain/messages';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { downloadLabResults, type LabPanelOverview, labOverviewQueryOptions } from '../../../../api/labs';
import { Alert } from '../../../../components/ui/alert';
import { Button, buttonClassName } from '../../../../components/ui/button';
import { saveFile } from '../../../../lib/save-file';
import { OptimizedDonut } from '../../components/optimized-donut';
import { StatusBar } from '../../components/status-bar';
import { formatLabDate } from '../../lib/format';
import { assessmentStepPath } from '../components/assessment-steps';
import { OverviewBioAge } from '../components/overview-bio-age';
import { LabsAppLoadError, LabsAppLoading } from '../components/overview-load-state';
import { PanelNav, panelPath } from '../components/panel-nav';
import '../../labs.css';
import '../overview.css';

export const OVERVIEW_LOAD_ERROR = 'We could not load this lab panel. Please try again.';
export const NOT_READY_TITLE = 'Your results are not ready yet';

type Report = NonNullable<LabPanelOverview['report']>;

function Dates({ report }: { report: Report }) {
  const collected = formatLabDate(report.collected_at);
  const reviewed = formatLabDate(report.reviewed_at);
  if (!collected && !reviewed) return null;
  return (
    <dl className="labs-ov__dates">
      {collected ? (
        <div>
          <dt>Collected</dt>
          <dd>{collected}</dd>
        </div>
      ) : null}
      {reviewed ? (
        <div>
          <dt>Reviewed</dt>
          <dd>{reviewed}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function RangeCounts({ panelId, report, linked }: { panelId: string; report: Report; linked: boolean }) {
  return (
    <ul className="labs-ov-ranges" aria-label="Biomarkers by range">
      {RANGE_CATEGORIES.map((c: RangeCategory) => {
        const count = report.rangeCounts[c];
        const body = (
          <>
            <span className="labs-ov-ranges__count">{count}</span>
            <span className="labs-ov-ranges__label">{RANGE_CATEGORY_LABELS[c]}</span>
          </>
        );
        return (
          <li key={c} className={`labs-ov-ranges__item labs-ov-ranges__item--${c}`}>
            {linked ? (
              <Link
                className="labs-ov-ranges__link"
                to={assessmentStepPath(panelId, c)}
                aria-label={`${RANGE_CATEGORY_LABELS[c]}: ${count} ${count === 1 ? 'biomarker' : 'biomarkers'}`}
              >
                {body}
              </Link>
            ) : (
              <span className="labs-ov-ranges__link">{body}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function NotReady({ overview }: { overview: LabPanelOverview }) {
  const panelId = overview.panelId;
  return (
    <section className="labs-card labs-ov-pending" aria-labelledby="labs-ov-pending-title">
      <h2 id="labs-ov-pending-title">{NOT_READY_TITLE}</h2>
      <StatusBar status={overview.latestReport.status.id} />
      <p>
        Your care team reviews every result before it shows here; we will let you know as soon as they are
        ready. Until then, make sure you are prepared for your lab visit.
      </p>
      <div className="labs-ov__actions">
        <Link className={buttonClassName({})} to={panelPath(panelId, 'preparation-guideline')}>
          Preparation guideline
        </Link>
        <Link className={buttonClassName({ variant: 'secondary' })} to="/lab-instructions">
          Lab Instructions
        </Link>
      </div>
    </section>
  );
}

function Results({
  overview,
  report,
  older,
}: {
  overview: LabPanelOverview;
  report: Report;
  older: boolean;
}) {
  const panelId = overview.panelId;
  // an older report's categories and biomarkers are shown as that report had them
  const ofReport = older ? `?reportId=${encodeURIComponent(report._id)}` : '';
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState(false);

  async function download() {
    setDownloading(true);
    setFailed(false);
    try {
      const { blob, fileName } = await downloadLabResults(report._id, report.title || overview.name);
      saveFile(blob, fileName);
    } catch {
      setFailed(true);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <>
      <div className="labs-ov__actions">
        <Link
          className={buttonClassName({})}
          to={panelPath(panelId, `analysis-summary/${encodeURIComponent(report._id)}`)}
        >
          Read the analysis summary
        </Link>
        <Button variant="secondary" loading={downloading} onClick={() => void download()}>
          Download results (PDF)
        </Button>
      </div>
      {failed ? (
        <Alert tone="error" onClose={() => setFailed(false)}>
          <p>{MESSAGES.generic}</p>
        </Alert>
      ) : null}

      <div className="labs-ov__summary">
        <section className="labs-card labs-ov-score" aria-labelledby="labs-ov-score-title">
          <h2 id="labs-ov-score-title">Your optimized biomarkers</h2>
          <div className="labs-ov-score__body">
            {report.optimized === null ? (
              <p className="labs-ov__muted">No biomarker of this report has a range yet.</p>
            ) : (
              <OptimizedDonut percent={report.optimized} />
            )}
            <div className="labs-ov-score__ranges">
              <p className="labs-ov__muted">
                {report.markerCount} {report.markerCount === 1 ? 'biomarker' : 'biomarkers'} measured
              </p>
              <RangeCounts panelId={panelId} report={report} linked={!older} />
              {older ? null : (
                <Link className="labs-ov__more" to={assessmentStepPath(panelId, 1)}>
                  Walk through your results
                </Link>
              )}
            </div>
          </div>
        </section>
        {report.bioAge === null ? null : (
          <OverviewBioAge panelId={panelId} reportId={report._id} bioAge={report.bioAge} />
        )}
      </div>

      <section className="labs-ov-categories" aria-labelledby="labs-ov-categories-title">
        <div className="labs-ov__section-head">
          <h2 id="labs-ov-categories-title">Categories</h2>
          <Link className="labs-ov__more" to={`${panelPath(panelId, 'biomarkers')}${ofReport}`}>
            All biomarkers
          </Link>
        </div>
        <ul className="labs-ov-categories__grid">
          {report.categories.map((c) => (
            <li key={c.slug}>
              <Link
                className="labs-ov-categories__card"
                to={`${panelPath(panelId, `categories/${encodeURIComponent(c.slug)}`)}${ofReport}`}
              >
                <span className="labs-ov-categories__name">{c.name}</span>
                <span className="labs-ov-categories__count">
                  {c.markerCount} {c.markerCount === 1 ? 'biomarker' : 'biomarkers'}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/**
 * A panel's overview in the labs app (002 §2.3): the latest reviewed report at /labs/{panelId}, an older one at
 * /labs/{panelId}/history/{reportId}; or, before any is reviewed, where the latest report stands.
 */
export default function PanelOverviewPage() {
  const params = useParams();
  const panelId = params.panelId ?? '';
  const reportId = params.reportId ?? null;
  const query = useQuery({ ...labOverviewQueryOptions(panelId, reportId), enabled: !!panelId });
  const overview = query.data;

  if (query.isPending)
    return (
      <div className="labs-ov">
        <PanelNav />
        <LabsAppLoading label="Loading your lab panel" />
      </div>
    );
  if (!overview)
    return (
      <div className="labs-ov">
        <PanelNav />
        <LabsAppLoadError
          error={query.error}
          message={OVERVIEW_LOAD_ERROR}
          onRetry={() => void query.refetch()}
        />
      </div>
    );

  const report = overview.report;
  const latestReviewed = overview.reports.find((r) => r.status === 'reviewed')?._id ?? null;
  const older = reportId !== null && report !== null && report._id !== latestReviewed;
  return (
    <article className="labs-ov" aria-labelledby="labs-ov-title">
      <PanelNav panelName={overview.name} />
      <header className="labs-ov__header">
        <div>
          <h1 className="labs__title" id="labs-ov-title">
            {overview.name}
          </h1>
          {report ? <Dates report={report} /> : null}
        </div>
      </header>
      {older && report ? (
        <Alert tone="info" className="labs-ov__older">
          <p>
            You are viewing the report of{' '}
            {formatLabDate(report.collected_at ?? report.reviewed_at) || 'an earlier date'}.{' '}
            <Link to={panelPath(panelId)}>See your latest results</Link>
          </p>
        </Alert>
      ) : null}
      {report ? (
        <Results overview={overview} report={report} older={older} />
      ) : (
        <NotReady overview={overview} />
      )}
    </article>
  );
}
