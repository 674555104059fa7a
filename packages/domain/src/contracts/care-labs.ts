/**
 * The clinic's side of labs (issue 14 §8): the care-team workspace lists the clinic's lab orders by status,
 * moves each through created → ordered → received → reviewed, attaches the laboratory's requisition or results
 * PDF, enters results (by hand, or imported from a CSV or a FHIR R4 Bundle), writes the clinical team's
 * message and publishes.
 *
 * Routes (staff of the clinic in {org}; another clinic's report answers 404, a patient 403):
 * - GET    /care/{org}/labs?status=&cursor=&limit=        CareLabListQuery → CareLabPage
 * - GET    /care/{org}/labs/{reportId}                    → CareLabReport
 * - POST   /care/{org}/labs/{reportId}/advance            CareLabAdvanceBody → CareLabReport
 * - PUT    /care/{org}/labs/{reportId}/results            CareLabResultsBody → CareLabReport
 * - POST   /care/{org}/labs/{reportId}/import             CareLabImportBody → CareLabImportResult
 * - PUT    /care/{org}/labs/{reportId}/text               CareLabTextBody → CareLabReport
 * - POST   /care/{org}/labs/{reportId}/files              multipart: `kind` (CareLabFileKind) then `file` (a
 *                                                         PDF, checked by content) → CareLabReport
 * - GET    /care/{org}/labs/{reportId}/files/{kind}       the attached PDF
 * - POST   /care/{org}/labs/{reportId}/publish            no body → CareLabReport
 *
 * Who: reading, advancing, results, import, text and files need `manage_labs` (care coordinator, physician);
 * publishing needs `publish_labs` (physician only: a result is a clinical communication). See
 * care/staff-roles.ts; the workspace asks `staffCan` to offer only what the server accepts.
 *
 * Steps: one at a time and forward only (created → ordered → received); a step backwards or a skipped step is
 * 409 with a message. `reviewed` is reached only by publishing, which needs the report `received` and at
 * least one result; it records the physician as reviewer, notifies the patient ('Lab Results are now ready',
 * opening the analysis) and e-mails them a neutral note with no result in it. A reviewed report is not
 * changed any more (409).
 */
import { z } from 'zod';
import {
  BIOMARKER_KEYS,
  biomarkerResultSchema,
  findBiomarker,
  parseUnit,
  UCUM_UNITS,
} from '../labs/biomarkers';
import { Id } from './common';
import { LAB_REPORT_STATUSES, LabReportStatus } from './labs';

export { LAB_REPORT_STATUSES, LabReportStatus };

export const CARE_LABS_PAGE_SIZE = 50;
export const CARE_LABS_PAGE_MAX = 100;
/** Results in one hand entry or one import, at most. */
export const CARE_LAB_RESULTS_MAX = 200;
/** The clinical team's message: characters per part (markdown). */
export const CARE_LAB_TEXT_LIMITS = { intro: 2_000, main: 20_000, conclusion: 5_000 } as const;
/** A CSV import, at most (characters). */
export const CARE_LAB_CSV_MAX = 200_000;
/** An attached PDF, at most (bytes). */
export const CARE_LAB_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** The next status of a report moved by hand (advance); reviewed comes from publishing only. */
export function nextLabStatus(status: LabReportStatus): 'ordered' | 'received' | null {
  if (status === 'created') return 'ordered';
  if (status === 'ordered') return 'received';
  return null;
}

export const CareLabsParams = z.object({ org: Id }).strict();
export const CareLabParams = z.object({ org: Id, reportId: Id }).strict();

/** The PDFs a report may carry: the laboratory's requisition form and its results. */
export const CareLabFileKind = z.enum(['requisition', 'results']);
export type CareLabFileKind = z.infer<typeof CareLabFileKind>;
export const CareLabFileParams = z.object({ org: Id, reportId: Id, kind: CareLabFileKind }).strict();

/** GET /care/{org}/labs: the clinic's reports, of one status or all, oldest status change first (a work queue). */
export const CareLabListQuery = z
  .object({
    status: LabReportStatus.optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(CARE_LABS_PAGE_MAX).default(CARE_LABS_PAGE_SIZE),
  })
  .strict();
