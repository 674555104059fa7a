/**
 * The patient side of the labs API (issue 14, 002 §2.2–2.5, §3, §4.1–4.3, §7.1).
 *
 * Ids in paths:
 * - `{panelId}` in /v2/labs/patient/panels/{panelId}/… is the id of the LAB PANEL (the test the clinic sells,
 *   table lab_panels), the same as a labs-list item's `_id` and `panelId`. A list item groups the patient's
 *   reports of that panel (the first order and any follow-up); `latestReport` is the newest of them. A panel
 *   the patient has no report of answers 404, like a report of another patient.
 * - `{reportId}` is the id of one of the patient's lab reports (one run of a panel, table lab_reports).
 * - `{biomarkerId}` is the catalogue's key of a biomarker (packages/domain/src/labs/biomarkers.ts: 'apob',
 *   'hs_crp', …), the markers' `id`.
 * - `{productId}` in /v2/labs/product/{productId}/panel is a product template's id or a priced product's id.
 *
 * Staff of the patient's clinic (and the patient) read the same list and analysis under
 * /v2/labs/patients/{userId}/results and /v2/labs/patients/{userId}/results/{reportId} (LabReportListPage,
 * LabAnalysis).
 *
 * Results are shown only once a report is reviewed: analysis, biomarkers, biological age and history read
 * reviewed reports only. Classification, the optimized percentage and the biological age come from the
 * domain rules (labs/ranges.ts, labs/status.ts, labs/biological-age.ts); a marker's ranges are the
 * catalogue's reference and optimal layers (ranges.ts layeredRanges) in the marker's unit and the patient's
 * sex. Bounds are inclusive (002 §4.2); a missing/null bound is open-ended.
 */
import { z } from 'zod';
import { Id } from './common';

/** Labs-list items per page unless the query says otherwise. */
export const LABS_PAGE_SIZE = 10;
export const LABS_PAGE_MAX = 50;

export const LAB_REPORT_STATUSES = ['created', 'ordered', 'received', 'reviewed'] as const;
export const LabReportStatus = z.enum(LAB_REPORT_STATUSES);
export type LabReportStatus = z.infer<typeof LabReportStatus>;

/** The list's filter (002 §2.2): 'ordered' covers created and ordered; 'all' or none, every status. */
export const LabListStatusFilter = z.enum(['all', 'reviewed', 'received', 'ordered']);
export type LabListStatusFilter = z.infer<typeof LabListStatusFilter>;

/** The range filter of the analysis (002 §2.4): Optimal, Needs Improvement, Needs Attention. */
export const LabRangeCategory = z.enum(['optimal', 'borderline', 'high-low']);
export type LabRangeCategory = z.infer<typeof LabRangeCategory>;

/** A range's type (002 §3 Range). */
export const LabRangeType = z.enum(['low', 'high', 'normal', 'optimal', 'borderline', 'high-low']);
export type LabRangeType = z.infer<typeof LabRangeType>;

/** The stage the status bar shows (002 §4.1). */
export const LabStage = z.enum(['pending', 'prepared', 'awaiting', 'reviewed']);
export type LabStage = z.infer<typeof LabStage>;

/** GET /v2/labs/patient/panels and GET /v2/labs/results. */
export const LabListQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(LABS_PAGE_MAX).default(LABS_PAGE_SIZE),
    status: LabListStatusFilter.optional(),
  })
  .strict();
export type LabListQuery = z.infer<typeof LabListQuery>;

/** Path params. */
export const LabPanelParams = z.object({ panelId: Id }).strict();
export const LabCategoryParams = z
  .object({
    panelId: Id,
    slug: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A category slug, such as heart.')
      .max(64),
  })
  .strict();
export const BiomarkerKeyParam = z.string().regex(/^[a-z0-9_]{1,64}$/, "A biomarker's key, such as apob.");
export const LabMarkerParams = z.object({ panelId: Id, biomarkerId: BiomarkerKeyParam }).strict();
export const LabReportParams = z.object({ reportId: Id }).strict();
export const LabProductParams = z.object({ productId: Id }).strict();

