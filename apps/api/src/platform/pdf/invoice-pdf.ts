import PDFDocument from 'pdfkit';

/** Everything an invoice shows; amounts in cents. Shared by order and subscription invoices. */
export type InvoicePdfData = {
  brandName: string;
  /** The brand colour for the header rule, e.g. '#1f7a5a'. */
  brandColor?: string;
  invoiceNumber: string;
  issuedAt: Date;
  /** The billing period of a subscription invoice; absent for a one-time order. */
  period?: { start: Date; end: Date | null } | null;
  /** 'Paid', 'Open', ... */
  statusLabel?: string;
  lines: { description: string; quantity: number; amount: number }[];
  subtotal: number;
  discount: number;
  total: number;
  currency: string;
  patient: { name: string; address: string[] };
};

const DATE = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}

/**
 * Renders an invoice as a one-page PDF. Only the standard Helvetica fonts are used, so nothing is read
 * from disk and the output depends on the data alone.
 */
export function renderInvoicePdf(data: InvoicePdfData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    info: { Title: `${data.brandName} invoice ${data.invoiceNumber}`, Author: data.brandName },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const money = (cents: number) => formatMoney(cents, data.currency);
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;

  doc.font('Helvetica-Bold').fontSize(20).fillColor('#111111').text(data.brandName, left, 56);
  doc
    .moveTo(left, doc.y + 6)
    .lineTo(right, doc.y + 6)
    .lineWidth(2)
    .strokeColor(data.brandColor ?? '#1f7a5a')
    .stroke();
  doc.moveDown(1.2);

  doc.font('Helvetica-Bold').fontSize(14).text('Invoice');
  doc.font('Helvetica').fontSize(10).fillColor('#333333');
  doc.text(`Invoice number: ${data.invoiceNumber}`);
  doc.text(`Date issued: ${DATE.format(data.issuedAt)}`);
  if (data.period) {
    const end = data.period.end ? DATE.format(data.period.end) : 'ongoing';
    doc.text(`Billing period: ${DATE.format(data.period.start)} to ${end}`);
  }
  if (data.statusLabel) doc.text(`Status: ${data.statusLabel}`);
  doc.moveDown();

  doc.font('Helvetica-Bold').text('Billed to');
  doc.font('Helvetica').text(data.patient.name);
  for (const line of data.patient.address) doc.text(line);
  doc.moveDown(1.5);

  const qtyX = left + width * 0.62;
  const amountX = left + width * 0.75;
  const row = (description: string, quantity: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(description, left, y, { width: qtyX - left - 8 });
    const after = doc.y;
    doc.text(quantity, qtyX, y, { width: amountX - qtyX - 8, align: 'right' });
    doc.text(amount, amountX, y, { width: right - amountX, align: 'right' });
    doc.x = left;
    doc.y = Math.max(after, doc.y) + 4;
  };
  row('Description', 'Qty', 'Amount', true);
  doc.moveTo(left, doc.y).lineTo(right, doc.y).lineWidth(0.5).strokeColor('#999999').stroke();
  doc.y += 4;
  for (const line of data.lines) row(line.description, String(line.quantity), money(line.amount));
  doc.moveTo(left, doc.y).lineTo(right, doc.y).lineWidth(0.5).strokeColor('#999999').stroke();
  doc.y += 4;
  row('Subtotal', '', money(data.subtotal));
  if (data.discount > 0) row('Discount', '', `-${money(data.discount)}`);
  row('Total', '', money(data.total), true);

  doc.moveDown(2);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#666666')
    .text(`Thank you for choosing ${data.brandName}. Keep this invoice for your records (HSA/FSA).`, left);

  doc.end();
  return done;
}
