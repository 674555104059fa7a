import type { Readable } from 'node:stream';
import { type StaffAction, staffCan } from '@portal/domain/care/staff-roles';
import {
  CARE_LAB_FILE_MAX_BYTES,
  CARE_LAB_RESULTS_MAX,
  type CareLabFileKind,
  type CareLabImportBody,
  type CareLabImportResult,
  type CareLabListItem,
  type CareLabListQuery,
  type CareLabPage,
  type CareLabReport,
  type CareLabResultsBody,
  type CareLabTextBody,
  nextLabStatus,
} from '@portal/domain/contracts/care-labs';
import { LAB_REPORT_STATUSES, type LabReportStatus } from '@portal/domain/contracts/labs';
import {
  allowedUnits,
  type BiomarkerKey,
  classifyResult,
  convert,
  findBiomarker,
  parseUnit,
  resolveResult,
  type UcumUnit,
} from '@portal/domain/labs/biomarkers';
import { LAB_RESULTS_READY } from '@portal/domain/notifications/destination';
import { fileTypeFromBuffer } from 'file-type';
import type { LabMarkerDefinition } from '../../db/schema/labs';
import type { Auth } from '../../platform/auth/access';
import { ApiError, Errors } from '../../platform/errors';
import type { StorageAdapter } from '../../platform/storage/adapter';
import type { Notifier } from '../notifications/notifier';
import { decodeCursor, encodeCursor } from '../notifications/page-cursor';
import { parseCsvResults, parseFhirResults, type RawResult } from './care-labs.import';
import type { CareLabReportRow, CareLabsRepository, MarkerWrite } from './care-labs.repository';

const conflict = (text: string, message: string) => new ApiError(409, text, message);
const notFound = () => Errors.notFound('The lab report');
const reviewedAlready = () =>
  conflict('LabReportReviewed', 'The results of this report are published and are not changed any more.');

/** Values converted between units keep 4 decimals (the analysis shows 2). */
const round4 = (n: number) => Math.round(n * 1e4) / 1e4;

type Rejection = CareLabImportResult['rejected'][number];