/** ?reportId= of …/report/analysis, …/overview, …/all-biomarkers, …/categories/{slug}: omitted, the latest reviewed. */
export const LabReportQuery = z.object({ reportId: Id.optional() }).strict();
export type LabReportQuery = z.infer<typeof LabReportQuery>;

/** GET /v2/labs/results/{reportId}: filters of the markers (category by its name, as panelCategoryNames). */
export const LabResultQuery = z
  .object({
    rangeType: LabRangeCategory.optional(),
    categoryName: z.string().trim().min(1).max(100).optional(),
  })
  .strict();
export type LabResultQuery = z.infer<typeof LabResultQuery>;

/** The product a lab is bought as (002 §3). */
export const LabProduct = z.object({
  _id: Id,
  name: z.string(),
  description: z.string(),
  images: z.array(z.string()),
});
export type LabProduct = z.infer<typeof LabProduct>;

/** A report's status as the list shows it (002 §3 latestReport.status): id the raw status, name the stage. */
export const LabReportStatusInfo = z.object({
  id: LabReportStatus,
  /** The status bar's label: Visit Form Pending, Prepared, Awaiting Results, Results Ready. */
  name: z.string(),
  /** The tooltip of the stage (002 §4.1), or the label where 002 gives none. */
  description: z.string(),
});

export const LatestReport = z.object({
  _id: Id,
  statusChangedAt: z.string(),
  status: LabReportStatusInfo,
});
export type LatestReport = z.infer<typeof LatestReport>;

/** An item of GET /v2/labs/patient/panels (002 §3 Lab panel list item). `_id` and `panelId` are the lab panel's id. */
export const LabPanelListItem = z.object({
  _id: Id,
  panelId: Id,
  name: z.string(),
  /** The latest report's status, or 'pending' for one 002 does not name. */
  status: z.union([LabReportStatus, z.literal('pending')]),
  /** The stage of the status bar (002 §4.1). */
  stage: LabStage,
  /** True when the latest report repeats an earlier one of the panel (a follow-up test). */
  followUp: z.boolean(),
  product: LabProduct,
  /** The latest report's order; status.fulfilled feeds the primary button (status.ts labPrimaryAction). */
  order: z.object({ _id: Id, status: z.object({ fulfilled: z.boolean() }) }).nullable(),
  latestReport: LatestReport,
  /** Reports of the panel the patient has, all statuses. */
  reportCount: z.number().int(),
});
export type LabPanelListItem = z.infer<typeof LabPanelListItem>;

const paged = <T extends z.ZodTypeAny>(doc: T) =>
  z.object({
    docs: z.array(doc),
    page: z.number().int(),
    limit: z.number().int(),
    totalDocs: z.number().int(),
    totalPages: z.number().int(),
    hasNextPage: z.boolean(),
    hasPrevPage: z.boolean(),
  });

export const LabPanelListPage = paged(LabPanelListItem);
export type LabPanelListPage = z.infer<typeof LabPanelListPage>;

/** A range of a marker (002 §3): bounds inclusive, null open-ended. */
export const LabRange = z.object({
  type: LabRangeType,
  min: z.number().nullable(),
  max: z.number().nullable(),
});
export type LabRange = z.infer<typeof LabRange>;

/** A measured biomarker of a report (002 §3 Marker). */
export const LabMarker = z.object({
  /** The catalogue's key ({biomarkerId}). */
  id: z.string(),
  name: z.string(),
  /** The unit as written for the patient (µIU/mL), see `ucum` for the code. */
  unit: z.string(),
  /** The UCUM code of the unit, null when the catalogue does not know it. */
  ucum: z.string().nullable(),
  /** The LOINC code of the result in its unit, null when unknown. */
  loinc: z.string().nullable(),
  /** As measured; display with displayValue (2 decimals, negatives as 0). */
  value: z.number(),
  ranges: z.array(LabRange),
  /** The range the value falls in; null for no range. */
  rangeType: LabRangeType.nullable(),
  /** The filter it falls under; null for no range. */
  rangeCategory: LabRangeCategory.nullable(),
  category: z.string(),
  categorySlug: z.string(),
  legend: z.object({ suggestion: z.string().nullable(), description: z.string() }),
});
export type LabMarker = z.infer<typeof LabMarker>;

