import { MESSAGES } from '@portal/domain/messages';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  downloadLabResults,
  labOverviewQueryOptions,
  labReportAnalysisQueryOptions,
} from '../../../../api/labs';
import { Alert } from '../../../../components/ui/alert';
import { Button, buttonClassName } from '../../../../components/ui/button';
import { saveFile } from '../../../../lib/save-file';
import { useSessionUser } from '../../../../lib/session';
import { BioAgeCounter } from '../../components/bio-age';
import { MarkdownText } from '../../components/markdown-text';
import { OptimizedDonut } from '../../components/optimized-donut';
import { LabsAppLoadError, LabsAppLoading } from '../components/overview-load-state';
import { PanelNav, panelPath } from '../components/panel-nav';
import { SummaryMarkerList } from '../components/summary-marker-list';
import { SummaryReviewer } from '../components/summary-reviewer';
import '../../labs.css';
import '../overview.css';

export const SUMMARY_LOAD_ERROR = 'We could not load this analysis summary. Please try again.';
export const DEFAULT_SUMMARY_TITLE = 'Lab Panel Results';

/**
 * The clinical team's review of one report (002 §2.3): who reviewed it and when, their whole message, the
 * optimized percentage, the biological age and what to focus on (Needs Attention, then Needs Improvement).
 */
export default function AnalysisSummaryPage() {
  const params = useParams();
  const panelId = params.panelId ?? '';
  const reportId = params.reportId ?? '';
  const user = useSessionUser();
  const query = useQuery({
    ...labReportAnalysisQueryOptions(panelId, reportId),
    enabled: !!panelId && !!reportId,
  });
  // the panel's name and whether this is its latest reviewed report (biomarker links then go to the latest)
  const overview = useQuery({ ...labOverviewQueryOptions(panelId), enabled: !!panelId });
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState(false);
  const analysis = query.data;
  const panelName = overview.data?.name;
  const title = analysis?.title?.trim() || DEFAULT_SUMMARY_TITLE;

  async function download() {
    setDownloading(true);
    setFailed(false);
    try {
      const { blob, fileName } = await downloadLabResults(reportId, title);
      saveFile(blob, fileName);
    } catch {
      setFailed(true);
    } finally {
      setDownloading(false);
    }
  }

  if (query.isPending)
    return (
      <div className="labs-ov">
        <PanelNav panelName={panelName} />
        <LabsAppLoading label="Loading the analysis summary" />
      </div>
    );
  if (!analysis)
    return (
      <div className="labs-ov">
        <PanelNav panelName={panelName} />
        <LabsAppLoadError
          error={query.error}
          message={SUMMARY_LOAD_ERROR}
          onRetry={() => void query.refetch()}
        />
      </div>
    );

  const latestId = overview.data?.reports.find((r) => r.status === 'reviewed')?._id;
  const linkReport = latestId === analysis._id ? null : analysis._id;
  const attention = analysis.markers.filter((m) => m.rangeCategory === 'high-low');
  const improvement = analysis.markers.filter((m) => m.rangeCategory === 'borderline');
  return (
    <article className="labs-ov" aria-labelledby="labs-summary-title">
      <PanelNav panelName={panelName} />
      <header className="labs-ov__header">
        <div>
          <p className="labs-ov__eyebrow">Analysis summary</p>
          <h1 className="labs__title" id="labs-summary-title">
            {title}
          </h1>
          <SummaryReviewer analysis={analysis} />
        </div>
        <div className="labs-ov__actions">
          <Button variant="secondary" size="sm" loading={downloading} onClick={() => void download()}>
            Download PDF
          </Button>
          <Link
            className={buttonClassName({ size: 'sm' })}
            to={`/messages/${encodeURIComponent(user?._id ?? '')}/new`}
          >
            Message
          </Link>
        </div>
      </header>
      {failed ? (
        <Alert tone="error" onClose={() => setFailed(false)}>
          <p>{MESSAGES.generic}</p>
        </Alert>
      ) : null}

      {analysis.text ? (
        <section className="labs-card labs-message" aria-labelledby="labs-summary-message-title">
          <h2 id="labs-summary-message-title">Message from your clinical team</h2>
          <MarkdownText text={analysis.text.intro} />
          <MarkdownText text={analysis.text.main} />
          <MarkdownText text={analysis.text.conclusion} />
        </section>
      ) : null}

      <div className="labs-ov__summary">
        {analysis.optimized === null ? null : (
          <section className="labs-card labs-optimized" aria-labelledby="labs-summary-optimized-title">
            <h2 id="labs-summary-optimized-title">Your Optimized Biomarkers</h2>
            <OptimizedDonut percent={analysis.optimized} />
          </section>
        )}
        {analysis.bioAge === null ? null : (
          <section className="labs-card labs-bioage" aria-labelledby="labs-summary-bioage-title">
            <h2 id="labs-summary-bioage-title">Your Biological Age</h2>
            <BioAgeCounter years={analysis.bioAge} />
          </section>
        )}
      </div>

      <section className="labs-card" aria-labelledby="labs-summary-focus-title">
        <h2 id="labs-summary-focus-title">What to focus on</h2>
        {attention.length + improvement.length === 0 ? (
          <p>Every biomarker with a range is optimal. Keep it up.</p>
        ) : (
          <>
            {attention.length > 0 ? (
              <>
                <h3 className="labs-ov__subhead">Needs Attention</h3>
                <SummaryMarkerList
                  markers={attention}
                  panelId={panelId}
                  reportId={linkReport}
                  label="Needs Attention"
                />
              </>
            ) : null}
            {improvement.length > 0 ? (
              <>
                <h3 className="labs-ov__subhead">Needs Improvement</h3>
                <SummaryMarkerList
                  markers={improvement}
                  panelId={panelId}
                  reportId={linkReport}
                  label="Needs Improvement"
                />
              </>
            ) : null}
          </>
        )}
      </section>

      <Link
        className="labs-ov__more"
        to={panelPath(panelId, `analysis-summary/${encodeURIComponent(analysis._id)}/history`)}
      >
        Earlier summaries
      </Link>
    </article>
  );
}
