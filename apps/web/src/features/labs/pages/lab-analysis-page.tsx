import { RANGE_CATEGORIES, RANGE_CATEGORY_LABELS, type RangeCategory } from '@portal/domain/labs/ranges';
import { MESSAGES } from '@portal/domain/messages';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  downloadLabFhir,
  downloadLabResults,
  type LabAnalysis,
  labAnalysisQueryOptions,
  labBioAgeQueryOptions,
} from '../../../api/labs';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { saveFile } from '../../../lib/save-file';
import { useSessionUser } from '../../../lib/session';
import { BioAgeCounter } from '../components/bio-age';
import { BiomarkerCard } from '../components/biomarker-card';
import { MarkdownText } from '../components/markdown-text';
import { OptimizedDonut } from '../components/optimized-donut';
import { formatLabDate } from '../lib/format';
import '../labs.css';

export const DEFAULT_ANALYSIS_TITLE = 'Lab Panel Results';
export const ANALYSIS_LOAD_ERROR = 'We could not load this lab analysis. Please try again.';

function Reviewer({ analysis }: { analysis: LabAnalysis }) {
  const reviewer = analysis.reviewer;
  const date = formatLabDate(analysis.reviewed_at ?? analysis.updated_at);
  if (!reviewer) return date ? <p className="labs-analysis__date">{date}</p> : null;
  const name = `${reviewer.first_name} ${reviewer.last_name}`.trim();
  const initials = `${reviewer.first_name.charAt(0)}${reviewer.last_name.charAt(0)}`.toUpperCase();
  return (
    <div className="labs-reviewer">
      {reviewer.profile_img.url ? (
        <img className="labs-reviewer__avatar" src={reviewer.profile_img.url} alt="" width={44} height={44} />
      ) : (
        <span className="labs-reviewer__avatar labs-reviewer__avatar--initials" aria-hidden="true">
          {initials}
        </span>
      )}
      <p>
        <span className="labs-reviewer__by">Reviewed by {name}</span>
        {date ? <span className="labs-reviewer__date">{date}</span> : null}
      </p>
    </div>
  );
}

function ClinicalMessage({ text }: { text: NonNullable<LabAnalysis['text']> }) {
  const [more, setMore] = useState(false);
  const restId = useId();
  const hasMore = Boolean(text.main.trim() || text.conclusion.trim());
  return (
    <section className="labs-card labs-message" aria-labelledby="labs-message-title">
      <h2 id="labs-message-title">Message from your clinical team</h2>
      <MarkdownText text={text.intro} />
      {hasMore ? (
        <>
          <div id={restId} hidden={!more}>
            {more ? (
              <>
                <MarkdownText text={text.main} />
                <MarkdownText text={text.conclusion} />
              </>
            ) : null}
          </div>
          <button
            type="button"
            className="ui-link labs-message__toggle"
            aria-expanded={more}
            aria-controls={restId}
            onClick={() => setMore((m) => !m)}
          >
            {more ? 'Read Less' : 'Read More'}
          </button>
        </>
      ) : null}
    </section>
  );
}

function BioAgeCard({ analysis }: { analysis: LabAnalysis }) {
  const overview = useQuery({ ...labBioAgeQueryOptions(analysis.panelId), retry: false });
  const used = overview.data?.available && overview.data.reportId === analysis._id ? overview.data : null;
  if (analysis.bioAge === null) return null;
  return (
    <section className="labs-card labs-bioage" aria-labelledby="labs-bioage-title">
      <h2 id="labs-bioage-title">Your Biological Age</h2>
      <BioAgeCounter years={analysis.bioAge} />
      {used ? (
        <p className="labs-bioage__basis">
          PhenoAge from {used.markersUsed.map((m) => m.name).join(', ')}
          {used.takenOn ? `, sample of ${formatLabDate(used.takenOn)}` : ''}.
        </p>
      ) : null}
    </section>
  );
}