export type CareLabListQuery = z.infer<typeof CareLabListQuery>;

export const CareLabPatient = z.object({
  _id: Id,
  first_name: z.string(),
  last_name: z.string(),
  /** 'male' | 'female' | null (ranges that differ by sex need it). */
  sex: z.string().nullable(),
  /** YYYY-MM-DD, or null. */
  birthday: z.string().nullable(),
});

export const CareLabListItem = z.object({
  /** The report's id ({reportId}). */
  _id: Id,
  patient: CareLabPatient,
  panel: z.object({ _id: Id, name: z.string() }),
  status: LabReportStatus,
  status_changed_at: z.string(),
  /** When the patient ordered it: the order's date, else the report's creation. */
  ordered_at: z.string(),
  has_requisition: z.boolean(),
  has_results_pdf: z.boolean(),
  /** Results entered so far. */
  markers_entered: z.number().int(),
});
export type CareLabListItem = z.infer<typeof CareLabListItem>;

export const CareLabPage = z.object({
  items: z.array(CareLabListItem),
  /** Pass as ?cursor= for the next page; null on the last. */
  next_cursor: z.string().nullable(),
});
export type CareLabPage = z.infer<typeof CareLabPage>;

export const CareLabClassification = z.enum(['optimal', 'normal', 'borderline', 'low', 'high']);

/** An entered result, in the catalogue's reporting unit. */
export const CareLabMarker = z.object({
  /** The catalogue's key (apob, hs_crp, …). */
  key: z.string(),
  name: z.string(),
  value: z.number(),
  /** The UCUM code of the unit stored (the reporting unit, or the unit entered when none converts to it). */
  unit: z.string(),
  /** The UCUM units the biomarker is accepted in, its reporting unit first. */
  allowed_units: z.array(z.string()),
  /** Where the value falls for the patient's sex (labs/biomarkers.ts classifyResult); null for no range. */
  classification: CareLabClassification.nullable(),
});
export type CareLabMarker = z.infer<typeof CareLabMarker>;

export const CareLabText = z.object({ intro: z.string(), main: z.string(), conclusion: z.string() });

/** GET /care/{org}/labs/{reportId}: the report for editing. */
export const CareLabReport = CareLabListItem.extend({
  title: z.string(),
  /** The next step `advance` takes it to; null once received (publish) or reviewed. */
  next_status: z.enum(['ordered', 'received']).nullable(),
  collected_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  reviewer: z.object({ _id: Id, first_name: z.string(), last_name: z.string() }).nullable(),
  /** The clinical team's message (markdown), null until written. */
  text: CareLabText.nullable(),
  markers: z.array(CareLabMarker),
  /** The biomarkers of the panel: the keys results may be entered for, in the panel's order. */
  panel_biomarkers: z.array(
    z.object({ key: z.string(), name: z.string(), allowed_units: z.array(z.string()) }),
  ),
});
export type CareLabReport = z.infer<typeof CareLabReport>;

/** POST …/advance: one step forward. `reviewed` is reached by publishing. */
export const CareLabAdvanceBody = z
  .object({
    to: z.enum(['ordered', 'received'], {
      message: 'Move the report to ordered or received; publish to review it.',
    }),
  })
  .strict();
export type CareLabAdvanceBody = z.infer<typeof CareLabAdvanceBody>;

/**
 * One result typed by hand: the catalogue's key, a number and the unit as written (µmol/L, uIU/mL, K/uL…:
 * read by parseUnit); it must be a unit the biomarker is accepted in (biomarkerResultSchema). The server
 * stores it converted to the catalogue's reporting unit (the first of allowed_units) where a fixed factor
 * exists, else as entered (Lp(a) nmol/L stays nmol/L).
 */
export const CareLabResultEntry = z
  .object({
    key: z.enum(BIOMARKER_KEYS, { message: 'A biomarker of the catalogue, such as apob.' }),
    value: z.number().finite(),
    unit: z.string().trim().min(1, 'Give the unit.').max(32),
  })
  .strict()
  .superRefine((entry, ctx) => {
    const ucum = parseUnit(entry.unit);
    const name = findBiomarker(entry.key)?.name ?? entry.key;
    if (!ucum) {
      ctx.addIssue({
        code: 'custom',
        path: ['unit'],
        message: `${entry.unit} is not a unit ${name} is reported in.`,
      });
      return;
    }
    const checked = biomarkerResultSchema.safeParse({ biomarker: entry.key, value: entry.value, unit: ucum });
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        ctx.addIssue({ code: 'custom', path: issue.path.map(String), message: issue.message });
      }
    }
  });