export const LabReviewer = z.object({
  first_name: z.string(),
  last_name: z.string(),
  profile_img: z.object({ url: z.string().nullable() }),
});

/** The biological age shown on the analysis (002 §2.4): years, only when a value exists. */
export const LabAnalysis = z.object({
  _id: Id,
  panelId: Id,
  /** Default "Lab Panel Results". */
  title: z.string(),
  status: LabReportStatus,
  reviewer: LabReviewer.nullable(),
  updated_at: z.string(),
  reviewed_at: z.string().nullable(),
  collected_at: z.string().nullable(),
  /** The clinical team's message, markdown. */
  text: z.object({ intro: z.string(), main: z.string(), conclusion: z.string() }).nullable(),
  /** Whole percent of markers in the Optimal filter (status.ts optimizedPercent); null when none has a range. */
  optimized: z.number().int().nullable(),
  /** PhenoAge in years (biological-age.ts, the paper's ln CRP), rounded to 1 decimal; null when not computable. */
  bioAge: z.number().nullable(),
  /** The report's categories, in catalogue order (the category filter: All plus these). */
  panelCategoryNames: z.array(z.string()),
  markers: z.array(LabMarker),
});
export type LabAnalysis = z.infer<typeof LabAnalysis>;

/** A category with its markers: GET …/categories/{slug}. */
export const LabCategory = z.object({
  reportId: Id,
  name: z.string(),
  slug: z.string(),
  markers: z.array(LabMarker),
});
export type LabCategory = z.infer<typeof LabCategory>;

/** GET …/all-biomarkers: the report's markers grouped by category, in catalogue order. */
export const LabAllBiomarkers = z.object({
  reportId: Id,
  collected_at: z.string().nullable(),
  categories: z.array(z.object({ name: z.string(), slug: z.string(), markers: z.array(LabMarker) })),
});
export type LabAllBiomarkers = z.infer<typeof LabAllBiomarkers>;

export const PhenoAgeRequirement = z.enum([
  'age',
  'albumin',
  'creatinine',
  'glucose',
  'hs_crp',
  'lymphocytes_pct',
  'mcv',
  'rdw',
  'alp',
  'wbc',
]);

/**
 * GET …/bio-age/overview: the biological age of the latest reviewed report, with the markers, convention
 * and date it used; or, when it cannot be computed, what is missing. Never a guess.
 */
export const LabBioAgeOverview = z.discriminatedUnion('available', [
  z.object({
    available: z.literal(true),
    reportId: Id,
    /** Years, rounded to 1 decimal. */
    value: z.number(),
    /** Age in whole years on the day of the sample. */
    chronologicalAge: z.number().int(),
    /** 'ln' (the paper's ln CRP) or 'ln1p'. */
    convention: z.enum(['ln', 'ln1p']),
    /** The date of the sample (YYYY-MM-DD). */
    takenOn: z.string().nullable(),
    markersUsed: z.array(
      z.object({
        marker: z.string(),
        name: z.string(),
        loinc: z.string(),
        value: z.number(),
        unit: z.string(),
        modelValue: z.number(),
        modelUnit: z.string(),
      }),
    ),
  }),
  z.object({
    available: z.literal(false),
    /** Null when the patient has no reviewed report of the panel. */
    reportId: Id.nullable(),
    missing: z.array(PhenoAgeRequirement),
    unusable: z.array(z.object({ marker: PhenoAgeRequirement, reason: z.string() })),
  }),
]);
export type LabBioAgeOverview = z.infer<typeof LabBioAgeOverview>;

/** GET …/preparation-guidelines (002 §2.5, §9). */
export const LabPreparationGuidelines = z.object({
  panelId: Id,
  name: z.string(),
  guidelines: z.array(z.string()),
  /** 002 §9: fast 12 hours (water only), no strenuous exercise for 12 hours. */
  fastingHours: z.number().int(),
  noExerciseHours: z.number().int(),
});
export type LabPreparationGuidelines = z.infer<typeof LabPreparationGuidelines>;

