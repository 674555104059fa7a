import { isObjectId } from '@portal/domain/ids';
import { categorySlug } from '@portal/domain/labs/biomarkers';
import { displayValue } from '@portal/domain/labs/ranges';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { type LabBiomarkerDetail, labMarkerQueryOptions } from '../../../../api/labs';
import { PageSpinner } from '../../../../components/ui/spinner';
import { BarChart } from '../../components/bar-chart';
import { formatLabDate } from '../../lib/format';
import { MarkerBadge } from '../components/marker-badge';
import { markerPath } from '../components/marker-card';
import { MarkerLayersList } from '../components/marker-layers';
import { awaitingResults, isNotFound, MarkerLoadError, throwNotFound } from '../components/marker-page-state';
import { usePanelOverview } from '../components/marker-panel-name';
import { classificationText, markerLayers, unitLabel } from '../components/marker-ranges';
import { PanelNav, panelPath } from '../components/panel-nav';
import { TrendChart } from '../components/trend-chart';
import '../../labs.css';
import '../markers.css';

export const MARKER_LOAD_ERROR = 'We could not load this biomarker. Please try again.';

/**
 * The latest change in words: "12 mg/dL lower than on June 21st 2026 (96 mg/dL)". Direction only: whether a
 * change is good depends on the biomarker and its ranges, which the badge and the table say.
 */
export function changeText(points: LabBiomarkerDetail['history']['points'], unit: string): string | null {
  const last = points.at(-1);
  const before = points.at(-2);
  if (!last || !before) return null;
  const u = unit ? ` ${unit}` : '';
  const now = displayValue(last.value);
  const then = displayValue(before.value);
  const since = `on ${formatLabDate(before.takenOn)} (${then}${u})`;
  if (now === then) return `The same as ${since}.`;
  const by = displayValue(Math.abs(now - then));
  return `${by}${u} ${now > then ? 'higher' : 'lower'} than ${since}.`;
}

