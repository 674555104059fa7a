import type {
  LabAllBiomarkers,
  LabAnalysis,
  LabAppointment,
  LabBioAgeOverview,
  LabBiomarkerDetail,
  LabCategory,
  LabListQuery,
  LabMarker,
  LabPanelListItem,
  LabPanelListPage,
  LabPanelOverview,
  LabPreparationGuidelines,
  LabProduct,
  LabProductPanel,
  LabReportListItem,
  LabReportListPage,
  LabReportSummary,
  LabResultQuery,
  LatestReport,
} from '@portal/domain/contracts/labs';
import { BIOMARKER_CATEGORIES, findBiomarker, UNIT_LABELS } from '@portal/domain/labs/biomarkers';
import { biomarkerHistory, type HistoryPoint } from '@portal/domain/labs/history';
import {
  labPrimaryAction,
  labStage,
  labStatusBar,
  matchesLabFilter,
  optimizedPercent,
} from '@portal/domain/labs/status';
import { Errors } from '../../platform/errors';
import type { LabsRepository, MarkerRow, ReportRow } from './labs.repository';
import { ageOnSample, bioAgeYears, reportBiologicalAge, toLabMarker } from './labs.rules';

/** 002 §9: fast 12 hours (water only); no strenuous exercise for 12 hours. */
const FASTING_HOURS = 12;
const NO_EXERCISE_HOURS = 12;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function page<T>(all: readonly T[], query: { page: number; limit: number }) {
  const totalDocs = all.length;
  const totalPages = Math.max(1, Math.ceil(totalDocs / query.limit));
  const start = (query.page - 1) * query.limit;
  return {
    docs: all.slice(start, start + query.limit),
    page: query.page,
    limit: query.limit,
    totalDocs,
    totalPages,
    hasNextPage: query.page < totalPages,
    hasPrevPage: query.page > 1,
  };
}

const productOf = (r: {
  productId: string;
  productName: string;
  productDescription: string;
  productImages: string[];
}): LabProduct => ({
  _id: r.productId,
  name: r.productName,
  description: r.productDescription,
  images: r.productImages,
});

const orderOf = (r: ReportRow) =>
  r.orderId ? { _id: r.orderId, status: { fulfilled: r.orderStatus === 'fulfilled' } } : null;

function latestReportOf(r: ReportRow): LatestReport {
  const bar = labStatusBar(r.status);
  return {
    _id: r.id,
    statusChangedAt: r.statusChangedAt.toISOString(),
    status: { id: r.status, name: bar.label, description: bar.tooltip ?? bar.label },
  };
}

function summaryOf(r: ReportRow): LabReportSummary {
  return {
    _id: r.id,
    status: r.status,
    stage: labStage(r.status),
    title: r.title,
    created_at: r.createdAt.toISOString(),
    statusChangedAt: r.statusChangedAt.toISOString(),
    collected_at: iso(r.collectedAt),
    reviewed_at: iso(r.reviewedAt),
  };
}

/** The report's categories in the catalogue's order; others after them, as they first appear. */
function categoriesOf(markers: readonly LabMarker[]): { name: string; slug: string }[] {
  const seen = new Map<string, string>();
  for (const m of markers) if (!seen.has(m.category)) seen.set(m.category, m.categorySlug);
  const rank = (name: string) => {
    const i = (BIOMARKER_CATEGORIES as readonly string[]).indexOf(name);
    return i === -1 ? BIOMARKER_CATEGORIES.length : i;
  };
  return [...seen.entries()]
    .map(([name, slug], i) => ({ name, slug, i }))
    .sort((a, b) => rank(a.name) - rank(b.name) || a.i - b.i)
    .map(({ name, slug }) => ({ name, slug }));
}

const takenOnOf = (r: ReportRow) => r.collectedAt ?? r.reviewedAt ?? r.statusChangedAt;

