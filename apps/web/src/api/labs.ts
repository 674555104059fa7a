import type {
  LabAllBiomarkers,
  LabAnalysis,
  LabAppointment,
  LabBioAgeOverview,
  LabBiomarkerDetail,
  LabCategory,
  LabListStatusFilter,
  LabPanelListPage,
  LabPanelOverview,
  LabPreparationGuidelines,
  LabReportListItem,
  LabReportListPage,
} from '@portal/domain/contracts/labs';
import type { Order } from '@portal/domain/contracts/order';
import type { LabPanelEntry } from '@portal/domain/navigation/labs-destination';
import { orderName } from '@portal/domain/orders/order-name';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch, apiRequest, seg } from '../lib/api-client';
import { type DownloadedFile, readDownload } from '../lib/save-file';
import { submitOrder } from './orders';
import { LAB_PANELS_PATH } from './page-reads';
import { getTemplateProducts } from './products';

export type { LabMarker, LabPanelListItem, LabRange } from '@portal/domain/contracts/labs';
export type {
  LabAllBiomarkers,
  LabAnalysis,
  LabAppointment,
  LabBioAgeOverview,
  LabBiomarkerDetail,
  LabCategory,
  LabListStatusFilter,
  LabPanelListPage,
  LabPanelOverview,
  LabPreparationGuidelines,
  LabReportListItem,
  LabReportListPage,
};

/** The reports read to find one order's report (the API's largest page). */
export const LAB_REPORTS_LIMIT = 50;

export const labKeys = {
  all: ['lab-panels'] as const,
  latestPanel: (userId: string) => ['lab-panels', userId, 'latest'] as const,
  list: (userId: string, page: number, status: LabListStatusFilter) =>
    ['lab-panels', userId, 'list', page, status] as const,
  analysis: (reportId: string) => ['lab-analysis', reportId] as const,
  bioAge: (panelId: string) => ['lab-analysis', 'bio-age', panelId] as const,
  /** Under labKeys.all, so ordering a lab refreshes them. */
  reports: (userId: string) => ['lab-panels', userId, 'reports', LAB_REPORTS_LIMIT] as const,
  preparation: (panelId: string) => ['lab-panels', 'preparation', panelId] as const,
  /** The labs app's reads of one panel (002 §2.3), under labKeys.all so ordering refreshes them. */
  panel: (panelId: string, what: string, ...rest: (string | null)[]) =>
    ['lab-panels', 'panel', panelId, what, ...rest] as const,
};

/** `?reportId=` of the panel reads: omitted, the panel's latest reviewed report. */
const reportQuery = (reportId: string | null | undefined) => (reportId ? { reportId } : undefined);
const panelPath = (panelId: string, rest: string) => `/v2/labs/patient/panels/${seg(panelId)}/${rest}`;

/** GET …/panels/{panelId}/overview (002 §7.1): the panel, one reviewed report's summary and the panel's reports. */
export function labOverviewQueryOptions(panelId: string, reportId: string | null = null) {
  return queryOptions({
    queryKey: labKeys.panel(panelId, 'overview', reportId),
    queryFn: ({ signal }) =>
      apiRequest<LabPanelOverview>(panelPath(panelId, 'overview'), { query: reportQuery(reportId), signal }),
  });
}

/** GET …/panels/{panelId}/report/analysis (002 §7.1): a reviewed report's analysis, the latest without reportId. */
export function labReportAnalysisQueryOptions(panelId: string, reportId: string | null = null) {
  return queryOptions({
    queryKey: labKeys.panel(panelId, 'analysis', reportId),
    queryFn: ({ signal }) =>
      apiRequest<LabAnalysis>(panelPath(panelId, 'report/analysis'), {
        query: reportQuery(reportId),
        signal,
      }),
  });
}

/** GET …/panels/{panelId}/all-biomarkers (002 §7.1): the report's markers grouped by category. */
export function labAllBiomarkersQueryOptions(panelId: string, reportId: string | null = null) {
  return queryOptions({
    queryKey: labKeys.panel(panelId, 'all-biomarkers', reportId),
    queryFn: ({ signal }) =>
      apiRequest<LabAllBiomarkers>(panelPath(panelId, 'all-biomarkers'), {
        query: reportQuery(reportId),
        signal,
      }),
  });
}

/** GET …/panels/{panelId}/categories/{slug} (002 §7.1): one category of the report with its markers. */
export function labCategoryQueryOptions(panelId: string, slug: string, reportId: string | null = null) {
  return queryOptions({
    queryKey: labKeys.panel(panelId, 'category', slug, reportId),
    queryFn: ({ signal }) =>
      apiRequest<LabCategory>(panelPath(panelId, `categories/${seg(slug)}`), {
        query: reportQuery(reportId),
        signal,
      }),
  });
}

/** GET …/panels/{panelId}/markers/{biomarkerId} (002 §7.1): one biomarker in the report and its history. */
export function labMarkerQueryOptions(panelId: string, biomarkerId: string, reportId: string | null = null) {
  return queryOptions({
    queryKey: labKeys.panel(panelId, 'marker', biomarkerId, reportId),
    queryFn: ({ signal }) =>
      apiRequest<LabBiomarkerDetail>(panelPath(panelId, `markers/${seg(biomarkerId)}`), {
        query: reportQuery(reportId),
        signal,
      }),
  });
}

