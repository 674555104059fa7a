/**
 * Reading a laboratory's results (issue 14 §8): a CSV of code (catalogue key or LOINC), value and unit, or a
 * FHIR R4 Bundle of Observations coded in LOINC with a UCUM valueQuantity (as documents/fhir.ts writes them).
 * Pure: this only reads rows; the catalogue and the panel judge them (care-labs.service.ts).
 */
import { LOINC_SYSTEM } from './documents/fhir';

/** One result as read: `value` null when the row could not be read (with the problem). */
export type RawResult = { at: number; code: string; value: number | null; unit: string; problem?: string };

export type ParsedResults = { results: RawResult[]; collectedAt: Date | null };

/** The fields of one CSV line: comma or semicolon separated, double quotes around a field, "" inside. */
function splitLine(line: string, separator: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      fields.push(field.trim());
      field = '';
    } else field += c;
  }
  fields.push(field.trim());
  return fields;
}

const CODE_COLUMNS = ['code', 'key', 'loinc', 'biomarker', 'test'];

/** A number as a laboratory writes it: "5.4", "5,4" (with ; as separator), never "5.4 high". */
function readNumber(text: string): number | null {
  const cleaned = text.replace(/\s+/g, '').replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(cleaned)) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

/**
 * A CSV of results. The header row names the columns (code or key or loinc, value, unit, in any order);
 * without a recognisable header the columns are code, value, unit. Rows are numbered from 1 after the header.
 */
export function parseCsvResults(csv: string): ParsedResults {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const firstLine = lines.find((l) => l.trim() !== '') ?? '';
  const separator = firstLine.split(';').length > firstLine.split(',').length ? ';' : ',';
  let columns = { code: 0, value: 1, unit: 2 };
  let start = 0;
  const headerIndex = lines.findIndex((l) => l.trim() !== '');
  if (headerIndex >= 0) {
    const header = splitLine(lines[headerIndex]!, separator).map((h) => h.toLowerCase());
    const code = header.findIndex((h) => CODE_COLUMNS.includes(h));
    const value = header.indexOf('value');
    const unit = header.findIndex((h) => h === 'unit' || h === 'units');
    if (value >= 0) {
      columns = { code: code >= 0 ? code : 0, value, unit: unit >= 0 ? unit : 2 };
      start = headerIndex + 1;
    }
  }
  const results: RawResult[] = [];
  let row = 0;
  for (const line of lines.slice(start)) {
    if (line.trim() === '') continue;
    row++;
    const fields = splitLine(line, separator);
    const code = fields[columns.code] ?? '';
    const unit = fields[columns.unit] ?? '';
    const value = readNumber(fields[columns.value] ?? '');
    results.push(
      value === null
        ? { at: row, code, value: null, unit, problem: `Row ${row}: the value is not a number.` }
        : { at: row, code, value, unit },
    );
  }
  return { results, collectedAt: null };
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * The Observations of a FHIR R4 Bundle: each its LOINC code, its valueQuantity (the UCUM code, else the unit
 * text) and entry number (from 0); other resources are skipped. The sample date is the earliest
 * effectiveDateTime, when the Observations carry one.
 */
export function parseFhirResults(bundle: { entry?: { resource?: unknown }[] | undefined }): ParsedResults {
  const results: RawResult[] = [];
  let collectedAt: Date | null = null;
  (bundle.entry ?? []).forEach((entry, at) => {
    const resource = entry.resource;
    if (!isObject(resource) || resource.resourceType !== 'Observation') return;
    const code = isObject(resource.code) ? resource.code : {};
    const codings = Array.isArray(code.coding) ? code.coding.filter(isObject) : [];
    const loinc = str(codings.find((c) => c.system === LOINC_SYSTEM)?.code)?.trim() ?? '';
    const quantity = isObject(resource.valueQuantity) ? resource.valueQuantity : null;
    const unit = str(quantity?.code) ?? str(quantity?.unit) ?? '';
    const value =
      typeof quantity?.value === 'number' && Number.isFinite(quantity.value) ? quantity.value : null;
    if (!loinc) {
      results.push({
        at,
        code: '',
        value: null,
        unit,
        problem: `Entry ${at}: the Observation has no LOINC code.`,
      });
      return;
    }
    if (value === null) {
      results.push({
        at,
        code: loinc,
        value: null,
        unit,
        problem: `Entry ${at}: the Observation has no valueQuantity.`,
      });
      return;
    }
    results.push({ at, code: loinc, value, unit });
    const effective = str(resource.effectiveDateTime);
    const when = effective ? new Date(effective) : null;
    if (when && !Number.isNaN(when.getTime()) && (!collectedAt || when < collectedAt)) collectedAt = when;
  });
  return { results, collectedAt };
}
