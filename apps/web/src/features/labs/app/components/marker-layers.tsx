import type { LabMarker } from '@portal/domain/contracts/labs';
import { boundsText } from '../../lib/ranges-text';
import { markerLayers } from './marker-ranges';

/**
 * The two layers a marker is judged against, stated apart: the laboratory's reference range (outside it a
 * value is low or high) and the clinic's optimal band inside it.
 */
export function MarkerLayersList({ marker }: { marker: LabMarker }) {
  const { reference, optimal } = markerLayers(marker.ranges);
  // no range at all: the bar already says so
  if (!reference && !optimal) return null;
  return (
    <dl className="marker-layers">
      <div className="marker-layers__row">
        <dt>Laboratory reference range</dt>
        <dd>{reference ? boundsText(reference, marker.unit) : 'The laboratory gives no reference range.'}</dd>
      </div>
      <div className="marker-layers__row">
        <dt>Your clinic's optimal range</dt>
        <dd>
          {optimal
            ? boundsText(optimal, marker.unit)
            : 'Your clinic sets no optimal range for this biomarker: within the reference range counts as optimal.'}
        </dd>
      </div>
    </dl>
  );
}