/** The clinic's side of labs (issue 14 §8): who may do what is the domain's `staffCan`. */
export function createCareLabsService(deps: {
  repo: CareLabsRepository;
  storage: StorageAdapter;
  notifier: Notifier;
  now: () => Date;
}) {
  const { repo } = deps;
  const allow = (auth: Auth, action: StaffAction) => {
    if (!staffCan(auth.role, action)) throw Errors.forbidden();
  };

  async function load(auth: Auth, reportId: string): Promise<CareLabReportRow> {
    const row = await repo.report(auth.organizationId, reportId);
    if (!row) throw notFound();
    return row;
  }

  async function detail(row: CareLabReportRow): Promise<CareLabReport> {
    const markers = await repo.markersOf([row.id]);
    const sex = row.sex ?? null;
    const panelKeys = panelBiomarkers(row.panelMarkers);
    return {
      ...itemOf(row),
      markers_entered: markers.length,
      title: row.title,
      next_status: nextLabStatus(row.status),
      collected_at: row.collectedAt?.toISOString() ?? null,
      reviewed_at: row.reviewedAt?.toISOString() ?? null,
      reviewer:
        row.reviewerId && row.reviewerFirstName !== null && row.reviewerLastName !== null
          ? { _id: row.reviewerId, first_name: row.reviewerFirstName, last_name: row.reviewerLastName }
          : null,
      text: row.text ?? null,
      markers: markers.map((m) => {
        const found = findBiomarker(m.code);
        const unit = parseUnit(m.unit);
        const accepted = found && unit && found.units.some((u) => u.unit === unit) ? unit : null;
        return {
          key: found?.key ?? m.code,
          name: m.name,
          value: m.value,
          unit: accepted ?? m.unit,
          allowed_units: found ? allowedUnits(found.key) : [],
          classification: found && accepted ? classifyResult(found.key, m.value, accepted, sex) : null,
        };
      }),
      panel_biomarkers: panelKeys.map(({ key, name }) => ({ key, name, allowed_units: allowedUnits(key) })),
    };
  }

  /** The report as it is now, after a change. */
  const reloaded = async (auth: Auth, reportId: string) => detail(await load(auth, reportId));

  /** Reads a report that may still change (not reviewed). */
  async function editable(auth: Auth, reportId: string) {
    const row = await load(auth, reportId);
    if (row.status === 'reviewed') throw reviewedAlready();
    return row;
  }

  /**
   * The stored form of results read against the catalogue and the panel: each in the catalogue's reporting
   * unit where a fixed factor leads there, else as given; the rest rejected with the reason.
   */
  function toMarkers(row: CareLabReportRow, results: readonly RawResult[]) {
    const defs = panelBiomarkers(row.panelMarkers);
    const writes: MarkerWrite[] = [];
    const rejected: Rejection[] = [];
    const seen = new Set<string>();
    for (const raw of results) {
      const reject = (reason: Rejection['reason'], message: string) =>
        rejected.push({ at: raw.at, code: raw.code, reason, message });
      if (raw.value === null) {
        reject('unreadable', raw.problem ?? 'The row could not be read.');
        continue;
      }
      const resolved = resolveResult({ code: raw.code, value: raw.value, unit: raw.unit });
      if (!resolved.ok) {
        if (resolved.reason === 'unknown_biomarker') {
          reject('unknown_biomarker', `${raw.code || 'The code'} is not a biomarker of the catalogue.`);
        } else if (resolved.reason === 'unknown_unit') {
          const units = allowedUnits(resolved.biomarker.key).join(' or ');
          reject(
            'unknown_unit',
            `${resolved.biomarker.name} is reported in ${units}, not in ${raw.unit || 'no unit'}.`,
          );
        } else reject('not_a_number', `${resolved.biomarker.name} has no readable value.`);
        continue;
      }
      const key = resolved.biomarker.key as BiomarkerKey;
      const index = defs.findIndex((d) => d.key === key);
      if (index < 0) {
        reject('not_in_panel', `${resolved.biomarker.name} is not measured by the ${row.panelName} panel.`);
        continue;
      }
      if (seen.has(key)) {
        reject('duplicate', `${resolved.biomarker.name} is given more than once.`);
        continue;
      }
      seen.add(key);
      writes.push(markerWrite(defs[index]!, index, resolved.value, resolved.unit));
    }
    return { writes, rejected };
  }

  return {
    async list(auth: Auth, query: CareLabListQuery): Promise<CareLabPage> {
      allow(auth, 'manage_labs');
      const after = query.cursor ? decodeCursor(query.cursor) : undefined;
      const { rows, more } = await repo.page(auth.organizationId, query.status, after, query.limit);
      const last = rows.at(-1);
      return {
        items: rows.map(itemOf),
        next_cursor: more && last ? encodeCursor({ at: last.statusChangedAtMicro, id: last.id }) : null,
      };
    },

    async get(auth: Auth, reportId: string) {
      allow(auth, 'manage_labs');
      const row = await load(auth, reportId);
      return { report: await detail(row), patientId: row.patientId };
    },

    /** One step forward: created → ordered → received. */
    async advance(auth: Auth, reportId: string, to: 'ordered' | 'received') {
      allow(auth, 'manage_labs');
      const row = await load(auth, reportId);
      const next = nextLabStatus(row.status);
      if (row.status === 'reviewed') throw reviewedAlready();
      if (next !== to) {
        const from = LAB_REPORT_STATUSES.indexOf(row.status);
        const target = LAB_REPORT_STATUSES.indexOf(to);
        throw target <= from
          ? conflict(
              'LabStatusBackwards',
              `The report is already ${row.status}: it cannot go back to ${to}. Steps go forward only.`,
            )
          : conflict(
              'LabStatusSkipped',
              `The report is ${row.status}: mark it ${next} before ${to}. One step at a time.`,
            );
      }
      const moved = await repo.moveStatus(row.id, row.status, to, deps.now());
      if (!moved)
        throw conflict('LabStatusChanged', 'The report changed meanwhile. Reload it and try again.');
      return {
        report: await reloaded(auth, reportId),
        patientId: row.patientId,
      };
    },

    /** Results typed by hand (checked by the contract), stored in the reporting unit. */
    async enterResults(auth: Auth, reportId: string, body: CareLabResultsBody) {
      allow(auth, 'manage_labs');
      const row = await editable(auth, reportId);
      const { writes, rejected } = toMarkers(
        row,
        body.results.map((r, i) => ({ at: i, code: r.key, value: r.value, unit: r.unit })),
      );
      if (rejected.length > 0) {
        const first = rejected[0]!;
        throw new ApiError(400, 'ValidationError', first.message, undefined, [
          { path: `results.${first.at}.key`, message: first.message },
        ]);
      }
      await repo.writeMarkers(row.id, writes, body.collected_at ? new Date(body.collected_at) : undefined);
      return { report: await reloaded(auth, reportId), patientId: row.patientId };
    },

    /** Results from the laboratory's CSV or FHIR R4 Bundle: what the catalogue and panel know is stored. */
    async importResults(auth: Auth, reportId: string, body: CareLabImportBody) {
      allow(auth, 'manage_labs');
      const row = await editable(auth, reportId);
      const parsed = body.format === 'csv' ? parseCsvResults(body.csv) : parseFhirResults(body.bundle);
      if (parsed.results.length > CARE_LAB_RESULTS_MAX) {
        throw Errors.badRequest(`An import holds at most ${CARE_LAB_RESULTS_MAX} results.`);
      }
      if (parsed.results.length === 0) {
        throw Errors.badRequest(
          body.format === 'csv'
            ? 'The CSV holds no results: give a header row (code,value,unit) and a row per result.'
            : 'The Bundle holds no Observation with a LOINC code and a value.',
        );
      }
      const { writes, rejected } = toMarkers(row, parsed.results);
      await repo.writeMarkers(row.id, writes, parsed.collectedAt ?? undefined);
      const result: CareLabImportResult = {
        report: await reloaded(auth, reportId),
        imported: writes.map((w) => ({ key: w.code, value: w.value, unit: w.unit })),
        rejected,
      };
      return { result, patientId: row.patientId };
    },

    async writeText(auth: Auth, reportId: string, body: CareLabTextBody) {
      allow(auth, 'manage_labs');
      const row = await editable(auth, reportId);
      await repo.setText(row.id, body);
      return { report: await reloaded(auth, reportId), patientId: row.patientId };
    },

    /** Attaches the laboratory's PDF, checked by its content, never its name or declared type. */
    async attach(auth: Auth, reportId: string, kind: CareLabFileKind, bytes: Buffer) {
      allow(auth, 'manage_labs');
      const row = await load(auth, reportId);
      if (bytes.length > CARE_LAB_FILE_MAX_BYTES) throw fileTooLarge();
      const type = bytes.length > 0 ? await fileTypeFromBuffer(bytes) : undefined;
      if (type?.mime !== 'application/pdf') {
        throw Errors.badRequest(
          "Attach the laboratory's PDF: this file is not a PDF.",
          'UnsupportedFileType',
        );
      }
      const { key } = await deps.storage.put(bytes, { contentType: 'application/pdf' });
      await repo.setFile(row.id, kind, key);
      return { report: await reloaded(auth, reportId), patientId: row.patientId };
    },

    async openFile(
      auth: Auth,
      reportId: string,
      kind: CareLabFileKind,
    ): Promise<{ stream: Readable; patientId: string }> {
      allow(auth, 'manage_labs');
      const row = await load(auth, reportId);
      const key = kind === 'requisition' ? row.requisitionKey : row.resultsKey;
      const stream = key ? await deps.storage.get(key) : undefined;
      if (!stream) throw Errors.notFound(kind === 'requisition' ? 'The requisition PDF' : 'The results PDF');
      return { stream, patientId: row.patientId };
    },

    /**
     * Publishes a received report with results: reviewed by this physician, and the patient told through the
     * portal ('Lab Results are now ready', opening the analysis) and a neutral e-mail with no result in it.
     */
    async publish(auth: Auth, reportId: string) {
      allow(auth, 'publish_labs');
      const row = await load(auth, reportId);
      if (row.status === 'reviewed') throw reviewedAlready();
      if (row.status !== 'received') {
        throw conflict(
          'LabNotReceived',
          `The report is ${row.status}: mark the sample received before publishing the results.`,
        );
      }
      const markers = await repo.markersOf([row.id]);
      if (markers.length === 0) {
        throw conflict('LabNoResults', 'Enter or import at least one result before publishing.');
      }
      const reviewer = await repo.physicianOf(auth.organizationId, auth.userId);
      const published = await repo.publish(row.id, reviewer, deps.now());
      if (!published)
        throw conflict('LabStatusChanged', 'The report changed meanwhile. Reload it and try again.');
      await deps.notifier.notify(row.patientId, auth.organizationId, {
        category: 'lab',
        message: LAB_RESULTS_READY,
        data: { reportId: row.id },
      });
      return {
        report: await reloaded(auth, reportId),
        patientId: row.patientId,
      };
    },
  };
}

