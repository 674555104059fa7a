import { isObjectId } from '@portal/domain/ids';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { labCategoryQueryOptions } from '../../../../api/labs';
import { MarkerCard } from '../components/marker-card';
import { resultsPageState } from '../components/marker-page-state';
import { usePanelOverview } from '../components/marker-panel-name';
import { PanelNav, panelPath } from '../components/panel-nav';
import '../../labs.css';
import '../markers.css';

export const CATEGORY_LOAD_ERROR = 'We could not load this category. Please try again.';

/** "3 of 5 biomarkers optimal": the markers in the Optimal filter among all of the category's. */
export function optimalSummary(optimal: number, total: number): string {
  return `${optimal} of ${total} ${total === 1 ? 'biomarker' : 'biomarkers'} optimal`;
}

/** One category of a panel's report (002 §2.3): its markers as cards, each linking to its biomarker page. */
export default function CategoryPage() {
  const { panelId = '', slug = '' } = useParams();
  const overview = usePanelOverview(panelId);
  const panelName = overview.data?.name;
  const [search] = useSearchParams();
  const asked = search.get('reportId');
  const reportId = asked && isObjectId(asked) ? asked : null;
  const query = useQuery(labCategoryQueryOptions(panelId, slug, reportId));

  const waiting = resultsPageState(query, overview, {
    loading: 'Loading the category',
    title: 'Biomarkers',
    loadError: CATEGORY_LOAD_ERROR,
  });
  const category = query.data;
  if (waiting || !category) return waiting;

  const optimal = category.markers.filter((m) => m.rangeCategory === 'optimal').length;
  return (
    <article className="markers-page" aria-labelledby="category-title">
      <PanelNav panelName={panelName} />
      <nav className="markers-crumbs" aria-label="Category">
        <Link to={panelPath(panelId, 'biomarkers')}>All biomarkers</Link>
      </nav>
      <h1 className="markers-page__title" id="category-title">
        {category.name}
      </h1>
      <p className="markers-page__lead">{optimalSummary(optimal, category.markers.length)}</p>
      {category.markers.length > 0 ? (
        <ul className="category-cards">
          {category.markers.map((m) => (
            <MarkerCard key={m.id} panelId={panelId} marker={m} reportId={reportId} />
          ))}
        </ul>
      ) : (
        <p>No biomarkers of this category in this report.</p>
      )}
    </article>
  );
}