function Biomarkers({ analysis }: { analysis: LabAnalysis }) {
  const [category, setCategory] = useState<string | null>(null);
  const [range, setRange] = useState<RangeCategory | null>(null);
  const shown = analysis.markers.filter(
    (m) => (category === null || m.category === category) && (range === null || m.rangeCategory === range),
  );
  return (
    <section className="labs-card labs-biomarkers" aria-labelledby="labs-biomarkers-title">
      <h2 id="labs-biomarkers-title">Biomarkers</h2>
      <div className="labs-filters">
        <fieldset className="labs-filter">
          <legend>Category</legend>
          {[null, ...analysis.panelCategoryNames].map((name) => (
            <button
              key={name ?? 'all'}
              type="button"
              className="labs-chip"
              aria-pressed={category === name}
              onClick={() => setCategory(name)}
            >
              {name ?? 'All'}
            </button>
          ))}
        </fieldset>
        <fieldset className="labs-filter">
          <legend>Range</legend>
          {RANGE_CATEGORIES.map((c) => (
            <button
              key={c}
              type="button"
              className={`labs-chip labs-chip--${c}`}
              aria-pressed={range === c}
              onClick={() => setRange((r) => (r === c ? null : c))}
            >
              {RANGE_CATEGORY_LABELS[c]}
            </button>
          ))}
        </fieldset>
      </div>
      <p className="labs-biomarkers__count" aria-live="polite">
        {shown.length === 1 ? '1 biomarker' : `${shown.length} biomarkers`}
      </p>
      {shown.length > 0 ? (
        <ul className="labs-biomarkers__list">
          {shown.map((m) => (
            <BiomarkerCard key={m.id} marker={m} />
          ))}
        </ul>
      ) : (
        <p className="labs-biomarkers__none">No biomarkers match these filters.</p>
      )}
    </section>
  );
}

/** The Lab analysis (002 §2.4) of one reviewed report. */
export default function LabAnalysisPage() {
  const params = useParams();
  const user = useSessionUser();
  const userId = params.userId ?? user?._id ?? '';
  const reportId = params.id ?? params.reportId ?? '';
  const query = useQuery({ ...labAnalysisQueryOptions(reportId), enabled: !!reportId });
  const [downloading, setDownloading] = useState<'pdf' | 'fhir' | null>(null);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const analysis = query.data;
  const title = analysis?.title?.trim() || DEFAULT_ANALYSIS_TITLE;

  async function download(kind: 'pdf' | 'fhir') {
    setDownloading(kind);
    setDownloadFailed(false);
    try {
      const { blob, fileName } =
        kind === 'pdf' ? await downloadLabResults(reportId, title) : await downloadLabFhir(reportId, title);
      saveFile(blob, fileName);
    } catch {
      setDownloadFailed(true);
    } finally {
      setDownloading(null);
    }
  }

  if (query.isPending) return <PageSpinner label="Loading your lab analysis" />;
  if (!analysis)
    return (
      <section className="labs-analysis">
        <h1 className="labs__title">{DEFAULT_ANALYSIS_TITLE}</h1>
        <Alert tone="error">
          <p>{ANALYSIS_LOAD_ERROR}</p>
          <Button variant="ghost" size="sm" onClick={() => void query.refetch()}>
            {MESSAGES.tryAgain}
          </Button>
        </Alert>
      </section>
    );

  return (
    <article className="labs-analysis" aria-labelledby="labs-analysis-title">
      <header className="labs-analysis__header">
        <div>
          <h1 className="labs__title" id="labs-analysis-title">
            {title}
          </h1>
          <Reviewer analysis={analysis} />
        </div>
        <div className="labs-analysis__actions">
          <Button
            variant="secondary"
            size="sm"
            loading={downloading === 'pdf'}
            onClick={() => void download('pdf')}
          >
            Download
          </Button>
          <Button
            variant="ghost"
            size="sm"
            loading={downloading === 'fhir'}
            onClick={() => void download('fhir')}
          >
            Export (FHIR)
          </Button>
          <Link
            className={buttonClassName({ size: 'sm' })}
            to={`/messages/${encodeURIComponent(userId)}/new`}
          >
            Message
          </Link>
        </div>
      </header>
      {downloadFailed ? (
        <Alert tone="error" onClose={() => setDownloadFailed(false)}>
          <p>{MESSAGES.generic}</p>
        </Alert>
      ) : null}

      {analysis.text ? <ClinicalMessage text={analysis.text} /> : null}

      <div className="labs-analysis__summary">
        {analysis.optimized === null ? null : (
          <section className="labs-card labs-optimized" aria-labelledby="labs-optimized-title">
            <h2 id="labs-optimized-title">Your Optimized Biomarkers</h2>
            <OptimizedDonut percent={analysis.optimized} />
          </section>
        )}
        <BioAgeCard analysis={analysis} />
      </div>

      <Biomarkers analysis={analysis} />
    </article>
  );
}
