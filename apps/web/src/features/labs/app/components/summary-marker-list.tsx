import { displayValue, RANGE_COLORS, rangeLabel } from '@portal/domain/labs/ranges';
import { Link } from 'react-router';
import type { LabMarker } from '../../../../api/labs';
import { panelPath } from './panel-nav';

/** A biomarker's page in the labs app: of the given report, or of the latest without one. */
export function biomarkerPath(panelId: string, markerId: string, reportId: string | null = null): string {
  const path = panelPath(panelId, `biomarker/${encodeURIComponent(markerId)}`);
  return reportId ? `${path}?reportId=${encodeURIComponent(reportId)}` : path;
}

/** A marker's range badge: the filter label in the range's colour, or "No range". */
export function RangeBadge({ marker }: { marker: Pick<LabMarker, 'rangeType'> }) {
  const color = marker.rangeType ? RANGE_COLORS[marker.rangeType] : 'none';
  return (
    <span className={`labs-badge labs-badge--${color}`}>
      {marker.rangeType ? rangeLabel(marker.rangeType) : 'No range'}
    </span>
  );
}

/**
 * Markers as rows: name (a link to the biomarker's page), value and unit, range badge. `reportId` null links
 * to the latest report's biomarker page.
 */
export function SummaryMarkerList({
  markers,
  panelId,
  reportId,
  label,
}: {
  markers: readonly LabMarker[];
  panelId: string;
  reportId: string | null;
  label: string;
}) {
  return (
    <ul className="labs-ov-markers" aria-label={label}>
      {markers.map((m) => (
        <li key={m.id} className="labs-ov-markers__row">
          <Link className="labs-ov-markers__name" to={biomarkerPath(panelId, m.id, reportId)}>
            {m.name}
          </Link>
          <span className="labs-ov-markers__value">
            <strong>{displayValue(m.value)}</strong> <span className="labs-ov-markers__unit">{m.unit}</span>
          </span>
          <RangeBadge marker={m} />
        </li>
      ))}
    </ul>
  );
}
