/**
 * The lab requisition form (issue 14 §4): what the patient brings to the draw site. One LETTER page (more if
 * the panel is long) with the ordering clinic and physician, the patient, the order, the tests with their
 * LOINC codes, and the collection instructions from the panel's preparation guidelines. No barcode: every
 * field is printed in words, so the site can key it in.
 */
import {
  BIOMARKERS,
  type BiomarkerKey,
  findBiomarker,
  loincFor,
  parseUnit,
} from '@portal/domain/labs/biomarkers';
import { createPdf, formatDate, formatSex, pdfSafe } from './pdf-common';

/** A test on the requisition: a biomarker by its name, with its LOINC code or what finds it. */
export interface RequisitionTest {
  name: string;
  /** The LOINC code, when the caller knows it; else found from `key` and `unit`. */
  loinc?: string | null;
  /** The catalogue's key (or a LOINC code) of the biomarker. */
  key?: string | null;
  /** The unit the result is expected in (UCUM or a lab's spelling); the catalogue's reporting unit if absent. */
  unit?: string | null;
}

/** Everything the requisition form shows. */
export interface RequisitionPdfInput {
  clinic: {
    name: string;
    address?: readonly string[];
    phone?: string | null;
    /** The brand colour of the header rule, e.g. '#1f7a5a'. */
    brandColor?: string | null;
  };
  /** The ordering physician; null or absent when none is assigned yet. */
  physician?: { name: string; npi?: string | null } | null;
  patient: {
    name: string;
    /** 'YYYY-MM-DD' or a Date. */
    birthday: string | Date | null;
    sex: string | null;
    address: readonly string[];
    phone?: string | null;
  };
  panel: {
    name: string;
    /** The panel's preparation guidelines, one instruction each (fasting, medication, hydration). */
    preparationGuidelines: readonly string[];
  };
  tests: readonly RequisitionTest[];
  order: { id: string; date: Date | string };
}

/** The LOINC code printed for a test: the given one, else the catalogue's for its unit; null when unknown. */
export function requisitionLoinc(test: RequisitionTest): string | null {
  if (test.loinc) return test.loinc;
  const found = (test.key && findBiomarker(test.key)) || BIOMARKERS.find((b) => b.name === test.name) || null;
  if (!found) return null;
  const unit = test.unit ? parseUnit(test.unit) : found.units[0].unit;
  return unit ? loincFor(found.key as BiomarkerKey, unit) : null;
}

/** True when a guideline asks for fasting ('Fast for 12 hours', 'fasting sample'), not when it waives it. */
export function requiresFasting(guidelines: readonly string[]): boolean {
  return guidelines.some(
    (g) =>
      /\bfast(ing|ed)?\b/i.test(g) && !/\b(non-?fasting|no fasting|fasting (is )?not required)\b/i.test(g),
  );
}

