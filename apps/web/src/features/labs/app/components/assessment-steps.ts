import type { RangeCategory } from '@portal/domain/labs/ranges';
import { panelPath } from './panel-nav';

/** A step of the assessment overview: the three ranges, then the next steps. */
export type AssessmentStep =
  | { number: 1 | 2 | 3; range: RangeCategory; title: string }
  | { number: 4; range: null; title: string };

export const ASSESSMENT_STEPS: readonly AssessmentStep[] = [
  { number: 1, range: 'optimal', title: 'Optimal' },
  { number: 2, range: 'borderline', title: 'Needs Improvement' },
  { number: 3, range: 'high-low', title: 'Needs Attention' },
  { number: 4, range: null, title: 'Next steps' },
];

/** The step a path segment names: its number ("1" to "4") or a range's name (optimal, borderline, high-low). */
export function assessmentStep(slug: string | undefined): AssessmentStep | null {
  return (
    ASSESSMENT_STEPS.find((s) => String(s.number) === slug || (s.range !== null && s.range === slug)) ?? null
  );
}

/** The path of a step of a panel's assessment overview, by number or range. */
export function assessmentStepPath(panelId: string, step: number | RangeCategory): string {
  const number = typeof step === 'number' ? step : ASSESSMENT_STEPS.find((s) => s.range === step)?.number;
  return panelPath(panelId, `assessment-overview/${number ?? 1}`);
}
