import type { LabBiomarkerDetail } from '@portal/domain/contracts/labs';
import { MONTH_ABBREVIATIONS } from '@portal/domain/format/month-names';
import { displayValue, RANGE_COLORS } from '@portal/domain/labs/ranges';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatLabDate } from '../../lib/format';
import { classificationText, type LayerBand } from './marker-ranges';

export type TrendPoint = LabBiomarkerDetail['history']['points'][number];

const DAY_MS = 86_400_000;
const HEIGHT = 240;
const MARGIN = { top: 32, right: 20, bottom: 40, left: 52 };

/** A sample's date: a bare calendar date is that day wherever the patient is; else the instant, locally. */
export function trendDate(value: string): Date {
  const bare = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return bare ? new Date(Number(bare[1]), Number(bare[2]) - 1, Number(bare[3])) : new Date(value);
}

/** An axis date, short enough for a phone: "Jun 21 2026". */
const axisDate = (d: Date) => `${MONTH_ABBREVIATIONS[d.getMonth()]} ${d.getDate()} ${d.getFullYear()}`;

/** A tick step of 1, 2, 2.5 or 5 times a power of ten, near `raw`. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const f = raw / power;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10) * power;
}

/** The value axis: the values and the band's finite bounds, with room around them, never below 0. */
export function valueScale(values: readonly number[], bounds: readonly number[]) {
  const all = [...values, ...bounds].filter(Number.isFinite);
  let lo = Math.min(...all);
  let hi = Math.max(...all);
  const pad = hi > lo ? (hi - lo) * 0.25 : Math.max(1, Math.abs(hi) * 0.2);
  lo = Math.max(0, lo - pad);
  hi += pad;
  const step = niceStep((hi - lo) / 4);
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  for (let t = lo; t <= hi + step / 1000; t += step) ticks.push(Number(t.toPrecision(12)));
  return { lo, hi, ticks };
}

/** The chart's width: its box's, followed as the window resizes (a default until measured). */
function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const w = Math.round(el.getBoundingClientRect().width);
      if (w > 0) setWidth(w);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

const pointColor = (p: TrendPoint) => (p.classification ? RANGE_COLORS[p.classification] : 'none');

export interface TrendChartProps {
  name: string;
  /** The unit of every point, as written for the patient. */
  unit: string;
  points: readonly TrendPoint[];
  /** The clinic's optimal band in the points' unit, shaded; null when there is none (or no common unit). */
  optimal: LayerBand | null;
  /** The laboratory's reference range in the points' unit, drawn as dashed limits. */
  reference: LayerBand | null;
  /** Where a result's date leads (its report's view of the biomarker); plain text without it. */
  hrefOf?: (point: TrendPoint) => string;
  /** The report whose result the page shows, marked in the table. */
  currentReportId?: string | null;
}

/**
 * A biomarker over time: a hand-drawn SVG (x the sample's date, y the value) with the optimal band shaded and
 * each result coloured by where it stood, then the same results as a table for those who do not see the chart.
 */
