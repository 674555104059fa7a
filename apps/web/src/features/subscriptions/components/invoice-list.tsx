import type { SubscriptionInvoice } from '@portal/domain/contracts/subscription';
import { formatUsd } from '@portal/domain/pricing/money';
import { formatBillingDate } from '@portal/domain/subscriptions/status';
import { useState } from 'react';
import { fetchSubscriptionInvoice } from '../../../api/subscriptions';
import { Button } from '../../../components/ui/button';
import { saveFile } from '../../../lib/save-file';

const STATUS: Record<SubscriptionInvoice['status'], string> = {
  draft: 'Draft',
  open: 'Unpaid',
  paid: 'Paid',
  void: 'Void',
  uncollectible: 'Uncollectible',
};

function InvoiceRow({ invoice }: { invoice: SubscriptionInvoice }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const { blob, fileName } = await fetchSubscriptionInvoice(invoice._id);
      saveFile(blob, fileName);
    } catch (error) {
      console.error('invoice download failed', error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="sub-invoices__row">
      <span className="sub-invoices__date">
        {formatBillingDate(Date.parse(invoice.period_start ?? invoice.created_at))}
      </span>
      <span className="sub-invoices__amount">{formatUsd(invoice.amount_due)}</span>
      <span className={`sub-invoices__status sub-invoices__status--${invoice.status}`}>
        {STATUS[invoice.status]}
      </span>
      <Button
        variant="ghost"
        size="sm"
        loading={busy}
        aria-label={`Download invoice ${invoice.number}`}
        onClick={() => void download()}
      >
        Download
      </Button>
    </li>
  );
}

/** A subscription's invoices, newest first, each downloadable as a PDF. */
export function InvoiceList({ invoices }: { invoices: SubscriptionInvoice[] }) {
  if (invoices.length === 0) return null;
  return (
    <details className="sub-invoices">
      <summary>Invoices ({invoices.length})</summary>
      <ul className="sub-invoices__list">
        {invoices.map((i) => (
          <InvoiceRow key={i._id} invoice={i} />
        ))}
      </ul>
    </details>
  );
}
