/**
 * A lab report as FHIR R4 (issue 14 §9): a collection Bundle holding the DiagnosticReport, its Patient, the
 * reviewing Practitioner when there is one, and one Observation per biomarker, each coded in LOINC by the
 * result's UCUM unit (the unit decides the code: Lp(a) in nmol/L is 43583-4, in mg/dL 10835-7), its value a
 * UCUM quantity, its reference ranges the laboratory's ('normal') and the clinic's optimal band
 * ('recommended'), and its interpretation H, L or N by the domain's rules (ranges.ts classify).
 *
 * Pure: the same input gives the same Bundle. Entries are named by urn:uuid full URLs derived from the
 * portal's ids (UUID v5), so every reference resolves inside the Bundle.
 */
import { createHash } from 'node:crypto';
import type {
  Bundle,
  BundleEntry,
  CodeableConcept,
  DiagnosticReport,
  Observation,
  ObservationReferenceRange,
  Patient,
  Practitioner,
  Quantity,
  Reference,
  Resource,
} from '@medplum/fhirtypes';
import {
  type BiomarkerKey,
  biomarker,
  loincFor,
  rangesFor,
  type UcumUnit,
  UNIT_LABELS,
} from '@portal/domain/labs/biomarkers';
import { type Band, type Classification, classify, type RangeLayers } from '@portal/domain/labs/ranges';
import type { Sex } from '@portal/domain/validation/profile';
import { markdownToPlainText } from './pdf-common';

export const LOINC_SYSTEM = 'http://loinc.org';
export const UCUM_SYSTEM = 'http://unitsofmeasure.org';
export const REFERENCE_RANGE_MEANING_SYSTEM = 'http://terminology.hl7.org/CodeSystem/referencerange-meaning';
export const INTERPRETATION_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
export const OBSERVATION_CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/observation-category';
export const DIAGNOSTIC_SERVICE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v2-0074';
export const NPI_SYSTEM = 'http://hl7.org/fhir/sid/us-npi';
/** The system of the portal's own ids in identifiers. */
export const PORTAL_ID_SYSTEM = 'urn:portal:id';

/** One biomarker result of the report. */
export interface FhirResultInput {
  /** The result's id in the portal (lab_markers.id); the biomarker's key is used when absent. */
  id?: string | null;
  key: BiomarkerKey;
  value: number;
  unit: UcumUnit;
  /**
   * The layers the value is judged against, in its unit. Absent: the catalogue's for the unit and the
   * patient's sex (rangesFor); null: none (no reference range, no interpretation).
   */
  layers?: RangeLayers | null;
}

/** What the FHIR export needs of a report. */
export interface FhirReportInput {
  report: {
    id: string;
    /** The portal's status: 'reviewed' is final, 'received' preliminary, anything else registered. */
    status: string;
    panelName: string;
    /** A LOINC panel code that fits the panel, when there is one; else the panel is coded by its name alone. */
    panelLoinc?: { code: string; display?: string } | null;
    collectedAt?: Date | string | null;
    reviewedAt?: Date | string | null;
    /** The clinical team's conclusion, markdown (reduced to plain text). */
    conclusion?: string | null;
  };
  patient: { id: string; name: string; birthday?: string | null; sex?: Sex | null };
  reviewer?: { id: string; name: string; npi?: string | null } | null;
  results: readonly FhirResultInput[];
}

// A fixed namespace for the portal's name-based UUIDs.
const NAMESPACE = Buffer.from('5b0f2b8e7c1d4f0a9e3b6a2d8c4f1e70', 'hex');

