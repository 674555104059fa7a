import { LAB_ALERT_MS } from '@portal/domain/constants';
import {
  LAB_PRIMARY_ACTION_LABELS,
  type LabReportForAction,
  labPrimaryAction,
} from '@portal/domain/labs/status';
import { labOrderFailureMessage, MESSAGES } from '@portal/domain/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { downloadLabForm, type LabPanelListItem, labKeys, orderLab } from '../../../api/labs';
import { toast } from '../../../components/toast/toast-store';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-error';
import { saveFile } from '../../../lib/save-file';
import { InfoTooltip } from './info-tooltip';
import { StatusBar } from './status-bar';

type Failure = { message: string; messageUs: boolean } | null;

/** One lab of the list (002 §2.2): name with its description, the status bar, the primary and Message Us buttons. */
export function LabItem({ item, userId }: { item: LabPanelListItem; userId: string }) {
  const titleId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  const status = item.latestReport?.status?.id ?? item.status;
  const action = labPrimaryAction({ status, order: item.order as LabReportForAction['order'] });
  const reportId = item.latestReport?._id;
  const messageUs = `/messages/${encodeURIComponent(userId)}/new`;

  async function order() {
    setBusy(true);
    setFailure(null);
    try {
      const orderId = await orderLab(item.product);
      toast.success(MESSAGES.labOrderSuccess, { durationMs: LAB_ALERT_MS });
      void queryClient.invalidateQueries({ queryKey: labKeys.all });
      void navigate(`/lab-instructions/${encodeURIComponent(orderId)}`);
    } catch (error) {
      const status = error instanceof ApiError ? error.status : undefined;
      setFailure({ message: labOrderFailureMessage(status), messageUs: true });
      setBusy(false);
    }
  }

  async function downloadForm() {
    if (!reportId) return;
    setBusy(true);
    setFailure(null);
    try {
      const { blob, fileName } = await downloadLabForm(reportId);
      saveFile(blob, fileName);
      // 002 §8: primary actions other than Order Lab say Success!
      toast.success(MESSAGES.actionSuccess, { durationMs: LAB_ALERT_MS });
    } catch {
      setFailure({ message: MESSAGES.requisitionNotReady, messageUs: false });
    } finally {
      setBusy(false);
    }
  }

  const name = item.product?.name || item.name;
  const description = item.product?.description ?? '';

  return (
    <li className="labs-item" aria-labelledby={titleId}>
      <div className="labs-item__head">
        <h2 className="labs-item__name" id={titleId}>
          {name}
        </h2>
        {description ? <InfoTooltip label={`About ${name}`} text={description} /> : null}
      </div>
      <StatusBar status={status} />
      <div className="labs-item__actions">
        {action === 'order_lab' ? (
          <Button size="sm" loading={busy} aria-describedby={titleId} onClick={() => void order()}>
            {LAB_PRIMARY_ACTION_LABELS.order_lab}
          </Button>
        ) : action === 'download_form' ? (
          <Button
            size="sm"
            loading={busy}
            aria-describedby={titleId}
            onClick={() => void downloadForm()}
            disabled={!reportId}
          >
            {LAB_PRIMARY_ACTION_LABELS.download_form}
          </Button>
        ) : action === 'view_analysis' && reportId ? (
          <Link
            className={buttonClassName({ size: 'sm' })}
            aria-describedby={titleId}
            to={`/dashboard/${encodeURIComponent(userId)}/lab-analysis/${encodeURIComponent(reportId)}`}
          >
            {LAB_PRIMARY_ACTION_LABELS.view_analysis}
          </Link>
        ) : null}
        <Link
          className={buttonClassName({ variant: 'secondary', size: 'sm' })}
          aria-describedby={titleId}
          to={messageUs}
        >
          Message Us
        </Link>
      </div>
      {failure ? (
        <Alert tone="error" onClose={() => setFailure(null)}>
          <p>{failure.message}</p>
          {failure.messageUs ? (
            <Link className="labs-item__alert-link" to={messageUs}>
              Message Us
            </Link>
          ) : null}
        </Alert>
      ) : null}
    </li>
  );
}