/** A report of the panel, for the overview's history. */
export const LabReportSummary = z.object({
  _id: Id,
  status: LabReportStatus,
  stage: LabStage,
  title: z.string(),
  created_at: z.string(),
  statusChangedAt: z.string(),
  collected_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
});
export type LabReportSummary = z.infer<typeof LabReportSummary>;

/**
 * GET …/overview (?reportId): the panel and one reviewed report (the latest without reportId; null when none
 * is reviewed yet), with the count of markers in each range filter and the reports of the panel, newest first.
 */
export const LabPanelOverview = z.object({
  panelId: Id,
  name: z.string(),
  description: z.string(),
  product: LabProduct,
  latestReport: LatestReport,
  report: z
    .object({
      _id: Id,
      title: z.string(),
      collected_at: z.string().nullable(),
      reviewed_at: z.string().nullable(),
      optimized: z.number().int().nullable(),
      bioAge: z.number().nullable(),
      markerCount: z.number().int(),
      rangeCounts: z.object({
        optimal: z.number().int(),
        borderline: z.number().int(),
        'high-low': z.number().int(),
        none: z.number().int(),
      }),
      categories: z.array(z.object({ name: z.string(), slug: z.string(), markerCount: z.number().int() })),
    })
    .nullable(),
  reports: z.array(LabReportSummary),
});
export type LabPanelOverview = z.infer<typeof LabPanelOverview>;

export const LabHistoryPoint = z.object({
  reportId: Id,
  takenOn: z.string(),
  value: z.number(),
  unit: z.string(),
  loinc: z.string(),
  classification: z.enum(['optimal', 'normal', 'borderline', 'low', 'high']).nullable(),
});

/**
 * GET …/markers/{biomarkerId}: the biomarker in the chosen report (latest reviewed of the panel, or ?reportId)
 * and its history across all the patient's reviewed reports, oldest first (labs/history.ts).
 */
export const LabBiomarkerDetail = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  /** The marker in the chosen report; null when that report did not measure it. */
  marker: LabMarker.nullable(),
  history: z.object({
    unit: z.string().nullable(),
    points: z.array(LabHistoryPoint),
    /** Results in a unit without a fixed factor to `unit` (Lp(a) nmol/L beside mg/dL), never converted. */
    apart: z.array(LabHistoryPoint),
  }),
});
export type LabBiomarkerDetail = z.infer<typeof LabBiomarkerDetail>;

/**
 * GET …/appointment: the lab visit of the panel's latest report. The clinic books lab visits through its
 * partner labs' walk-in network; no appointment is kept here yet, so `appointment` is null and
 * `payable` false (POST …/pay-appointment then answers 400 "not available").
 */
export const LabAppointment = z.object({
  panelId: Id,
  reportId: Id,
  appointment: z
    .object({ _id: Id, starts_at: z.string(), location: z.string().nullable(), status: z.string() })
    .nullable(),
  payable: z.boolean(),
});
export type LabAppointment = z.infer<typeof LabAppointment>;

/** An item of GET /v2/labs/results (002 §3 Lab report). */
export const LabReportListItem = z.object({
  _id: Id,
  panelId: Id,
  title: z.string(),
  status: LabReportStatus,
  stage: LabStage,
  /** The primary button (002 §4.1); null for none. */
  primaryAction: z.enum(['order_lab', 'download_form', 'view_analysis']).nullable(),
  product: LabProduct,
  order: z.object({ _id: Id, status: z.object({ fulfilled: z.boolean() }) }).nullable(),
  organization: Id,
  statusChangedAt: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LabReportListItem = z.infer<typeof LabReportListItem>;

export const LabReportListPage = paged(LabReportListItem);
export type LabReportListPage = z.infer<typeof LabReportListPage>;

/** GET /v2/labs/product/{productId}/panel: the lab panel sold as a product, or null (002 §7.1 "null on failure"). */
export const LabProductPanel = z
  .object({
    _id: Id,
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    product: LabProduct,
    biomarkers: z.array(
      z.object({ id: z.string(), name: z.string(), category: z.string(), unit: z.string() }),
    ),
    preparationGuidelines: z.array(z.string()),
  })
  .nullable();
export type LabProductPanel = z.infer<typeof LabProductPanel>;
