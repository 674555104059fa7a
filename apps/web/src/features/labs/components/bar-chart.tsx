import { barChart, displayValue, type Range, rangeLabel } from '@portal/domain/labs/ranges';
import { boundsText } from '../lib/ranges-text';

/**
 * A biomarker's bar chart (002 §4.2): its ranges side by side in their colours and a marker at the value.
 * The drawing is an image whose name says the same in words (the value, then each range and its bounds).
 */
export function BarChart({ value, unit, ranges }: { value: number; unit: string; ranges: readonly Range[] }) {
  const chart = barChart(value, ranges);
  if (!chart) return <p className="labs-bar__none">No reference range for this biomarker.</p>;
  const words = [
    `Your value ${displayValue(value)}${unit ? ` ${unit}` : ''}.`,
    ...chart.segments.map((s) => `${rangeLabel(s.range.type)}: ${boundsText(s.range, unit)}.`),
  ].join(' ');
  return (
    <div className="labs-bar" role="img" aria-label={words}>
      <div className="labs-bar__track">
        {chart.segments.map((s) => (
          <span
            key={`${s.startPct}-${s.range.type}`}
            className={`labs-bar__segment labs-bar__segment--${s.color}`}
            data-range={s.range.type}
            style={{ left: `${s.startPct}%`, width: `${s.widthPct}%` }}
          />
        ))}
        {chart.markerPct === null ? null : (
          <span
            className="labs-bar__marker"
            data-testid="bar-marker"
            style={{ left: `${chart.markerPct}%` }}
          />
        )}
      </div>
    </div>
  );
}
