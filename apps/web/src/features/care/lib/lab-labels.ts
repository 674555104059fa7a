import { LAB_REPORT_STATUSES, type LabReportStatus } from '@portal/domain/contracts/care-labs';

/** The tabs of the labs page, in the order a report moves through the statuses. */
export const LAB_STATUS_TABS: readonly LabReportStatus[] = LAB_REPORT_STATUSES;

export const LAB_STATUS_LABELS: Readonly<Record<LabReportStatus, string>> = {
  created: 'Created',
  ordered: 'Ordered',
  received: 'Received',
  reviewed: 'Reviewed',
};

export const LABS_PATH = '/care/labs';

/** The report's page in the workspace. */
export function labReportPath(reportId: string): string {
  return `${LABS_PATH}/${encodeURIComponent(reportId)}`;
}
