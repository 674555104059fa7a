/**
 * The analysis as a PDF (issue 14 §5): the report's title, the patient, who reviewed it and when, the
 * clinical team's message (markdown reduced to plain text), the optimized-biomarkers percentage, the
 * biological age when there is one (with its convention and the markers it used), and every biomarker with
 * its value, unit, badge and reference range. Values and badges come from the domain's rules (ranges.ts),
 * so the PDF says what the analysis page says.
 */
import { type BiologicalAgeValue, CRP_CONVENTION_LABELS } from '@portal/domain/labs/biological-age';
import {
  type BiomarkerKey,
  findBiomarker,
  parseUnit,
  rangesFor,
  type UcumUnit,
  UNIT_LABELS,
} from '@portal/domain/labs/biomarkers';
import {
  type Band,
  type Classification,
  classify,
  displayValue,
  type Range,
  type RangeLayers,
  rangeCategory,
  rangeFor,
  rangeLabel,
  round2,
} from '@portal/domain/labs/ranges';
import { optimizedPercent } from '@portal/domain/labs/status';
import type { Sex } from '@portal/domain/validation/profile';
import { createPdf, formatBand, formatDate, formatSex, markdownToPlainText, pdfSafe } from './pdf-common';

/** A measured biomarker of the report. */
export interface ResultsPdfMarker {
  name: string;
  value: number;
  /** UCUM code or a lab's spelling; shown as the patient reads it (u[IU]/mL as µIU/mL). */
  unit: string;
  /** The catalogue's key (or LOINC code): finds the catalogue's layers when neither layers nor ranges are given. */
  key?: string | null;
  /** The two layers the value is judged against (the laboratory's range and the clinic's optimal band). */
  layers?: RangeLayers | null;
  /** The report marker's typed ranges (002 §3), used when no layers are given. */
  ranges?: readonly Range[] | null;
}

/** Everything the results PDF shows. */
export interface ResultsPdfInput {
  clinic: { name: string; brandColor?: string | null };
  /** The report's title ('Lab Panel Results'); the PDF is named after it. */
  title: string;
  panelName: string;
  patient: { name: string; birthday?: string | Date | null; sex?: Sex | null };
  reviewer?: { name: string; npi?: string | null } | null;
  reviewedAt?: Date | string | null;
  collectedAt?: Date | string | null;
  /** The clinical team's message, markdown. */
  text?: { intro: string; main: string; conclusion: string } | null;
  /** As biologicalAge() gives it; null or absent when there is none. */
  biologicalAge?: BiologicalAgeValue | null;
  markers: readonly ResultsPdfMarker[];
}

/** A marker as the table prints it. */
export interface ResultsRow {
  name: string;
  /** Rounded to 2 decimals, a negative shown as 0 (ranges.ts displayValue). */
  value: number;
  unit: string;
  /** Optimal, Needs Improvement or Needs Attention; null for no range. */
  label: string | null;
  classification: Classification | null;
  /** The reference range as text ('65 - 99', '<= 199'), with the optimal band when there is one. */
  reference: string;
  optimal: string;
}

function unitLabel(unit: string): string {
  const ucum = parseUnit(unit);
  return ucum ? UNIT_LABELS[ucum] : unit;
}

/** The layers of a marker: given, else the catalogue's for its unit and the patient's sex. */
function layersOf(marker: ResultsPdfMarker, sex: Sex | null): RangeLayers | null {
  if (marker.layers) return marker.layers;
  if (marker.ranges) return null;
  const found = marker.key ? findBiomarker(marker.key) : null;
  const unit: UcumUnit | null = parseUnit(marker.unit);
  return found && unit ? rangesFor(found.key as BiomarkerKey, unit, sex) : null;
}