/** GET …/panels/{panelId}/appointment (002 §7.1): the lab visit of the panel's latest report. */
export function labAppointmentQueryOptions(panelId: string) {
  return queryOptions({
    queryKey: labKeys.panel(panelId, 'appointment'),
    queryFn: ({ signal }) => apiRequest<LabAppointment>(panelPath(panelId, 'appointment'), { signal }),
  });
}

/** GET /v2/labs/patient/panels (002 §4.1): one page of the patient's lab panels. */
export function getLabPanels(page: number, signal?: AbortSignal): Promise<{ docs?: LabPanelEntry[] }> {
  return apiRequest<{ docs?: LabPanelEntry[] }>(LAB_PANELS_PATH, { query: { page }, signal });
}

/** The first page of lab panels, read for the latest one (the Labs link). */
export function latestLabPanelsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: labKeys.latestPanel(userId),
    queryFn: ({ signal }) => getLabPanels(1, signal),
  });
}

/**
 * GET /v2/labs/patient/panels?page=&status= (002 §2.2, §7.1): one page of the labs list under a filter tab;
 * Show All sends no status.
 */
export function labPanelsQueryOptions(userId: string, page: number, status: LabListStatusFilter) {
  return queryOptions({
    queryKey: labKeys.list(userId, page, status),
    queryFn: ({ signal }) =>
      apiRequest<LabPanelListPage>(LAB_PANELS_PATH, {
        query: { page, status: status === 'all' ? undefined : status },
        signal,
      }),
    // the current page stays on screen while the next one loads
    placeholderData: keepPreviousData,
  });
}

/** GET /v2/labs/results/{reportId} (002 §2.4, §7.1): a reviewed report's analysis with all its markers. */
export function labAnalysisQueryOptions(reportId: string) {
  return queryOptions({
    queryKey: labKeys.analysis(reportId),
    queryFn: ({ signal }) => apiRequest<LabAnalysis>(`/v2/labs/results/${seg(reportId)}`, { signal }),
  });
}

/**
 * GET /v2/labs/patient/panels/{panelId}/bio-age/overview (002 §7.1): the biological age of the panel's latest
 * reviewed report with the markers and sample date it used, or what is missing.
 */
export function labBioAgeQueryOptions(panelId: string) {
  return queryOptions({
    queryKey: labKeys.bioAge(panelId),
    queryFn: ({ signal }) =>
      apiRequest<LabBioAgeOverview>(`/v2/labs/patient/panels/${seg(panelId)}/bio-age/overview`, { signal }),
  });
}

/** GET /v2/labs/results?limit=50 (002 §2.5, §7.1): the patient's newest lab reports, each with its order. */
export function labReportsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: labKeys.reports(userId),
    queryFn: ({ signal }) =>
      apiRequest<LabReportListPage>('/v2/labs/results', { query: { limit: LAB_REPORTS_LIMIT }, signal }),
  });
}

/** The report of an order among the patient's reports, or null when there is none (yet). */
export function reportOfOrder(
  page: LabReportListPage | undefined,
  orderId: string | undefined,
): LabReportListItem | null {
  if (!page || !orderId) return null;
  return page.docs.find((r) => r.order?._id === orderId) ?? null;
}

/** GET /v2/labs/patient/panels/{panelId}/preparation-guidelines (002 §2.5, §9): how to prepare for the draw. */
export function labPreparationQueryOptions(panelId: string) {
  return queryOptions({
    queryKey: labKeys.preparation(panelId),
    queryFn: ({ signal }) =>
      apiRequest<LabPreparationGuidelines>(`/v2/labs/patient/panels/${seg(panelId)}/preparation-guidelines`, {
        signal,
      }),
  });
}

/** GET /v2/labs/results/{reportId}/download (002 §7.1): the report as a PDF, named after its title. */
export async function downloadLabResults(reportId: string, title: string): Promise<DownloadedFile> {
  const response = await apiFetch(`/v2/labs/results/${seg(reportId)}/download`);
  return { blob: await response.blob(), fileName: `${title}.pdf` };
}

/**
 * GET /v2/labs/results/{reportId}/fhir (issue 14 §9): the report as a FHIR R4 Bundle, for the patient to take to
 * another clinic or app.
 */
export async function downloadLabFhir(reportId: string, title: string): Promise<DownloadedFile> {
  const response = await apiFetch(`/v2/labs/results/${seg(reportId)}/fhir`);
  return { blob: await response.blob(), fileName: `${title}.fhir.json` };
}

/** GET /v2/labs/results/{reportId}/form/download (002 §4.3): the lab requisition form as a PDF. */
export async function downloadLabForm(reportId: string): Promise<DownloadedFile> {
  return readDownload(
    await apiFetch(`/v2/labs/results/${seg(reportId)}/form/download`),
    `lab-requisition-${reportId}.pdf`,
  );
}

/**
 * Order Lab (002 §4.1, §7.2): the lab's priced product (the template's default price, else its first), then
 * POST /v2/orders/patient (quantity 1) and POST /v2/orders/{orderId}/submit. Resolves with the order's id.
 */
export async function orderLab(product: { _id: string; name: string }, now = new Date()): Promise<string> {
  const prices = await getTemplateProducts(product._id);
  const price = prices.find((p) => p.pricing.default) ?? prices[0];
  const order = await apiRequest<Order>('/v2/orders/patient', {
    method: 'POST',
    body: {
      name: orderName(now, product.name),
      product_template: product._id,
      product: price?._id ?? product._id,
      quantity: 1,
    },
  });
  await submitOrder(order._id);
  return order._id;
}
