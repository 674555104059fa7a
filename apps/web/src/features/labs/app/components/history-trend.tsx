import { formatLabDate } from '../../lib/format';

export interface TrendPoint {
  reportId: string;
  date: string | null;
  optimized: number | null;
  bioAge: number | null;
}

const W = 240;
const H = 56;
const PAD = 6;

/** A small line of one value across reports, oldest first; null values are skipped. Decoration only. */
function Sparkline({ values, className }: { values: (number | null)[]; className: string }) {
  const known = values.flatMap((v, i) => (v === null ? [] : [{ v, i }]));
  if (known.length < 2) return null;
  const min = Math.min(...known.map((p) => p.v));
  const max = Math.max(...known.map((p) => p.v));
  const span = max - min || 1;
  const x = (i: number) => PAD + (i * (W - 2 * PAD)) / Math.max(1, values.length - 1);
  const y = (v: number) => H - PAD - ((v - min) * (H - 2 * PAD)) / span;
  const points = known.map((p) => `${x(p.i).toFixed(1)},${y(p.v).toFixed(1)}`);
  return (
    <svg
      className={`labs-trend__line ${className}`}
      viewBox={`0 0 ${W} ${H}`}
      aria-hidden="true"
      focusable="false"
    >
      <polyline points={points.join(' ')} />
      {known.map((p) => (
        <circle key={p.i} cx={x(p.i)} cy={y(p.v)} r={3.5} />
      ))}
    </svg>
  );
}

/**
 * The optimized percentage and the biological age across the panel's reviewed reports, oldest first: a
 * small line of each, and the figures as a table for every reader.
 */
export function HistoryTrend({ points }: { points: TrendPoint[] }) {
  if (points.length < 2) return null;
  const hasBioAge = points.some((p) => p.bioAge !== null);
  return (
    <section className="labs-card labs-trend" aria-labelledby="labs-trend-title">
      <h2 id="labs-trend-title">Your trend</h2>
      <div className="labs-trend__charts">
        <figure className="labs-trend__chart">
          <figcaption>Optimized biomarkers</figcaption>
          <Sparkline values={points.map((p) => p.optimized)} className="labs-trend__line--optimized" />
        </figure>
        {hasBioAge ? (
          <figure className="labs-trend__chart">
            <figcaption>Biological age</figcaption>
            <Sparkline values={points.map((p) => p.bioAge)} className="labs-trend__line--bioage" />
          </figure>
        ) : null}
      </div>
      <table className="labs-trend__table">
        <thead>
          <tr>
            <th scope="col">Report</th>
            <th scope="col">Optimized</th>
            {hasBioAge ? <th scope="col">Biological age</th> : null}
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.reportId}>
              <th scope="row">{formatLabDate(p.date) || '—'}</th>
              <td>{p.optimized === null ? '—' : `${p.optimized}%`}</td>
              {hasBioAge ? <td>{p.bioAge === null ? '—' : `${p.bioAge.toFixed(1)} years`}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