/** The reference span of a typed range list: from the lowest to the highest in-range (not low/high) bound. */
function referenceOfRanges(ranges: readonly Range[]): Band {
  const inRange = ranges.filter(
    (r) => r.type === 'normal' || r.type === 'optimal' || r.type === 'borderline',
  );
  const band: Band = {};
  if (inRange.length === 0) return band;
  if (inRange.every((r) => r.min != null)) band.min = Math.min(...inRange.map((r) => r.min as number));
  if (inRange.every((r) => r.max != null)) band.max = Math.max(...inRange.map((r) => r.max as number));
  return band;
}

/** A marker's row: its displayed value, badge and ranges by the domain's rules. */
export function resultsRow(marker: ResultsPdfMarker, sex: Sex | null = null): ResultsRow {
  const layers = layersOf(marker, sex);
  let classification: Classification | null = null;
  let label: string | null = null;
  let reference = '';
  let optimal = '';
  if (layers) {
    classification = classify(marker.value, layers);
    label = classification ? rangeLabel(classification) : null;
    reference = formatBand(layers.reference);
    optimal = formatBand(layers.optimal);
  } else if (marker.ranges) {
    const range = rangeFor(marker.value, marker.ranges);
    label = range ? rangeLabel(range.type) : null;
    classification = range && range.type !== 'high-low' ? range.type : null;
    reference = formatBand(referenceOfRanges(marker.ranges));
    const band = marker.ranges.find((r) => r.type === 'optimal');
    optimal = band ? formatBand({ min: band.min ?? undefined, max: band.max ?? undefined }) : '';
  }
  return {
    name: marker.name,
    value: displayValue(marker.value),
    unit: unitLabel(marker.unit),
    label,
    classification,
    reference,
    optimal,
  };
}

