import { displayValue, RANGE_COLORS, rangeLabel } from '@portal/domain/labs/ranges';
import { useId, useState } from 'react';
import type { LabMarker } from '../../../api/labs';
import { Button } from '../../../components/ui/button';
import { AssessmentModal } from './assessment-modal';
import { BarChart } from './bar-chart';

/** A biomarker of the analysis (002 §2.4): name, value and unit, range badge, bar chart, Our Assessment. */
export function BiomarkerCard({ marker }: { marker: LabMarker }) {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const badge = marker.rangeType ? rangeLabel(marker.rangeType) : 'No range';
  const color = marker.rangeType ? RANGE_COLORS[marker.rangeType] : 'none';
  return (
    <li className="labs-marker" aria-labelledby={titleId}>
      <div className="labs-marker__head">
        <h3 className="labs-marker__name" id={titleId}>
          {marker.name}
        </h3>
        <span className={`labs-badge labs-badge--${color}`}>{badge}</span>
      </div>
      <p className="labs-marker__value">
        <strong>{displayValue(marker.value)}</strong> <span className="labs-marker__unit">{marker.unit}</span>
      </p>
      <BarChart value={marker.value} unit={marker.unit} ranges={marker.ranges} />
      <Button variant="ghost" size="sm" aria-describedby={titleId} onClick={() => setOpen(true)}>
        Our Assessment
      </Button>
      {open ? <AssessmentModal marker={marker} onClose={() => setOpen(false)} /> : null}
    </li>
  );
}