function History({
  detail,
  panelId,
  shownReportId,
}: {
  detail: LabBiomarkerDetail;
  panelId: string;
  shownReportId: string | null;
}) {
  const { marker, history } = detail;
  const change = changeText(history.points, unitLabel(history.unit));
  const unit = unitLabel(history.unit);
  // the bands are drawn only when they are in the points' unit
  const layers = marker && marker.ucum === history.unit ? markerLayers(marker.ranges) : null;
  return (
    <section className="markers-card" aria-labelledby="marker-trend-title">
      <h2 id="marker-trend-title">Over time</h2>
      {change ? <p className="marker-change">Latest result: {change}</p> : null}
      {history.points.length > 0 ? (
        <TrendChart
          name={detail.name}
          unit={unit}
          points={history.points}
          optimal={layers?.optimal ?? null}
          reference={layers?.reference ?? null}
          hrefOf={(p) => markerPath(panelId, detail.id, p.reportId)}
          currentReportId={shownReportId}
        />
      ) : (
        <p>No results of {detail.name} to show over time yet.</p>
      )}
      {history.apart.length > 0 ? (
        <div className="marker-apart">
          <h3>Results in another unit</h3>
          <p>
            {history.apart.length === 1 ? 'This result was' : 'These results were'} reported in a unit that
            cannot be converted to {unit || 'the unit of the chart'}: it measures {detail.name} a different
            way, so {history.apart.length === 1 ? 'it is' : 'they are'} listed here and not drawn on the
            chart.
          </p>
          <ul className="marker-apart__list">
            {history.apart.map((p) => (
              <li key={`${p.reportId}-${p.takenOn}-${p.unit}`}>
                <span>{formatLabDate(p.takenOn)}</span>{' '}
                <strong>
                  {displayValue(p.value)} {unitLabel(p.unit)}
                </strong>{' '}
                <span className="marker-apart__range">{classificationText(p.classification)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/**
 * The shown result in its history (for its date, and to mark it in the table): the point of the asked report,
 * else the newest result of the same value (the latest report's; the marker does not name its report).
 */
function shownResult(detail: LabBiomarkerDetail, reportId: string | null) {
  const all = [...detail.history.points, ...detail.history.apart];
  if (reportId) return all.find((p) => p.reportId === reportId) ?? null;
  return all.filter((p) => p.value === detail.marker?.value).at(-1) ?? null;
}

/**
 * One biomarker of a panel (002 §2.3): its value in the chosen report (?reportId=, else the latest) with its
 * badge, bar and the laboratory's and the clinic's ranges, what it means and what to do, and its history.
 */
export default function BiomarkerPage() {
  const { panelId = '', biomarkerId = '' } = useParams();
  const overview = usePanelOverview(panelId);
  const panelName = overview.data?.name;
  const [search] = useSearchParams();
  const asked = search.get('reportId');
  const reportId = asked && isObjectId(asked) ? asked : null;
  const query = useQuery(labMarkerQueryOptions(panelId, biomarkerId, reportId));

  if (query.isPending)
    return (
      <div className="markers-page">
        <PanelNav panelName={panelName} />
        <PageSpinner label="Loading the biomarker" />
      </div>
    );
  if (query.isError && isNotFound(query.error)) throwNotFound();
  const detail = query.data;
  if (!detail)
    return (
      <div className="markers-page">
        <PanelNav panelName={panelName} />
        <MarkerLoadError title="Biomarker" message={MARKER_LOAD_ERROR} onRetry={() => void query.refetch()} />
      </div>
    );

  const { marker, history } = detail;
  const slug = marker?.categorySlug ?? categorySlug(detail.category);
  const shown = marker ? shownResult(detail, reportId) : null;
  const takenOn = shown?.takenOn ?? null;
  const loinc = marker?.loinc ?? history.points.at(-1)?.loinc ?? null;
  const ucum = marker?.ucum ?? history.unit;

  return (
    <article className="markers-page" aria-labelledby="marker-title">
      <PanelNav panelName={panelName} />
      <nav className="markers-crumbs" aria-label="Biomarker">
        <Link to={panelPath(panelId, `categories/${encodeURIComponent(slug)}`)}>{detail.category}</Link>
        <Link to={panelPath(panelId, 'biomarkers')}>All biomarkers</Link>
      </nav>
      <h1 className="markers-page__title" id="marker-title">
        {detail.name}
      </h1>

      {marker ? (
        <section className="markers-card marker-result" aria-label="Your result">
          <div className="marker-result__head">
            <p className="marker-result__value">
              <strong>{displayValue(marker.value)}</strong> <span>{marker.unit}</span>
            </p>
            <MarkerBadge rangeType={marker.rangeType} />
          </div>
          {takenOn ? (
            <p className="marker-result__date">
              Sample of {formatLabDate(takenOn)}
              {reportId ? (
                <>
                  {' · '}
                  <Link to={markerPath(panelId, detail.id)}>See your latest result</Link>
                </>
              ) : null}
            </p>
          ) : null}
          <BarChart value={marker.value} unit={marker.unit} ranges={marker.ranges} />
          <MarkerLayersList marker={marker} />
        </section>
      ) : (
        <section className="markers-card marker-result" aria-label="Your result">
          <p>
            {!reportId && awaitingResults(overview.data)
              ? 'Your results for this panel are not ready yet: they appear here once your care team has reviewed them.'
              : `This report did not measure ${detail.name}.`}{' '}
            {history.points.length + history.apart.length > 0 ? 'Your earlier results are below.' : ''}
          </p>
        </section>
      )}

      {marker ? (
        <>
          <section className="markers-card" aria-labelledby="marker-means-title">
            <h2 id="marker-means-title">What it means</h2>
            <p>{marker.legend.description}</p>
          </section>
          {marker.legend.suggestion ? (
            <section className="markers-card" aria-labelledby="marker-do-title">
              <h2 id="marker-do-title">What you can do</h2>
              <p>{marker.legend.suggestion}</p>
            </section>
          ) : null}
        </>
      ) : null}

      <History detail={detail} panelId={panelId} shownReportId={shown?.reportId ?? null} />

      {loinc || ucum ? (
        <p className="marker-codes">
          Lab codes:{' '}
          {loinc ? (
            <>
              LOINC <code>{loinc}</code>
            </>
          ) : null}
          {loinc && ucum ? ' · ' : null}
          {ucum ? (
            <>
              UCUM <code>{ucum}</code>
            </>
          ) : null}
        </p>
      ) : null}
    </article>
  );
}