/** Renders the requisition form as a PDF. Only the standard fonts are used; the output depends on the input alone. */
export function renderRequisitionPdf(input: RequisitionPdfInput): Promise<Buffer> {
  const { doc, done } = createPdf({
    size: 'LETTER',
    margin: 50,
    info: {
      Title: pdfSafe(`Lab requisition - ${input.panel.name} - ${input.order.id}`),
      Author: pdfSafe(input.clinic.name),
    },
  });
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  const text = (s: string, options?: PDFKit.Mixins.TextOptions) => doc.text(pdfSafe(s), options);

  // Header: the clinic, and what this form is.
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#111111');
  text(input.clinic.name);
  doc.font('Helvetica').fontSize(9).fillColor('#444444');
  for (const line of input.clinic.address ?? []) text(line);
  if (input.clinic.phone) text(`Phone: ${input.clinic.phone}`);
  doc
    .moveTo(left, doc.y + 6)
    .lineTo(right, doc.y + 6)
    .lineWidth(2)
    .strokeColor(input.clinic.brandColor ?? '#1f7a5a')
    .stroke();
  doc.moveDown(1.2);
  doc.font('Helvetica-Bold').fontSize(15).fillColor('#111111');
  text('Laboratory Requisition');
  doc.moveDown(0.4);

  // A labelled box of fields, two columns.
  const section = (title: string, fields: [label: string, value: string][]) => {
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#111111');
    text(title, { width });
    const top = doc.y + 2;
    doc.y = top + 6;
    const colWidth = (width - 16) / 2;
    for (let i = 0; i < fields.length; i += 2) {
      const y = doc.y;
      let bottom = y;
      for (const [j, field] of [fields[i], fields[i + 1]].entries()) {
        if (!field) continue;
        const x = left + 8 + j * colWidth;
        doc.font('Helvetica').fontSize(7.5).fillColor('#666666');
        doc.text(pdfSafe(field[0].toUpperCase()), x, y, { width: colWidth - 8 });
        doc.font('Helvetica').fontSize(10).fillColor('#111111');
        doc.text(pdfSafe(field[1] || '-'), x, doc.y, { width: colWidth - 8 });
        bottom = Math.max(bottom, doc.y);
      }
      doc.x = left;
      doc.y = bottom + 5;
    }
    doc
      .rect(left, top, width, doc.y - top)
      .lineWidth(0.75)
      .strokeColor('#999999')
      .stroke();
    doc.x = left;
    doc.y += 10;
  };

  section('Order', [
    ['Order ID', input.order.id],
    ['Order date', formatDate(input.order.date)],
    ['Panel', input.panel.name],
    ['Ordering clinic', input.clinic.name],
  ]);
  section('Ordering physician', [
    ['Name', input.physician?.name ?? 'Not assigned'],
    ['NPI', input.physician?.npi ?? (input.physician ? 'Not given' : '')],
  ]);
  section('Patient', [
    ['Name', input.patient.name],
    ['Date of birth', formatDate(input.patient.birthday) || 'Not given'],
    ['Sex', formatSex(input.patient.sex)],
    ['Phone', input.patient.phone ?? 'Not given'],
    ['Address', input.patient.address.join('\n') || 'Not given'],
  ]);

  // Tests: name and LOINC code, one row each.
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#111111');
  text(`Tests ordered (${input.tests.length})`, { width });
  doc.moveDown(0.3);
  const codeX = left + width * 0.7;
  const row = (name: string, code: string, bold = false) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 30) doc.addPage();
    const y = doc.y;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor('#111111');
    doc.text(pdfSafe(name), left + 8, y, { width: codeX - left - 16 });
    const after = doc.y;
    doc.text(pdfSafe(code), codeX, y, { width: right - codeX });
    doc.x = left;
    doc.y = Math.max(after, doc.y) + 3;
  };
  row('Test', 'LOINC', true);
  doc.moveTo(left, doc.y).lineTo(right, doc.y).lineWidth(0.5).strokeColor('#999999').stroke();
  doc.y += 3;
  for (const test of input.tests) row(test.name, requisitionLoinc(test) ?? 'Not coded');
  doc.moveTo(left, doc.y).lineTo(right, doc.y).lineWidth(0.5).strokeColor('#999999').stroke();
  doc.moveDown(1);

  // Collection instructions.
  if (doc.y > doc.page.height - doc.page.margins.bottom - 80) doc.addPage();
  doc.x = left;
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#111111');
  text('Collection instructions', { width });
  doc.moveDown(0.3);
  if (requiresFasting(input.panel.preparationGuidelines)) {
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#b00020');
    text('FASTING REQUIRED - see below.', { width });
    doc.fillColor('#111111');
  }
  doc.font('Helvetica').fontSize(10).fillColor('#111111');
  if (input.panel.preparationGuidelines.length === 0) text('No special preparation.', { width });
  for (const guideline of input.panel.preparationGuidelines) text(`- ${guideline}`, { width, indent: 0 });

  doc.moveDown(2);
  doc.font('Helvetica').fontSize(8).fillColor('#666666');
  text(
    `Bring this form and a photo ID to the draw site. Questions about this order: ${input.clinic.name}${
      input.clinic.phone ? `, ${input.clinic.phone}` : ''
    }.`,
    { width },
  );

  doc.end();
  return done;
}
