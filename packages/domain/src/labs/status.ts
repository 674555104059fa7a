/**
 * A lab report's status as the labs list shows it (002 §2.2, §4.1): the stage and its status bar, the
 * filter tabs, the primary button; and the analysis page's optimized-biomarkers percentage (002 §2.4).
 */
import { LAB_STATUS_PROGRESS } from '../constants';
import type { RangeCategory } from './ranges';

/** A lab report's status (002 §3). */
export type LabReportStatus = 'created' | 'ordered' | 'received' | 'reviewed';

/** The stage the status bar shows (002 §4.1). */
export type LabStage = keyof typeof LAB_STATUS_PROGRESS;

/**
 * The stage of a status (002 §4.1): created shows pending, ordered prepared, received awaiting, reviewed
 * reviewed, and any other value (or none) pending.
 */
export function labStage(status: string | null | undefined): LabStage {
  switch (status) {
    case 'ordered':
      return 'prepared';
    case 'received':
      return 'awaiting';
    case 'reviewed':
      return 'reviewed';
    default:
      return 'pending';
  }
}

/** What the status bar shows of a stage. */
export interface LabStatusBar {
  stage: LabStage;
  /** How far the bar is filled, in percent. */
  percent: number;
  label: string;
  /** Null where 002 gives the stage no tooltip. */
  tooltip: string | null;
}

/**
 * The status bar of each stage (002 §4.1, §9): filled 20, 40, 75 and 100 %, with the labels of 002 and its
 * two tooltips in its words, to the letter (002 §9 repeats the first: "Visit form pending: allow up to 2
 * hours"). Awaiting Results and Results Ready have none.
 */
export const LAB_STATUS_BARS = {
  pending: {
    stage: 'pending',
    percent: LAB_STATUS_PROGRESS.pending,
    label: 'Visit Form Pending',
    tooltip: 'allow up to 2 hours',
  },
  prepared: {
    stage: 'prepared',
    percent: LAB_STATUS_PROGRESS.prepared,
    label: 'Prepared',
    tooltip: 'download the form and bring it to the lab',
  },
  awaiting: {
    stage: 'awaiting',
    percent: LAB_STATUS_PROGRESS.awaiting,
    label: 'Awaiting Results',
    tooltip: null,
  },
  reviewed: {
    stage: 'reviewed',
    percent: LAB_STATUS_PROGRESS.reviewed,
    label: 'Results Ready',
    tooltip: null,
  },
} as const satisfies Record<LabStage, LabStatusBar>;

/** The status bar of a report's status. */
export function labStatusBar(status: string | null | undefined): LabStatusBar {
  return LAB_STATUS_BARS[labStage(status)];
}

/** A filter tab of the labs list (002 §2.2). */
export type LabFilter = 'all' | 'reviewed' | 'received' | 'ordered';

/** The filter tabs, in order, with their labels (002 §2.2). */
export const LAB_FILTER_TABS = [
  { filter: 'all', label: 'Show All' },
  { filter: 'reviewed', label: 'Results Ready' },
  { filter: 'received', label: 'Awaiting Results' },
  { filter: 'ordered', label: 'Ordered' },
] as const satisfies readonly { filter: LabFilter; label: string }[];

/** The statuses a filter shows; null for all. "ordered" covers created and ordered (002 §2.2). */
export function labFilterStatuses(filter: LabFilter): readonly LabReportStatus[] | null {
  switch (filter) {
    case 'all':
      return null;
    case 'reviewed':
      return ['reviewed'];
    case 'received':
      return ['received'];
    case 'ordered':
      return ['created', 'ordered'];
  }
}

/** True when a report of this status shows under the filter; a status 002 does not name shows under all only. */
export function matchesLabFilter(status: string | null | undefined, filter: LabFilter): boolean {
  const statuses = labFilterStatuses(filter);
  return statuses === null || (statuses as readonly (string | null | undefined)[]).includes(status);
}

/** The primary button of a lab in the list (002 §2.2). */
export type LabPrimaryAction = 'order_lab' | 'download_form' | 'view_analysis';

/** The primary buttons' texts (002 §2.2). */
export const LAB_PRIMARY_ACTION_LABELS = {
  order_lab: 'Order Lab',
  download_form: 'Download Form',
  view_analysis: 'View Analysis',
} as const satisfies Record<LabPrimaryAction, string>;

/** What the primary button reads of a report (002 §3: status, order.status.fulfilled). */
export interface LabReportForAction {
  status?: string | null;
  order?: { status?: { fulfilled?: boolean | null } | null } | null;
}

/**
 * The primary button (002 §4.1): created with its order not fulfilled gives Order Lab; created with the
 * order fulfilled, none; reviewed, View Analysis; anything else, Download Form.
 */
export function labPrimaryAction(report: LabReportForAction): LabPrimaryAction | null {
  if (report.status === 'created') return report.order?.status?.fulfilled === true ? null : 'order_lab';
  if (report.status === 'reviewed') return 'view_analysis';
  return 'download_form';
}

/**
 * The "Your Optimized Biomarkers" percentage (002 §2.4): the share of the report's biomarkers in the
 * Optimal filter (optimal, and normal where the clinic sets no band), of those with a range, in whole
 * percent rounded half up. Null when no biomarker has a range: nothing to show rather than 0 %.
 */
export function optimizedPercent(categories: readonly (RangeCategory | null)[]): number | null {
  const judged = categories.filter((c): c is RangeCategory => c !== null);
  if (judged.length === 0) return null;
  const optimal = judged.filter((c) => c === 'optimal').length;
  return Math.round((optimal * 100) / judged.length);
}
