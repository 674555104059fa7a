import type { LabMarker } from '@portal/domain/contracts/labs';
import { displayValue } from '@portal/domain/labs/ranges';
import { Link } from 'react-router';
import { BarChart } from '../../components/bar-chart';
import { MarkerBadge } from './marker-badge';
import { panelPath } from './panel-nav';

/** The path of a biomarker's page in the labs app, for one report when given. */
export function markerPath(panelId: string, markerId: string, reportId?: string | null): string {
  return panelPath(
    panelId,
    `biomarker/${encodeURIComponent(markerId)}${reportId ? `?reportId=${encodeURIComponent(reportId)}` : ''}`,
  );
}

/** A marker as a card of its category: name (the link to its page), value and unit, badge and a small bar. */
export function MarkerCard({
  panelId,
  marker,
  reportId,
}: {
  panelId: string;
  marker: LabMarker;
  reportId?: string | null;
}) {
  return (
    <li className="marker-card">
      <h2 className="marker-card__name">
        <Link className="marker-card__link" to={markerPath(panelId, marker.id, reportId)}>
          {marker.name}
        </Link>
      </h2>
      <div className="marker-card__result">
        <p className="marker-card__value">
          <strong>{displayValue(marker.value)}</strong> <span>{marker.unit}</span>
        </p>
        <MarkerBadge rangeType={marker.rangeType} />
      </div>
      <div className="marker-card__bar">
        <BarChart value={marker.value} unit={marker.unit} ranges={marker.ranges} />
      </div>
    </li>
  );
}