export type CareLabResultEntry = z.infer<typeof CareLabResultEntry>;

/** PUT …/results: set these results (others already entered stay); each key once. */
export const CareLabResultsBody = z
  .object({
    results: z
      .array(CareLabResultEntry)
      .min(1, 'Enter at least one result.')
      .max(CARE_LAB_RESULTS_MAX)
      .superRefine((results, ctx) => {
        const seen = new Set<string>();
        results.forEach((r, i) => {
          if (seen.has(r.key))
            ctx.addIssue({ code: 'custom', path: [i, 'key'], message: `${r.key} is given twice.` });
          seen.add(r.key);
        });
      }),
    /** When the sample was taken (ISO date or instant); kept when omitted. */
    collected_at: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  })
  .strict();
export type CareLabResultsBody = z.infer<typeof CareLabResultsBody>;

/** PUT …/text: the clinical team's message, markdown. */
export const CareLabTextBody = z
  .object({
    intro: z
      .string()
      .trim()
      .max(CARE_LAB_TEXT_LIMITS.intro, `The intro is at most ${CARE_LAB_TEXT_LIMITS.intro} characters.`),
    main: z
      .string()
      .trim()
      .max(CARE_LAB_TEXT_LIMITS.main, `The main text is at most ${CARE_LAB_TEXT_LIMITS.main} characters.`),
    conclusion: z
      .string()
      .trim()
      .max(
        CARE_LAB_TEXT_LIMITS.conclusion,
        `The conclusion is at most ${CARE_LAB_TEXT_LIMITS.conclusion} characters.`,
      ),
  })
  .strict();
export type CareLabTextBody = z.infer<typeof CareLabTextBody>;

/**
 * POST …/import: results from the laboratory.
 * - csv: text with a header row naming the columns `code` (or `key` / `loinc`), `value`, `unit` (comma or
 *   semicolon separated, quotes allowed); `code` is the catalogue's key or a LOINC code.
 * - fhir: a FHIR R4 Bundle whose entries hold Observations coded with LOINC (code.coding system
 *   http://loinc.org) and a valueQuantity in UCUM (code, else unit); other resources are skipped.
 * Rows the catalogue or the panel does not know are reported back in `rejected` and not stored; the others
 * are stored as a hand entry would be.
 */
export const CareLabImportBody = z.discriminatedUnion('format', [
  z
    .object({ format: z.literal('csv'), csv: z.string().min(1, 'The CSV is empty.').max(CARE_LAB_CSV_MAX) })
    .strict(),
  z
    .object({
      format: z.literal('fhir'),
      bundle: z
        .object({
          resourceType: z.literal('Bundle', { message: 'A FHIR R4 Bundle (resourceType Bundle).' }),
          entry: z
            .array(z.object({ resource: z.unknown().optional() }).loose())
            .max(1_000)
            .optional(),
        })
        .loose(),
    })
    .strict(),
]);
export type CareLabImportBody = z.infer<typeof CareLabImportBody>;

export const CareLabImportRejection = z.object({
  /** The row (CSV, from 1 after the header) or the entry (FHIR, from 0). */
  at: z.number().int(),
  /** The code as given (key or LOINC), or '' when none. */
  code: z.string(),
  reason: z.enum([
    'unknown_biomarker',
    'not_in_panel',
    'unknown_unit',
    'not_a_number',
    'duplicate',
    'unreadable',
  ]),
  message: z.string(),
});

export const CareLabImportResult = z.object({
  report: CareLabReport,
  /** Stored, in the unit stored. */
  imported: z.array(z.object({ key: z.string(), value: z.number(), unit: z.string() })),
  rejected: z.array(CareLabImportRejection),
});
export type CareLabImportResult = z.infer<typeof CareLabImportResult>;

/** The UCUM units, for a unit picker. */
export const CARE_LAB_UNITS = UCUM_UNITS;
