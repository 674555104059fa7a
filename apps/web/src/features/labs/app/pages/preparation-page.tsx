import { LAB_ALERT_MS } from '@portal/domain/constants';
import { MESSAGES } from '@portal/domain/messages';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  downloadLabForm,
  labAppointmentQueryOptions,
  labPreparationQueryOptions,
} from '../../../../api/labs';
import { toast } from '../../../../components/toast/toast-store';
import { Alert } from '../../../../components/ui/alert';
import { Button, buttonClassName } from '../../../../components/ui/button';
import { PageSpinner } from '../../../../components/ui/spinner';
import { isApiError } from '../../../../lib/api-error';
import { saveFile } from '../../../../lib/save-file';
import { useSessionUser } from '../../../../lib/session';
import { isNotFound, MarkerLoadError, throwNotFound } from '../components/marker-page-state';
import { PanelNav } from '../components/panel-nav';
import '../../labs.css';
import '../markers.css';

export const PREPARATION_TITLE = 'Preparation Guideline';
export const PREPARATION_LOAD_ERROR = 'We could not load the preparation guideline. Please try again.';

type Failure = { message: string; messageUs: boolean } | null;

/** A requisition the API refuses as not ready (400 RequisitionNotReady) or cannot find yet (404). */
function notReady(error: unknown): boolean {
  return isApiError(error) && (error.status === 400 || error.status === 404);
}

const hours = (n: number) => (n === 1 ? '1 hour' : `${n} hours`);

/**
 * How to prepare for a panel's blood draw (002 §2.3, §2.5, §9): fasting and no-exercise hours first, the
 * guidelines as a checklist, the lab instructions and the requisition form of the panel's latest report.
 */
export default function PreparationPage() {
  const { panelId = '' } = useParams();
  const user = useSessionUser();
  const query = useQuery(labPreparationQueryOptions(panelId));
  const appointment = useQuery({ ...labAppointmentQueryOptions(panelId), retry: false });
  const reportId = appointment.data?.reportId ?? null;
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);

  async function download(id: string) {
    setDownloading(true);
    setFailure(null);
    try {
      const { blob, fileName } = await downloadLabForm(id);
      saveFile(blob, fileName);
      toast.success(MESSAGES.actionSuccess, { durationMs: LAB_ALERT_MS });
    } catch (error) {
      setFailure(
        notReady(error)
          ? { message: MESSAGES.requisitionNotReady, messageUs: true }
          : { message: MESSAGES.generic, messageUs: false },
      );
    } finally {
      setDownloading(false);
    }
  }

  if (query.isPending)
    return (
      <div className="markers-page">
        <PanelNav />
        <PageSpinner label="Loading the preparation guideline" />
      </div>
    );
  if (query.isError && isNotFound(query.error)) throwNotFound();
  const prep = query.data;
  if (!prep)
    return (
      <div className="markers-page">
        <PanelNav />
        <MarkerLoadError
          title={PREPARATION_TITLE}
          message={PREPARATION_LOAD_ERROR}
          onRetry={() => void query.refetch()}
        />
      </div>
    );

  return (
    <article className="markers-page" aria-labelledby="prep-title">
      <PanelNav panelName={prep.name} />
      <h1 className="markers-page__title" id="prep-title">
        {PREPARATION_TITLE}
      </h1>
      <p className="markers-page__lead">{prep.name}</p>

      <ul className="prep-facts" aria-label="Before your blood draw">
        <li className="prep-fact">
          <strong className="prep-fact__hours">{hours(prep.fastingHours)}</strong>
          <span>of fasting before the draw: water only</span>
        </li>
        <li className="prep-fact">
          <strong className="prep-fact__hours">{hours(prep.noExerciseHours)}</strong>
          <span>without strenuous exercise before the draw</span>
        </li>
      </ul>

      {prep.guidelines.length > 0 ? (
        <section className="markers-card" aria-labelledby="prep-list-title">
          <h2 id="prep-list-title">Your checklist</h2>
          <ul className="prep-checklist">
            {prep.guidelines.map((g) => (
              <li key={g} className="prep-checklist__item">
                <svg className="prep-checklist__tick" viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M20 6 9 17l-5-5" />
                </svg>
                <span>{g}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="markers-card" aria-labelledby="prep-next-title">
        <h2 id="prep-next-title">Your lab visit</h2>
        <p>
          Bring a photo ID and your lab requisition form, printed or on your phone. The lab instructions
          explain each step, from booking to your results.
        </p>
        <div className="prep-actions">
          <Link className={buttonClassName({ variant: 'secondary', size: 'sm' })} to="/lab-instructions">
            Lab instructions
          </Link>
          {reportId ? (
            <Button size="sm" loading={downloading} onClick={() => void download(reportId)}>
              Download lab requisition
            </Button>
          ) : null}
        </div>
        {failure ? (
          <Alert tone="error" onClose={() => setFailure(null)}>
            <p>{failure.message}</p>
            {failure.messageUs && user ? (
              <Link to={`/messages/${encodeURIComponent(user._id)}/new`}>Message Us</Link>
            ) : null}
          </Alert>
        ) : null}
      </section>
    </article>
  );
}