/** The patient's labs (002 §7.1): every read is the caller's own, another patient's report or panel is 404. */
export function createLabsService(deps: { repo: LabsRepository }) {
  const { repo } = deps;

  async function patientOf(userId: string) {
    const p = await repo.patient(userId);
    return { birthday: p?.birthday ?? null, sex: p?.sex ?? null };
  }

  /** The patient's reports of a panel, newest first; 404 when they have none (the panel is not theirs). */
  async function panelReports(userId: string, panelId: string): Promise<ReportRow[]> {
    const reports = await repo.reportsOf(userId, panelId);
    if (reports.length === 0) throw Errors.notFound('The lab panel');
    return reports;
  }

  /** A reviewed report of the panel: the one asked for, or the latest; 404 when there is none. */
  function reviewedReport(reports: readonly ReportRow[], reportId?: string): ReportRow {
    const found = reportId
      ? reports.find((r) => r.id === reportId)
      : reports.find((r) => r.status === 'reviewed');
    if (!found) throw Errors.notFound('The lab report');
    if (found.status !== 'reviewed') throw Errors.notFound('The results of this lab report');
    return found;
  }

  async function markersView(report: ReportRow, sex: 'male' | 'female' | null) {
    const rows = await repo.markersOf([report.id]);
    return { rows, markers: rows.map((m) => toLabMarker(m, sex)) };
  }

  function analysisOf(
    report: ReportRow,
    rows: readonly MarkerRow[],
    markers: readonly LabMarker[],
    birthday: string | null,
  ): LabAnalysis {
    const bio = reportBiologicalAge(birthday, takenOnOf(report), rows);
    return {
      _id: report.id,
      panelId: report.panelId,
      title: report.title,
      status: report.status,
      reviewer:
        report.reviewerFirstName && report.reviewerLastName
          ? {
              first_name: report.reviewerFirstName,
              last_name: report.reviewerLastName,
              profile_img: { url: report.reviewerImage },
            }
          : null,
      updated_at: report.updatedAt.toISOString(),
      reviewed_at: iso(report.reviewedAt),
      collected_at: iso(report.collectedAt),
      text: report.text ?? null,
      optimized: optimizedPercent(markers.map((m) => m.rangeCategory)),
      bioAge: bioAgeYears(bio),
      panelCategoryNames: categoriesOf(markers).map((c) => c.name),
      markers: [...markers],
    };
  }

  async function analysis(userId: string, report: ReportRow): Promise<LabAnalysis> {
    const patient = await patientOf(userId);
    const { rows, markers } = await markersView(report, patient.sex);
    return analysisOf(report, rows, markers, patient.birthday);
  }

  return {
    /** GET /v2/labs/patient/panels: the patient's panels, the one with the newest report first. */
    async panels(userId: string, query: LabListQuery): Promise<LabPanelListPage> {
      const reports = await repo.reportsOf(userId);
      const byPanel = new Map<string, ReportRow[]>();
      for (const r of reports) byPanel.set(r.panelId, [...(byPanel.get(r.panelId) ?? []), r]);
      const items: LabPanelListItem[] = [...byPanel.values()].map((ofPanel) => {
        const latest = ofPanel[0]!;
        return {
          _id: latest.panelId,
          panelId: latest.panelId,
          name: latest.panelName,
          status: latest.status,
          stage: labStage(latest.status),
          followUp: ofPanel.length > 1,
          product: productOf(latest),
          order: orderOf(latest),
          latestReport: latestReportOf(latest),
          reportCount: ofPanel.length,
        };
      });
      const filter = query.status ?? 'all';
      return page(
        items.filter((i) => matchesLabFilter(i.status, filter)),
        query,
      );
    },

    /** …/report/analysis: a reviewed report of the panel (the latest unless reportId). */
    async panelAnalysis(userId: string, panelId: string, reportId?: string): Promise<LabAnalysis> {
      return analysis(userId, reviewedReport(await panelReports(userId, panelId), reportId));
    },

    /** …/categories/{slug}: one category's markers of a reviewed report; 404 for a category it does not have. */
    async category(userId: string, panelId: string, slug: string, reportId?: string): Promise<LabCategory> {
      const report = reviewedReport(await panelReports(userId, panelId), reportId);
      const { markers } = await markersView(report, (await patientOf(userId)).sex);
      const inCategory = markers.filter((m) => m.categorySlug === slug);
      if (inCategory.length === 0) throw Errors.notFound('The category');
      return { reportId: report.id, name: inCategory[0]!.category, slug, markers: inCategory };
    },

    /** …/all-biomarkers: the markers of a reviewed report, by category. */
    async allBiomarkers(userId: string, panelId: string, reportId?: string): Promise<LabAllBiomarkers> {
      const report = reviewedReport(await panelReports(userId, panelId), reportId);
      const { markers } = await markersView(report, (await patientOf(userId)).sex);
      return {
        reportId: report.id,
        collected_at: iso(report.collectedAt),
        categories: categoriesOf(markers).map((c) => ({
          ...c,
          markers: markers.filter((m) => m.category === c.name),
        })),
      };
    },

    /** …/bio-age/overview: PhenoAge of the latest reviewed report, or what is missing; never a guess. */
    async bioAge(userId: string, panelId: string): Promise<LabBioAgeOverview> {
      const reports = await panelReports(userId, panelId);
      const report = reports.find((r) => r.status === 'reviewed');
      if (!report) return { available: false, reportId: null, missing: [], unusable: [] };
      const patient = await patientOf(userId);
      const rows = await repo.markersOf([report.id]);
      const result = reportBiologicalAge(patient.birthday, takenOnOf(report), rows);
      if (!('value' in result)) {
        return {
          available: false,
          reportId: report.id,
          missing: result.missing,
          unusable: result.unusable.map((u) => ({ marker: u.marker, reason: u.reason })),
        };
      }
      return {
        available: true,
        reportId: report.id,
        value: bioAgeYears(result)!,
        // biologicalAge has a value only with an age, so the birthday is there
        chronologicalAge: ageOnSample(patient.birthday, takenOnOf(report)) ?? 0,
        convention: result.convention,
        takenOn: result.takenOn,
        markersUsed: result.markersUsed.map((m) => ({
          marker: m.marker,
          name: m.name,
          loinc: m.loinc,
          value: m.value,
          unit: UNIT_LABELS[m.unit],
          modelValue: m.modelValue,
          modelUnit: UNIT_LABELS[m.modelUnit],
        })),
      };
    },

    /** …/preparation-guidelines (002 §2.5, §9). */
    async preparation(userId: string, panelId: string): Promise<LabPreparationGuidelines> {
      const [latest] = await panelReports(userId, panelId);
      return {
        panelId,
        name: latest!.panelName,
        guidelines: latest!.preparationGuidelines,
        fastingHours: FASTING_HOURS,
        noExerciseHours: NO_EXERCISE_HOURS,
      };
    },

    /** …/overview: the panel, one reviewed report's summary (or null) and the panel's reports. */
    async overview(userId: string, panelId: string, reportId?: string): Promise<LabPanelOverview> {
      const reports = await panelReports(userId, panelId);
      const latest = reports[0]!;
      const anyReviewed = reports.some((r) => r.status === 'reviewed');
      let report: LabPanelOverview['report'] = null;
      if (reportId || anyReviewed) {
        const chosen = reviewedReport(reports, reportId);
        const a = await analysis(userId, chosen);
        const count = (c: string | null) => a.markers.filter((m) => m.rangeCategory === c).length;
        report = {
          _id: chosen.id,
          title: chosen.title,
          collected_at: iso(chosen.collectedAt),
          reviewed_at: iso(chosen.reviewedAt),
          optimized: a.optimized,
          bioAge: a.bioAge,
          markerCount: a.markers.length,
          rangeCounts: {
            optimal: count('optimal'),
            borderline: count('borderline'),
            'high-low': count('high-low'),
            none: count(null),
          },
          categories: categoriesOf(a.markers).map((c) => ({
            ...c,
            markerCount: a.markers.filter((m) => m.category === c.name).length,
          })),
        };
      }
      return {
        panelId,
        name: latest.panelName,
        description: latest.panelDescription,
        product: productOf(latest),
        latestReport: latestReportOf(latest),
        report,
        reports: reports.map(summaryOf),
      };
    },

    /**
     * …/markers/{biomarkerId}: the biomarker in a reviewed report of the panel and its history across all the
     * patient's reviewed reports (history.ts). 404 for a key the catalogue does not know.
     */
    async biomarker(
      userId: string,
      panelId: string,
      biomarkerId: string,
      reportId?: string,
    ): Promise<LabBiomarkerDetail> {
      const found = findBiomarker(biomarkerId);
      if (!found || found.key !== biomarkerId) throw Errors.notFound('The biomarker');
      const reports = await panelReports(userId, panelId);
      const chosen =
        reportId || reports.some((r) => r.status === 'reviewed') ? reviewedReport(reports, reportId) : null;
      const patient = await patientOf(userId);
      const reviewed = (await repo.reportsOf(userId)).filter((r) => r.status === 'reviewed');
      const rows = await repo.markersOf(reviewed.map((r) => r.id));
      const history = biomarkerHistory(
        found.key,
        reviewed.map((r) => ({
          reportId: r.id,
          takenOn: takenOnOf(r).toISOString(),
          results: rows.filter((m) => m.reportId === r.id),
        })),
        { sex: patient.sex },
      );
      const point = (p: HistoryPoint) => ({
        reportId: p.reportId,
        takenOn: p.takenOn,
        value: p.value,
        unit: UNIT_LABELS[p.unit],
        loinc: p.loinc,
        classification: p.classification,
      });
      const row = chosen
        ? rows.find((m) => m.reportId === chosen.id && findBiomarker(m.code)?.key === found.key)
        : undefined;
      return {
        id: found.key,
        name: found.name,
        category: found.category,
        marker: row ? toLabMarker(row, patient.sex) : null,
        history: {
          unit: history.unit ? UNIT_LABELS[history.unit] : null,
          points: history.points.map(point),
          apart: history.apart.map(point),
        },
      };
    },

    /** …/appointment: no lab appointment is kept yet (walk-in partner labs); the panel must be the patient's. */
    async appointment(userId: string, panelId: string): Promise<LabAppointment> {
      const [latest] = await panelReports(userId, panelId);
      return { panelId, reportId: latest!.id, appointment: null, payable: false };
    },

    /** …/pay-appointment: nothing to pay for a walk-in visit; a clear 400, never a pretend payment. */
    async payAppointment(userId: string, panelId: string): Promise<never> {
      await panelReports(userId, panelId);
      throw Errors.badRequest(
        'Paying for a lab appointment is not available: lab visits are walk-in at our partner labs and are included in your panel.',
        'NotAvailable',
      );
    },

    /** GET /v2/labs/results: the patient's reports, newest first (002 §3 Lab report). */
    async results(userId: string, query: LabListQuery): Promise<LabReportListPage> {
      const reports = await repo.reportsOf(userId);
      const filter = query.status ?? 'all';
      const items: LabReportListItem[] = reports
        .filter((r) => matchesLabFilter(r.status, filter))
        .map((r) => {
          const order = orderOf(r);
          return {
            _id: r.id,
            panelId: r.panelId,
            title: r.title,
            status: r.status,
            stage: labStage(r.status),
            primaryAction: labPrimaryAction({ status: r.status, order }),
            product: productOf(r),
            order,
            organization: r.organizationId,
            statusChangedAt: r.statusChangedAt.toISOString(),
            created_at: r.createdAt.toISOString(),
            updated_at: r.updatedAt.toISOString(),
          };
        });
      return page(items, query);
    },

    /** GET /v2/labs/results/{reportId}: the analysis, markers filtered by range and category; 404 until reviewed. */
    async result(userId: string, reportId: string, query: LabResultQuery): Promise<LabAnalysis> {
      const found = await repo.reportWithMarkers(userId, reportId);
      if (!found) throw Errors.notFound('The lab report');
      const report = reviewedReport([found.report], reportId);
      const { sex, birthday } = found.patient;
      const a = analysisOf(
        report,
        found.markers,
        found.markers.map((m) => toLabMarker(m, sex)),
        birthday,
      );
      const name = query.categoryName?.toLowerCase();
      return {
        ...a,
        markers: a.markers.filter(
          (m) =>
            (!query.rangeType || m.rangeCategory === query.rangeType) &&
            (!name || m.category.toLowerCase() === name),
        ),
      };
    },

    /** GET /v2/labs/product/{productId}/panel: the clinic's panel sold as this product, or null. */
    async productPanel(organizationId: string, productId: string): Promise<LabProductPanel> {
      const panel = await repo.panelOfProduct(organizationId, productId);
      if (!panel) return null;
      return {
        _id: panel.id,
        name: panel.name,
        slug: panel.slug,
        description: panel.description,
        product: productOf(panel),
        biomarkers: panel.markers.map((m) => {
          const u = findBiomarker(m.code);
          const unit = u?.units.find((x) => x.unit === m.unit)?.unit;
          return { id: m.code, name: m.name, category: m.category, unit: unit ? UNIT_LABELS[unit] : m.unit };
        }),
        preparationGuidelines: panel.preparationGuidelines,
      };
    },
  };
}