export type CareLabsService = ReturnType<typeof createCareLabsService>;

export const fileTooLarge = () =>
  Errors.badRequest('The PDF is too large: at most 10 MB.', 'FileSizeLimitError');

function itemOf(r: {
  id: string;
  status: LabReportStatus;
  statusChangedAt: Date;
  createdAt: Date;
  orderedAt: Date | null;
  requisitionKey: string | null;
  resultsKey: string | null;
  patientId: string;
  firstName: string;
  lastName: string;
  sex: string | null;
  birthday: string | null;
  panelId: string;
  panelName: string;
  markersEntered: number;
}): CareLabListItem {
  return {
    _id: r.id,
    patient: {
      _id: r.patientId,
      first_name: r.firstName,
      last_name: r.lastName,
      sex: r.sex,
      birthday: r.birthday,
    },
    panel: { _id: r.panelId, name: r.panelName },
    status: r.status,
    status_changed_at: r.statusChangedAt.toISOString(),
    ordered_at: (r.orderedAt ?? r.createdAt).toISOString(),
    has_requisition: r.requisitionKey !== null,
    has_results_pdf: r.resultsKey !== null,
    markers_entered: Number(r.markersEntered),
  };
}

/** The panel's biomarkers the catalogue knows, in the panel's order, with their definition. */
function panelBiomarkers(defs: readonly LabMarkerDefinition[]) {
  return defs.flatMap((def) => {
    const found = findBiomarker(def.code);
    return found ? [{ key: found.key as BiomarkerKey, name: found.name, def }] : [];
  });
}

/** A result as stored: converted to the reporting unit where a fixed factor exists, with the panel's copy. */
function markerWrite(
  entry: ReturnType<typeof panelBiomarkers>[number],
  position: number,
  value: number,
  unit: UcumUnit,
): MarkerWrite {
  const reporting = allowedUnits(entry.key)[0]!;
  const converted = convert(entry.key, value, unit, reporting);
  const [storedValue, storedUnit] = converted === null ? [value, unit] : [round4(converted), reporting];
  return {
    code: entry.key,
    name: entry.def.name,
    unit: storedUnit,
    value: storedValue,
    ranges: parseUnit(entry.def.unit) === storedUnit ? entry.def.ranges : [],
    legend: entry.def.legend,
    category: entry.def.category,
    categorySlug: entry.def.category_slug,
    position,
  };
}
