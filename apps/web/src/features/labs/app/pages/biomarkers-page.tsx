import type { LabMarker } from '@portal/domain/contracts/labs';
import { isObjectId } from '@portal/domain/ids';
import {
  displayValue,
  RANGE_CATEGORIES,
  RANGE_CATEGORY_LABELS,
  type RangeCategory,
} from '@portal/domain/labs/ranges';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigationType, useParams, useSearchParams } from 'react-router';
import { labAllBiomarkersQueryOptions } from '../../../../api/labs';
import { formatLabDate } from '../../lib/format';
import { MarkerBadge } from '../components/marker-badge';
import { markerPath } from '../components/marker-card';
import { resultsPageState } from '../components/marker-page-state';
import { usePanelOverview } from '../components/marker-panel-name';
import { PanelNav, panelPath } from '../components/panel-nav';
import '../../../../components/ui/field.css';
import '../../labs.css';
import '../markers.css';

export const BIOMARKERS_LOAD_ERROR = 'We could not load your biomarkers. Please try again.';

const isRange = (v: string | null): v is RangeCategory => RANGE_CATEGORIES.includes(v as RangeCategory);
const count = (n: number) => (n === 1 ? '1 biomarker' : `${n} biomarkers`);

/** A marker's name matches the search: every word of it, in any case. */
function matches(marker: LabMarker, words: readonly string[]): boolean {
  const name = marker.name.toLowerCase();
  return words.every((w) => name.includes(w));
}

/**
 * All the biomarkers of a panel's report (002 §2.3), by category: range chips (All, Optimal, Needs
 * Improvement, Needs Attention) and a search by name, both kept in the address (?range=, ?q=) so they
 * survive a reload and the back button.
 */
export default function BiomarkersPage() {
  const { panelId = '' } = useParams();
  const overview = usePanelOverview(panelId);
  const panelName = overview.data?.name;
  const [search, setSearch] = useSearchParams();
  const searchId = useId();
  const asked = search.get('reportId');
  const reportId = asked && isObjectId(asked) ? asked : null;
  const rangeParam = search.get('range');
  const range = isRange(rangeParam) ? rangeParam : null;
  // the box answers every keystroke from its own state; the address follows it (replace, not a new entry),
  // and the box reads the address again only when the back or forward button brings another one
  const [text, setText] = useState(() => search.get('q') ?? '');
  const navigationType = useNavigationType();
  const { key } = useLocation();
  const addressText = search.get('q') ?? '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each history move, not on each keystroke
  useEffect(() => {
    if (navigationType === 'POP') setText(addressText);
  }, [key]);
  const query = useQuery(labAllBiomarkersQueryOptions(panelId, reportId));

  function update(key: 'range' | 'q', value: string | null, replace: boolean) {
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace },
    );
  }

  const waiting = resultsPageState(query, overview, {
    loading: 'Loading your biomarkers',
    title: 'Biomarkers',
    loadError: BIOMARKERS_LOAD_ERROR,
  });
  const data = query.data;
  if (waiting || !data) return waiting;

  const all = data.categories.flatMap((c) => c.markers);
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const searched = all.filter((m) => matches(m, words));
  const inRange = (m: LabMarker) => range === null || m.rangeCategory === range;
  const groups = data.categories
    .map((c) => ({ ...c, markers: c.markers.filter((m) => inRange(m) && matches(m, words)) }))
    .filter((c) => c.markers.length > 0);
  const shown = groups.reduce((n, c) => n + c.markers.length, 0);

  return (
    <article className="markers-page" aria-labelledby="biomarkers-title">
      <PanelNav panelName={panelName} />
      <h1 className="markers-page__title" id="biomarkers-title">
        Biomarkers
      </h1>
      <p className="markers-page__lead">
        {count(all.length)}
        {data.collected_at ? ` from your sample of ${formatLabDate(data.collected_at)}` : ''}.
      </p>

      <div className="biomarkers-filters">
        <div className="biomarkers-filters__search">
          <label htmlFor={searchId}>Search by name</label>
          <input
            id={searchId}
            className="ui-input"
            type="search"
            value={text}
            autoComplete="off"
            onChange={(e) => {
              setText(e.target.value);
              update('q', e.target.value.trim() || null, true);
            }}
          />
        </div>
        <fieldset className="labs-filter biomarkers-filters__chips">
          <legend>Range</legend>
          {[null, ...RANGE_CATEGORIES].map((c) => {
            const n = searched.filter((m) => c === null || m.rangeCategory === c).length;
            return (
              <button
                key={c ?? 'all'}
                type="button"
                className={`labs-chip${c ? ` labs-chip--${c}` : ''}`}
                aria-pressed={range === c}
                onClick={() => update('range', c, false)}
              >
                {c ? RANGE_CATEGORY_LABELS[c] : 'All'}{' '}
                <span className="biomarkers-filters__count">({n})</span>
              </button>
            );
          })}
        </fieldset>
      </div>

      <p className="labs-biomarkers__count" aria-live="polite">
        {shown === all.length
          ? `Showing all ${count(all.length)}`
          : `Showing ${shown} of ${count(all.length)}`}
      </p>

      {groups.length > 0 ? (
        groups.map((c) => (
          <section
            key={c.slug}
            className="markers-card biomarkers-group"
            aria-labelledby={`biomarkers-${c.slug}`}
          >
            <h2 id={`biomarkers-${c.slug}`} className="biomarkers-group__title">
              <Link to={panelPath(panelId, `categories/${encodeURIComponent(c.slug)}`)}>{c.name}</Link>{' '}
              <span className="biomarkers-group__count">{count(c.markers.length)}</span>
            </h2>
            <ul className="biomarkers-rows">
              {c.markers.map((m) => (
                <li key={m.id} className="biomarkers-row">
                  <Link className="biomarkers-row__name" to={markerPath(panelId, m.id, reportId)}>
                    {m.name}
                  </Link>
                  <span className="biomarkers-row__value">
                    <strong>{displayValue(m.value)}</strong> {m.unit}
                  </span>
                  <MarkerBadge rangeType={m.rangeType} />
                </li>
              ))}
            </ul>
          </section>
        ))
      ) : (
        <p className="biomarkers-none">
          No biomarkers match{text ? ` "${text.trim()}"` : ''}
          {range ? ` in ${RANGE_CATEGORY_LABELS[range]}` : ''}.
        </p>
      )}
    </article>
  );
}
