import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { DownloadedFile } from '../../../lib/save-file';
import { saveFile } from '../../../lib/save-file';

export const INVOICE_ERROR = 'The invoice could not be downloaded. Please try again.';

/** Downloads an invoice PDF with the patient's token (through `load`), then saves it through a blob link. */
export function InvoiceButton({
  load,
  label,
  text = 'Download invoice',
}: {
  load: () => Promise<DownloadedFile>;
  label: string;
  text?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function download() {
    setBusy(true);
    setFailed(false);
    try {
      const { blob, fileName } = await load();
      saveFile(blob, fileName);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="orders-invoice">
      <Button variant="secondary" size="sm" aria-label={label} loading={busy} onClick={() => void download()}>
        {text}
      </Button>
      {failed ? (
        <p className="orders-invoice__error" role="alert">
          {INVOICE_ERROR}
        </p>
      ) : null}
    </div>
  );
}