export function TrendChart({
  name,
  unit,
  points,
  optimal,
  reference,
  hrefOf,
  currentReportId,
}: TrendChartProps) {
  const { ref, width } = useWidth(640);
  const u = unit ? ` ${unit}` : '';
  const times = points.map((p) => trendDate(p.takenOn).getTime());
  let t0 = Math.min(...times);
  let t1 = Math.max(...times);
  if (t1 - t0 < DAY_MS) {
    t0 -= 30 * DAY_MS;
    t1 += 30 * DAY_MS;
  }
  const bounds = [optimal?.min, optimal?.max, reference?.min, reference?.max].filter(
    (b): b is number => typeof b === 'number',
  );
  const { lo, hi, ticks } = valueScale(
    points.map((p) => displayValue(p.value)),
    bounds,
  );
  const innerW = Math.max(120, width - MARGIN.left - MARGIN.right);
  const innerH = HEIGHT - MARGIN.top - MARGIN.bottom;
  // the first and last points sit a little inside the plot so their circles and labels are not cut
  const inset = Math.min(28, innerW / 8);
  const x = (t: number) => MARGIN.left + inset + ((t - t0) / (t1 - t0)) * (innerW - 2 * inset);
  const y = (v: number) => MARGIN.top + innerH - ((v - lo) / (hi - lo)) * innerH;
  const clampY = (v: number) => y(Math.min(hi, Math.max(lo, v)));

  // date labels under the points, skipping those that would overlap the previous one
  const minGap = 96;
  const dateTicks: { t: number; label: string }[] = [];
  for (const t of [...new Set(times)].sort((a, b) => a - b)) {
    const last = dateTicks.at(-1);
    if (last && x(t) - x(last.t) < minGap) continue;
    dateTicks.push({ t, label: axisDate(new Date(t)) });
  }

  const latest = points.at(-1);
  const first = points[0];
  const summary =
    first && latest
      ? `${name} over time: ${points.length === 1 ? '1 result' : `${points.length} results`}` +
        (points.length > 1
          ? ` from ${formatLabDate(first.takenOn)} to ${formatLabDate(latest.takenOn)}`
          : '') +
        `; latest ${displayValue(latest.value)}${u}, ${classificationText(latest.classification)}.` +
        (optimal ? ' The shaded band is the optimal range.' : '')
      : `${name}: no results yet.`;

  const path = points
    .map(
      (p, i) => `${i === 0 ? 'M' : 'L'}${x(times[i] ?? 0).toFixed(1)},${y(displayValue(p.value)).toFixed(1)}`,
    )
    .join(' ');
  const showValues = points.length <= 8;

  return (
    <div className="trend-chart">
      <div className="trend-chart__plot" ref={ref}>
        <svg
          className="trend-chart__svg"
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          role="img"
          aria-label={summary}
        >
          {optimal ? (
            <rect
              className="trend-chart__band"
              data-testid="trend-optimal-band"
              x={MARGIN.left}
              width={innerW}
              y={clampY(optimal.max ?? hi)}
              height={Math.max(0, clampY(optimal.min ?? lo) - clampY(optimal.max ?? hi))}
            />
          ) : null}
          {ticks.map((t) => (
            <g key={t} className="trend-chart__grid">
              <line x1={MARGIN.left} x2={MARGIN.left + innerW} y1={y(t)} y2={y(t)} />
              <text x={MARGIN.left - 8} y={y(t)} dy="0.32em" textAnchor="end">
                {displayValue(t)}
              </text>
            </g>
          ))}
          {[reference?.min, reference?.max].map((b, i) =>
            typeof b === 'number' && b >= lo && b <= hi ? (
              <line
                // biome-ignore lint/suspicious/noArrayIndexKey: the lower and the upper limit
                key={i}
                className="trend-chart__limit"
                x1={MARGIN.left}
                x2={MARGIN.left + innerW}
                y1={y(b)}
                y2={y(b)}
              />
            ) : null,
          )}
          <text className="trend-chart__unit" x={MARGIN.left - 8} y={14} textAnchor="end">
            {unit}
          </text>
          <line
            className="trend-chart__axis"
            x1={MARGIN.left}
            x2={MARGIN.left + innerW}
            y1={MARGIN.top + innerH}
            y2={MARGIN.top + innerH}
          />
          {dateTicks.map((d) => (
            <text
              key={d.t}
              className="trend-chart__date"
              x={x(d.t)}
              y={MARGIN.top + innerH + 22}
              textAnchor="middle"
            >
              {d.label}
            </text>
          ))}
          {points.length > 1 ? <path className="trend-chart__line" d={path} /> : null}
          {points.map((p, i) => (
            <g key={`${p.reportId}-${p.takenOn}`}>
              <circle
                className={`trend-chart__point trend-chart__point--${pointColor(p)}`}
                data-testid="trend-point"
                cx={x(times[i] ?? 0)}
                cy={y(displayValue(p.value))}
                r={6}
              />
              {showValues ? (
                <text
                  className="trend-chart__value"
                  x={x(times[i] ?? 0)}
                  y={y(displayValue(p.value)) - 11}
                  textAnchor="middle"
                >
                  {displayValue(p.value)}
                </text>
              ) : null}
            </g>
          ))}
        </svg>
      </div>
      <ul className="trend-chart__legend" aria-hidden="true">
        {optimal ? (
          <li>
            <span className="trend-chart__swatch trend-chart__swatch--band" /> Optimal range (your clinic)
          </li>
        ) : null}
        {reference && (reference.min !== null || reference.max !== null) ? (
          <li>
            <span className="trend-chart__swatch trend-chart__swatch--limit" /> Laboratory reference limit
          </li>
        ) : null}
        <li>
          <span className="trend-chart__swatch trend-chart__swatch--green" /> Optimal
        </li>
        <li>
          <span className="trend-chart__swatch trend-chart__swatch--amber" /> Needs Improvement
        </li>
        <li>
          <span className="trend-chart__swatch trend-chart__swatch--red" /> Needs Attention
        </li>
      </ul>
      <details className="trend-chart__details" open>
        <summary>See the values</summary>
        <div className="trend-chart__table-wrap">
          <table className="trend-chart__table">
            <caption>
              {name} results{unit ? ` in ${unit}` : ''}, oldest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Value</th>
                <th scope="col">Range</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr
                  key={`${p.reportId}-${p.takenOn}`}
                  className={p.reportId === currentReportId ? 'trend-chart__row--current' : undefined}
                >
                  <th scope="row">
                    {hrefOf && p.reportId !== currentReportId ? (
                      <Link to={hrefOf(p)}>{formatLabDate(p.takenOn)}</Link>
                    ) : (
                      formatLabDate(p.takenOn)
                    )}
                    {p.reportId === currentReportId ? (
                      <span className="trend-chart__shown"> (shown above)</span>
                    ) : null}
                  </th>
                  <td>
                    {displayValue(p.value)}
                    {u}
                  </td>
                  <td>
                    <span
                      className={`trend-chart__dot trend-chart__dot--${pointColor(p)}`}
                      aria-hidden="true"
                    />
                    {classificationText(p.classification)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