/** The file name of the results PDF: its title, as a slug ('Lab Panel Results' → 'lab-panel-results.pdf'). */
export function resultsPdfFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${slug || 'lab-results'}.pdf`;
}

/** The optimized-biomarkers percentage of the rows (status.ts optimizedPercent). */
export function resultsOptimizedPercent(rows: readonly ResultsRow[]): number | null {
  return optimizedPercent(rows.map((r) => (r.classification ? rangeCategory(r.classification) : null)));
}

const LABEL_COLORS: Readonly<Record<string, string>> = {
  Optimal: '#1f7a3a',
  'Needs Improvement': '#a36200',
  'Needs Attention': '#b00020',
};

/** Renders the analysis as a PDF titled after the report. Only the standard fonts are used. */
export function renderResultsPdf(input: ResultsPdfInput): Promise<Buffer> {
  const { doc, done } = createPdf({
    size: 'LETTER',
    margin: 50,
    info: {
      Title: pdfSafe(input.title),
      Author: pdfSafe(input.clinic.name),
      Subject: pdfSafe(input.panelName),
    },
  });
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  const bottomLimit = () => doc.page.height - doc.page.margins.bottom;
  const text = (s: string, options?: PDFKit.Mixins.TextOptions) => doc.text(pdfSafe(s), options);
  const heading = (s: string) => {
    if (doc.y > bottomLimit() - 60) doc.addPage();
    doc.x = left;
    doc.moveDown(0.6);
    doc.font('Helvetica-Bold').fontSize(12).fillColor('#111111');
    text(s, { width });
    doc.moveDown(0.2);
    doc.font('Helvetica').fontSize(10).fillColor('#222222');
  };
  const sex = input.patient.sex ?? null;
  const rows = input.markers.map((m) => resultsRow(m, sex));

  doc.font('Helvetica-Bold').fontSize(11).fillColor('#444444');
  text(input.clinic.name);
  doc
    .moveTo(left, doc.y + 4)
    .lineTo(right, doc.y + 4)
    .lineWidth(2)
    .strokeColor(input.clinic.brandColor ?? '#1f7a5a')
    .stroke();
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#111111');
  text(input.title, { width });
  doc.font('Helvetica').fontSize(11).fillColor('#333333');
  text(`Panel: ${input.panelName}`, { width });
  doc.moveDown(0.5);
  doc.fontSize(10);
  const birthday = formatDate(input.patient.birthday);
  text(
    `Patient: ${input.patient.name}${birthday ? `, born ${birthday}` : ''}${input.patient.sex ? `, ${formatSex(input.patient.sex)}` : ''}`,
    { width },
  );
  if (input.collectedAt) text(`Collected: ${formatDate(input.collectedAt)}`, { width });
  if (input.reviewer) {
    const npi = input.reviewer.npi ? ` (NPI ${input.reviewer.npi})` : '';
    const on = input.reviewedAt ? ` on ${formatDate(input.reviewedAt)}` : '';
    text(`Reviewed by ${input.reviewer.name}${npi}${on}`, { width });
  } else {
    text(
      input.reviewedAt
        ? `Reviewed on ${formatDate(input.reviewedAt)}`
        : 'Not yet reviewed by the clinical team',
      {
        width,
      },
    );
  }

  const percent = resultsOptimizedPercent(rows);
  heading('Your Optimized Biomarkers');
  text(
    percent === null
      ? 'No biomarker of this report has a range to judge it by.'
      : `${percent}% of your biomarkers with a range are in the Optimal range.`,
    { width },
  );

  if (input.biologicalAge) {
    const age = input.biologicalAge;
    heading('Biological age');
    text(`${round2(age.value)} years`, { width });
    doc.fontSize(9).fillColor('#444444');
    text(`Method: ${CRP_CONVENTION_LABELS[age.convention]}.`, { width });
    if (age.takenOn) text(`From results taken on ${formatDate(age.takenOn)}.`, { width });
    text(
      `Markers used: ${age.markersUsed.map((m) => `${m.name} ${round2(m.value)} ${UNIT_LABELS[m.unit]}`).join('; ')}.`,
      { width },
    );
    doc.fontSize(10).fillColor('#222222');
  }

  const message = input.text;
  if (message) {
    for (const [title, body] of [
      ['Introduction', message.intro],
      ['Analysis', message.main],
      ['Conclusion', message.conclusion],
    ] as const) {
      const plain = markdownToPlainText(body);
      if (!plain) continue;
      heading(`From your clinical team: ${title}`);
      text(plain, { width });
    }
  }

  // The biomarkers table.
  heading(`Biomarkers (${rows.length})`);
  const cols = [
    { title: 'Biomarker', x: left, w: width * 0.3 },
    { title: 'Value', x: left + width * 0.3, w: width * 0.12 },
    { title: 'Unit', x: left + width * 0.42, w: width * 0.15 },
    { title: 'Range', x: left + width * 0.57, w: width * 0.2 },
    { title: 'Reference (optimal)', x: left + width * 0.77, w: width * 0.23 },
  ];
  const row = (cells: string[], bold = false, color?: string) => {
    if (doc.y > bottomLimit() - 30) doc.addPage();
    const y = doc.y;
    let bottom = y;
    cells.forEach((cell, i) => {
      const col = cols[i];
      if (!col) return;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      doc.fillColor(i === 3 && color ? color : '#111111');
      doc.text(pdfSafe(cell), col.x, y, { width: col.w - 6 });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = left;
    doc.y = bottom + 3;
  };
  const rule = () => {
    doc.moveTo(left, doc.y).lineTo(right, doc.y).lineWidth(0.5).strokeColor('#999999').stroke();
    doc.y += 3;
  };
  row(
    cols.map((c) => c.title),
    true,
  );
  rule();
  for (const r of rows) {
    const ranges = r.optimal ? `${r.reference || '-'} (${r.optimal})` : r.reference || '-';
    row(
      [r.name, String(r.value), r.unit, r.label ?? 'No range', ranges],
      false,
      r.label ? LABEL_COLORS[r.label] : undefined,
    );
  }
  rule();

  doc.moveDown(1.5);
  doc.x = left;
  doc.font('Helvetica').fontSize(8).fillColor('#666666');
  text(
    "Optimal: within the clinic's optimal band. Needs Improvement: within the laboratory's reference range but outside the optimal band. Needs Attention: outside the reference range. Discuss your results with your clinical team.",
    { width },
  );

  doc.end();
  return done;
}
