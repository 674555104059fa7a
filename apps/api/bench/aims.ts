/**
 * The speed aims `npm run bench` holds each figure to (issue 10 §3), and the table that prints every
 * figure next to its aim with pass or FAIL. One run measures them all; the summary line counts the fails.
 */
export const AIMS = {
  postgres: { readRatio: 0.25, readP99: 25, funnelP95: 30, peakMb: 1024 },
  embedded: { readRatio: 0.08, readP99: 60, funnelP95: 60, peakMb: 800 },
  /** Each read of the dashboard's batches (asked alone), p95 at 10 clients. */
  dashboardP95: 30,
  /** The care workspace's queue and chart with 10,000 visits waiting (issue 12), p95 at 10 clients. */
  careP95: 50,
  /**
   * The chat (issue 13): send to receipt p99 through pusher-js with 1,000 clients, on one instance and on two
   * sharing Redis (ms); a 10,000-message conversation's first and older pages, p95 at 10 clients (ms).
   */
  chat: { oneInstanceP99: 100, twoInstancesP99: 150, pagesP95: 30 },
  /**
   * The labs (issue 14): a 100-biomarker report's analysis and the panel and report lists of a patient with 50
   * reports, p95 at 10 clients (ms); a requisition PDF, p95 at 10 clients (ms).
   */
  labs: { analysisP95: 30, listP95: 30, requisitionP95: 50 },
  /**
   * The shop (issue 15): its first page with 1,000 more products in the catalogue, p95 at 10 clients (ms); the
   * checkout panel's submit on the payment sandbox, p95 at 10 patients at once (ms); the /shop route's
   * gzipped JavaScript (KB, decision 037).
   */
  shop: { pageP95: 30, submitP95: 1000, routeJsKb: 150 },
  /**
   * The scheduler (issue 16): a week of open times across 50 physicians, p95 at 10 clients (ms); booking with 20
   * patients at once, p95 (ms).
   */
  appointments: { slotsP95: 50, bookingP95: 100 },
  /** With a second process keeping every core busy, the funnel's p95 may be this many times its aim. */
  busyFactor: 3,
} as const;

export type Aim = { atLeast?: number; atMost?: number; below?: number; text?: string };
export type Figure = { group: string; name: string; value: number; unit: string; digits?: number; aim?: Aim };

export function passes(value: number, aim: Aim): boolean {
  if (aim.atLeast !== undefined && !(value >= aim.atLeast)) return false;
  if (aim.atMost !== undefined && !(value <= aim.atMost)) return false;
  if (aim.below !== undefined && !(value < aim.below)) return false;
  return true;
}

function describeAim(aim: Aim, unit: string): string {
  if (aim.text) return aim.text;
  const u = unit ? ` ${unit}` : '';
  if (aim.atLeast !== undefined) return `>= ${aim.atLeast}${u}`;
  if (aim.atMost !== undefined) return `<= ${aim.atMost}${u}`;
  return `< ${aim.below}${u}`;
}

/** Prints the figures by group; returns how many aims passed and failed. */
export function printFigures(figures: Figure[]): { passed: number; failed: string[] } {
  const failed: string[] = [];
  let passed = 0;
  let group = '';
  for (const f of figures) {
    if (f.group !== group) {
      group = f.group;
      console.info(group);
    }
    const value = `${f.value.toFixed(f.digits ?? 0)}${f.unit ? ` ${f.unit}` : ''}`;
    let verdict = '';
    if (f.aim) {
      const ok = passes(f.value, f.aim);
      if (ok) passed++;
      else failed.push(`${f.group}: ${f.name}`);
      verdict = `aim ${describeAim(f.aim, f.unit).padEnd(28)} ${ok ? 'pass' : 'FAIL'}`;
    }
    console.info(`  ${f.name.padEnd(52)} ${value.padStart(12)}   ${verdict}`);
  }
  return { passed, failed };
}
