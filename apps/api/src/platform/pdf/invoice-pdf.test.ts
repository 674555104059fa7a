import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from './invoice-pdf';
import { pdfText } from './pdf-text';

describe('renderInvoicePdf', () => {
  it('draws the brand, the patient, the lines and the totals', async () => {
    const pdf = await renderInvoicePdf({
      brandName: 'Evergreen Longevity',
      invoiceNumber: 'INV-202611-0000ABCD',
      issuedAt: new Date('2026-11-20T10:00:00Z'),
      period: { start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-12-01T00:00:00Z') },
      statusLabel: 'Paid',
      lines: [{ description: 'Omega-3 Longevity Blend', quantity: 2, amount: 9000 }],
      subtotal: 9000,
      discount: 1800,
      total: 7200,
      currency: 'usd',
      patient: { name: 'Dana Demo', address: ['1200 Pine Street', 'San Francisco, CA 94109'] },
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'Evergreen Longevity',
      'Invoice number: INV-202611-0000ABCD',
      'Date issued: Nov 20, 2026',
      'Billing period: Nov 1, 2026 to Dec 1, 2026',
      'Dana Demo',
      'San Francisco, CA 94109',
      'Omega-3 Longevity Blend',
      // $90.00 less 20% ($18.00) is $72.00.
      '$90.00',
      '-$18.00',
      '$72.00',
    ])
      expect(text).toContain(expected);
  });
});
