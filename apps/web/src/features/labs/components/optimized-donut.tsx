const R = 42;
const CIRCUMFERENCE = 2 * Math.PI * R;

/** "Your Optimized Biomarkers" (002 §2.4): a donut filled to the percentage, which it also says in words. */
export function OptimizedDonut({ percent }: { percent: number }) {
  const p = Math.min(100, Math.max(0, percent));
  return (
    <div className="labs-donut" role="img" aria-label={`${p}% of your biomarkers are optimized`}>
      <svg viewBox="0 0 100 100" aria-hidden="true" focusable="false">
        <circle className="labs-donut__track" cx="50" cy="50" r={R} />
        <circle
          className="labs-donut__fill"
          cx="50"
          cy="50"
          r={R}
          strokeDasharray={`${(p / 100) * CIRCUMFERENCE} ${CIRCUMFERENCE}`}
          transform="rotate(-90 50 50)"
        />
      </svg>
      <span className="labs-donut__value" aria-hidden="true">
        {p}%
      </span>
    </div>
  );
}