/** A name-based UUID (RFC 9562 version 5) of a name in the portal's namespace. */
export function portalUuid(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The DiagnosticReport status of a portal status. */
export function diagnosticReportStatus(status: string): DiagnosticReport['status'] {
  if (status === 'reviewed') return 'final';
  if (status === 'received') return 'preliminary';
  return 'registered';
}

const INTERPRETATION_DISPLAYS = { H: 'High', L: 'Low', N: 'Normal' } as const;

/** The interpretation code of a classification: H above, L below, N within the laboratory's range. */
export function interpretationCode(classification: Classification): 'H' | 'L' | 'N' {
  if (classification === 'high') return 'H';
  if (classification === 'low') return 'L';
  return 'N';
}

function isoDateTime(date: Date | string | null | undefined): string | undefined {
  if (date == null || date === '') return undefined;
  if (typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  const parsed = typeof date === 'string' ? new Date(date) : date;
  return Number.isNaN(parsed.getTime()) ? undefined : parsed.toISOString();
}

function quantity(value: number, unit: UcumUnit): Quantity {
  return { value, unit: UNIT_LABELS[unit], system: UCUM_SYSTEM, code: unit };
}

function referenceRange(
  band: Band | null | undefined,
  unit: UcumUnit,
  meaning: 'normal' | 'recommended',
): ObservationReferenceRange | null {
  if (!band || (band.min === undefined && band.max === undefined)) return null;
  const range: ObservationReferenceRange = {
    type: {
      coding: [
        {
          system: REFERENCE_RANGE_MEANING_SYSTEM,
          code: meaning,
          display: meaning === 'normal' ? 'Normal Range' : 'Recommended Range',
        },
      ],
      text: meaning === 'normal' ? 'Laboratory reference range' : "Clinic's optimal range",
    },
  };
  if (band.min !== undefined) range.low = quantity(band.min, unit);
  if (band.max !== undefined) range.high = quantity(band.max, unit);
  return range;
}

/** The Observation of one result; throws when the biomarker is not accepted in the result's unit. */
function observation(
  result: FhirResultInput,
  id: string,
  subject: Reference<Patient>,
  effective: string | undefined,
  sex: Sex | null,
): Observation {
  const marker = biomarker(result.key);
  const loinc = loincFor(result.key, result.unit);
  if (!loinc) throw new RangeError(`${marker.name} is not reported in ${result.unit}`);
  const layers = result.layers === undefined ? rangesFor(result.key, result.unit, sex) : result.layers;
  const observation: Observation = {
    resourceType: 'Observation',
    id,
    status: 'final',
    category: [
      {
        coding: [{ system: OBSERVATION_CATEGORY_SYSTEM, code: 'laboratory', display: 'Laboratory' }],
        text: 'Laboratory',
      },
    ],
    code: { coding: [{ system: LOINC_SYSTEM, code: loinc, display: marker.name }], text: marker.name },
    subject,
    valueQuantity: quantity(result.value, result.unit),
  };
  if (result.id) observation.identifier = [{ system: PORTAL_ID_SYSTEM, value: result.id }];
  if (effective) observation.effectiveDateTime = effective;
  if (layers) {
    const ranges = [
      referenceRange(layers.reference, result.unit, 'normal'),
      referenceRange(layers.optimal, result.unit, 'recommended'),
    ].filter((r): r is ObservationReferenceRange => r !== null);
    if (ranges.length > 0) observation.referenceRange = ranges;
    const classification = classify(result.value, layers);
    if (classification) {
      const code = interpretationCode(classification);
      const display = INTERPRETATION_DISPLAYS[code];
      observation.interpretation = [
        { coding: [{ system: INTERPRETATION_SYSTEM, code, display }], text: display },
      ];
    }
  }
  return observation;
}

/** The report as a FHIR R4 collection Bundle: DiagnosticReport first, then Patient, Practitioner, Observations. */
export function toFhirDiagnosticReport(input: FhirReportInput): Bundle {
  const { report, patient, reviewer } = input;
  const sex = patient.sex ?? null;
  const effective = isoDateTime(report.collectedAt);
  const issued = report.reviewedAt ? isoDateTime(report.reviewedAt) : undefined;

  const patientId = portalUuid(`Patient/${patient.id}`);
  const patientResource: Patient = {
    resourceType: 'Patient',
    id: patientId,
    identifier: [{ system: PORTAL_ID_SYSTEM, value: patient.id }],
    name: [{ text: patient.name }],
  };
  if (patient.sex) patientResource.gender = patient.sex;
  if (patient.birthday) patientResource.birthDate = patient.birthday;
  const subject: Reference<Patient> = {
    reference: `urn:uuid:${patientId}`,
    type: 'Patient',
    display: patient.name,
  };

  let practitioner: Practitioner | null = null;
  if (reviewer) {
    practitioner = {
      resourceType: 'Practitioner',
      id: portalUuid(`Practitioner/${reviewer.id}`),
      identifier: [
        { system: PORTAL_ID_SYSTEM, value: reviewer.id },
        ...(reviewer.npi ? [{ system: NPI_SYSTEM, value: reviewer.npi }] : []),
      ],
      name: [{ text: reviewer.name }],
    };
  }

  const observations = input.results.map((result) =>
    observation(
      result,
      portalUuid(`Observation/${report.id}/${result.id ?? result.key}/${result.unit}`),
      subject,
      effective,
      sex,
    ),
  );

  const code: CodeableConcept = { text: report.panelName };
  if (report.panelLoinc) {
    code.coding = [
      {
        system: LOINC_SYSTEM,
        code: report.panelLoinc.code,
        display: report.panelLoinc.display ?? report.panelName,
      },
    ];
  }
  const diagnosticReport: DiagnosticReport = {
    resourceType: 'DiagnosticReport',
    id: portalUuid(`DiagnosticReport/${report.id}`),
    identifier: [{ system: PORTAL_ID_SYSTEM, value: report.id }],
    status: diagnosticReportStatus(report.status),
    category: [
      {
        coding: [{ system: DIAGNOSTIC_SERVICE_SYSTEM, code: 'LAB', display: 'Laboratory' }],
        text: 'Laboratory',
      },
    ],
    code,
    subject,
    result: observations.map((o) => ({
      reference: `urn:uuid:${o.id}`,
      type: 'Observation',
      display: o.code.text,
    })),
  };
  if (effective) diagnosticReport.effectiveDateTime = effective;
  if (issued) diagnosticReport.issued = issued;
  if (practitioner) {
    diagnosticReport.resultsInterpreter = [
      { reference: `urn:uuid:${practitioner.id}`, type: 'Practitioner', display: reviewer?.name },
    ];
  }
  const conclusion = markdownToPlainText(report.conclusion);
  if (conclusion) diagnosticReport.conclusion = conclusion;

  const entry = (resource: Resource): BundleEntry => ({ fullUrl: `urn:uuid:${resource.id}`, resource });
  const bundle: Bundle = {
    resourceType: 'Bundle',
    id: portalUuid(`Bundle/${report.id}`),
    type: 'collection',
    entry: [
      entry(diagnosticReport),
      entry(patientResource),
      ...(practitioner ? [entry(practitioner)] : []),
      ...observations.map(entry),
    ],
  };
  if (issued) bundle.timestamp = issued;
  return bundle;
}
