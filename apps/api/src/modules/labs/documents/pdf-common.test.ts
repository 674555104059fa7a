import PDFDocument from 'pdfkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pdfText } from '../../../platform/pdf/pdf-text';
import { createPdf } from './pdf-common';

type FontOf = { _font: { id: string; document: unknown; font: object } };

/** A small document drawn the way the labs documents draw theirs: wrapped text in two standard fonts. */
async function draw(
  make: (options: PDFKit.PDFDocumentOptions) => { doc: PDFKit.PDFDocument; done: Promise<Buffer> },
) {
  const { doc, done } = make({ size: 'LETTER', margin: 50, info: { Title: 'Fonts' } });
  const fonts: FontOf['_font'][] = [(doc as unknown as FontOf)._font];
  doc.font('Helvetica-Bold').fontSize(15).text('Laboratory Requisition');
  fonts.push((doc as unknown as FontOf)._font);
  doc.font('Helvetica').fontSize(10);
  for (let i = 0; i < 40; i++)
    doc.text(`Apolipoprotein B, Lipoprotein(a), Hemoglobin A1c, row ${i}: AVAWAY To. Yes`, { width: 200 });
  doc.text('Justified text spreads its words over the whole width of the line, AV WA.', {
    width: 180,
    align: 'justify',
  });
  doc.end();
  return { bytes: await done, fonts };
}

/** PDFKit's own document, as the labs documents were made before sharing the fonts' metrics. */
function plainPdf(options: PDFKit.PDFDocumentOptions) {
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
  });
  return { doc, done };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createPdf', () => {
  it('draws byte for byte what PDFKit draws, the first document and the ones after it', async () => {
    // the creation date is written in the document and its file id
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T10:00:00Z') });
    const expected = (await draw(plainPdf)).bytes;
    const first = await draw(createPdf);
    const second = await draw(createPdf);
    expect(first.bytes.equals(expected)).toBe(true);
    expect(second.bytes.equals(expected)).toBe(true);
    expect(pdfText(second.bytes)).toContain('Laboratory Requisition');
  });

  it('gives each document font objects of its own over metrics parsed once', async () => {
    const a = await draw(createPdf);
    const b = await draw(createPdf);
    expect(a.fonts.map((f) => f.id)).toEqual(['F1', 'F2']);
    expect(b.fonts.map((f) => f.id)).toEqual(['F1', 'F2']);
    for (const i of [0, 1]) {
      expect(b.fonts[i]).not.toBe(a.fonts[i]);
      expect(b.fonts[i]!.document).not.toBe(a.fonts[i]!.document);
      expect(b.fonts[i]!.font).toBe(a.fonts[i]!.font);
    }
    expect(a.fonts[0]!.font).not.toBe(a.fonts[1]!.font);
  });
});
