import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { labOverviewQueryOptions, labReportAnalysisQueryOptions } from '../../../../api/labs';
import { buttonClassName } from '../../../../components/ui/button';
import { useSessionUser } from '../../../../lib/session';
import { MarkdownText } from '../../components/markdown-text';
import {
  ASSESSMENT_STEPS,
  type AssessmentStep,
  assessmentStep,
  assessmentStepPath,
} from '../components/assessment-steps';
import { LabsAppLoadError, LabsAppLoading, LabsNotFound } from '../components/overview-load-state';
import { PanelNav, panelPath } from '../components/panel-nav';
import { SummaryMarkerList } from '../components/summary-marker-list';
import '../../labs.css';
import '../overview.css';

export const ASSESSMENT_LOAD_ERROR = 'We could not load your assessment. Please try again.';

const INTRO: Record<1 | 2 | 3, string> = {
  1: 'These biomarkers are in their optimal range: what you are doing is working for them.',
  2: 'These biomarkers are in range but outside the optimal band: small changes can move them.',
  3: 'These biomarkers are outside their reference range: your care team will help you bring them back.',
};

function StepList({ panelId, current }: { panelId: string; current: AssessmentStep }) {
  return (
    <ol className="labs-steps" aria-label="Assessment steps">
      {ASSESSMENT_STEPS.map((s) => (
        <li key={s.number} className="labs-steps__item">
          <Link
            className="labs-steps__link"
            to={assessmentStepPath(panelId, s.number)}
            aria-current={s.number === current.number ? 'step' : undefined}
          >
            <span className="labs-steps__number" aria-hidden="true">
              {s.number}
            </span>
            <span className="labs-steps__title">{s.title}</span>
          </Link>
        </li>
      ))}
    </ol>
  );
}

/**
 * A guided walk through the latest reviewed report (002 §2.3): step 1 Optimal, 2 Needs Improvement, 3 Needs
 * Attention, 4 Next steps. A step is named by its number or by its range (optimal, borderline, high-low).
 */
export default function AssessmentOverviewPage() {
  const params = useParams();
  const panelId = params.panelId ?? '';
  const step = assessmentStep(params.step);
  const user = useSessionUser();
  const query = useQuery({ ...labReportAnalysisQueryOptions(panelId), enabled: !!panelId && step !== null });
  const overview = useQuery({ ...labOverviewQueryOptions(panelId), enabled: !!panelId && step !== null });
  const panelName = overview.data?.name;

  if (!step) return <LabsNotFound />;
  if (query.isPending)
    return (
      <div className="labs-ov">
        <PanelNav panelName={panelName} />
        <LabsAppLoading label="Loading your assessment" />
      </div>
    );
  const analysis = query.data;
  if (!analysis)
    return (
      <div className="labs-ov">
        <PanelNav panelName={panelName} />
        <LabsAppLoadError
          error={query.error}
          message={ASSESSMENT_LOAD_ERROR}
          onRetry={() => void query.refetch()}
        />
      </div>
    );

  const markers = step.range === null ? [] : analysis.markers.filter((m) => m.rangeCategory === step.range);
  const prev = ASSESSMENT_STEPS[step.number - 2];
  const next = ASSESSMENT_STEPS[step.number];
  return (
    <article className="labs-ov" aria-labelledby="labs-assessment-title">
      <PanelNav panelName={panelName} />
      <header className="labs-ov__header">
        <div>
          <p className="labs-ov__eyebrow">
            Your assessment ·{' '}
            <span>
              Step {step.number} of {ASSESSMENT_STEPS.length}
            </span>
          </p>
          <h1 className="labs__title" id="labs-assessment-title">
            {step.title}
          </h1>
        </div>
      </header>
      <StepList panelId={panelId} current={step} />

      {step.range === null ? (
        <section className="labs-card" aria-labelledby="labs-assessment-next-title">
          <h2 id="labs-assessment-next-title">What comes next</h2>
          {analysis.text?.conclusion.trim() ? (
            <MarkdownText text={analysis.text.conclusion} />
          ) : (
            <p>Your care team is here for any question about your results.</p>
          )}
          <ul className="labs-ov-next">
            <li>
              <Link
                className={buttonClassName({})}
                to={`/messages/${encodeURIComponent(user?._id ?? '')}/new`}
              >
                Message your care team
              </Link>
            </li>
            <li>
              <Link
                className={buttonClassName({ variant: 'secondary' })}
                to={panelPath(panelId, 'preparation-guideline')}
              >
                Prepare for your next draw
              </Link>
            </li>
            <li>
              <Link
                className={buttonClassName({ variant: 'secondary' })}
                to={panelPath(panelId, 'biological-age')}
              >
                Your biological age
              </Link>
            </li>
          </ul>
        </section>
      ) : (
        <section className="labs-card" aria-labelledby="labs-assessment-markers-title">
          <h2 id="labs-assessment-markers-title">
            {markers.length} {markers.length === 1 ? 'biomarker' : 'biomarkers'}
          </h2>
          <p>{INTRO[step.number]}</p>
          {markers.length > 0 ? (
            <SummaryMarkerList markers={markers} panelId={panelId} reportId={null} label={step.title} />
          ) : (
            <p className="labs-ov__muted">None of your biomarkers is in this range.</p>
          )}
        </section>
      )}

      <nav className="labs-steps__pager" aria-label="Previous and next step">
        {prev ? (
          <Link
            className={buttonClassName({ variant: 'secondary' })}
            to={assessmentStepPath(panelId, prev.number)}
          >
            ‹ Previous: {prev.title}
          </Link>
        ) : (
          <Link className={buttonClassName({ variant: 'secondary' })} to={panelPath(panelId)}>
            ‹ Back to overview
          </Link>
        )}
        {next ? (
          <Link className={buttonClassName({})} to={assessmentStepPath(panelId, next.number)}>
            Next: {next.title} ›
          </Link>
        ) : (
          <Link className={buttonClassName({})} to={panelPath(panelId)}>
            Done
          </Link>
        )}
      </nav>
    </article>
  );
}
