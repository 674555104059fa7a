import { RANGE_COLORS, rangeLabel } from '@portal/domain/labs/ranges';
import type { LabMarker } from '../../../api/labs';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { boundsText } from '../lib/ranges-text';

/** "Our Assessment" of a biomarker (002 §2.4): the Legend of its ranges, Our Suggestion, About this biomarker. */
export function AssessmentModal({ marker, onClose }: { marker: LabMarker; onClose: () => void }) {
  return (
    <Modal
      open
      onClose={onClose}
      eyebrow="Our Assessment"
      title={marker.name}
      actions={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="labs-assessment">
        <section aria-labelledby="labs-assessment-legend">
          <h3 id="labs-assessment-legend">Legend</h3>
          {marker.ranges.length === 0 ? (
            <p>No reference range for this biomarker.</p>
          ) : (
            <ul className="labs-assessment__legend">
              {marker.ranges.map((range) => (
                <li key={`${range.type}-${range.min}-${range.max}`}>
                  <span
                    className={`labs-assessment__swatch labs-assessment__swatch--${RANGE_COLORS[range.type]}`}
                    aria-hidden="true"
                  />
                  <span>
                    <strong>{rangeLabel(range.type)}</strong>: {boundsText(range, marker.unit)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        {marker.legend.suggestion ? (
          <section aria-labelledby="labs-assessment-suggestion">
            <h3 id="labs-assessment-suggestion">Our Suggestion</h3>
            <p>{marker.legend.suggestion}</p>
          </section>
        ) : null}
        <section aria-labelledby="labs-assessment-about">
          <h3 id="labs-assessment-about">About this biomarker</h3>
          <p>{marker.legend.description}</p>
        </section>
      </div>
    </Modal>
  );
}
