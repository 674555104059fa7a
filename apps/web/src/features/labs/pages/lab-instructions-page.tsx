import { LAB_ALERT_MS } from '@portal/domain/constants';
import { maskPhone } from '@portal/domain/format/phone';
import { MESSAGES } from '@portal/domain/messages';
import { offersMobileVerification } from '@portal/domain/settings/mobile-verification';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  downloadLabForm,
  labPreparationQueryOptions,
  labReportsQueryOptions,
  reportOfOrder,
} from '../../../api/labs';
import { usePatientSaved } from '../../../api/patient';
import { MobileVerificationPanel } from '../../../components/mobile-verification/mobile-verification-panel';
import { settingsPath } from '../../../components/settings-section/sections';
import { toast } from '../../../components/toast/toast-store';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-error';
import { useBrand } from '../../../lib/brand';
import type { Patient } from '../../../lib/patient';
import { saveFile } from '../../../lib/save-file';
import { useSessionUser } from '../../../lib/session';
import { InstructionsPanel } from '../components/instructions-panel';
import {
  defaultPreparationGuidelines,
  LAB_BOOKING_URL,
  PARTNER_LAB_LOCATIONS,
} from '../lib/lab-instructions';
import '../lab-instructions.css';
import { NewTabNote } from '../../../components/ui/hidden-suffix';

/** 002 §2.5: with a lab (order) id the page confirms an order (success), otherwise it only instructs. */
export type LabInstructionsType = 'success' | 'instructions';

type Failure = { message: string; messageUs: boolean } | null;

/** A requisition the API refuses as not ready (400 RequisitionNotReady) or cannot find yet (404). */
function notReady(error: unknown): boolean {
  return isApiError(error) && (error.status === 400 || error.status === 404);
}

/**
 * Lab confirmation (002 §2.5, §4.3, §9): the hero and four blocks (schedule, prepare, visit the lab, results
 * in the portal), View Instructions' seven steps in a side panel, the requisition download once ordered, and
 * Return to labs. The focus shell gives the navigation.
 */
export default function LabInstructionsPage() {
  const { orderId } = useParams();
  const type: LabInstructionsType = orderId ? 'success' : 'instructions';
  const success = type === 'success';
  const user = useSessionUser();
  const userId = user?._id ?? '';
  const queryClient = useQueryClient();
  const [panelOpen, setPanelOpen] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const { organization } = useBrand();
  const offersVerification = offersMobileVerification(organization?.settings, user);
  const savePatient = usePatientSaved(userId);
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  const ids = { schedule: useId(), prepare: useId(), visit: useId(), results: useId() };

  const reports = useQuery({ ...labReportsQueryOptions(userId), enabled: success && !!userId });
  const report = reportOfOrder(reports.data, orderId);
  const preparation = useQuery({
    ...labPreparationQueryOptions(report?.panelId ?? ''),
    enabled: !!report,
  });
  const guidelines = preparation.data?.guidelines.length
    ? preparation.data.guidelines
    : defaultPreparationGuidelines(preparation.data?.fastingHours, preparation.data?.noExerciseHours);
  const guidelinesLoading = reports.isLoading || preparation.isLoading;

  const labsPath = `/dashboard/${encodeURIComponent(userId)}/labs`;
  const messageUs = `/messages/${encodeURIComponent(userId)}/new`;

  function onVerified(updated: Patient) {
    savePatient(updated);
    setVerifying(false);
    toast.success(MESSAGES.mobileVerified);
  }

  async function downloadRequisition() {
    setDownloading(true);
    setFailure(null);
    try {
      // the order's report may be newer than the list read on arrival: read it again before giving up
      const found =
        reportOfOrder(reports.data, orderId) ??
        reportOfOrder(
          await queryClient.fetchQuery({ ...labReportsQueryOptions(userId), staleTime: 0 }),
          orderId,
        );
      if (!found) {
        setFailure({ message: MESSAGES.requisitionNotReady, messageUs: true });
        return;
      }
      const { blob, fileName } = await downloadLabForm(found._id);
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

  return (
    <article className="lab-instructions" aria-labelledby="lab-instructions-title" data-type={type}>
      <header className="lab-instructions__hero">
        {success ? <p className="lab-instructions__eyebrow">Your lab is ordered</p> : null}
        <h1 className="lab-instructions__title" id="lab-instructions-title">
          Getting Started with Labs
        </h1>
        <p className="lab-instructions__lead">
          {success
            ? `${report ? `${report.product.name || report.title}: ` : ''}here is what happens next. `
            : 'Lab testing takes four simple steps. '}
          Our partner-lab network has more than {PARTNER_LAB_LOCATIONS} locations, so there is one near you.
        </p>
      </header>

      <ol className="lab-instructions__blocks">
        <li className="lab-instructions__block" aria-labelledby={ids.schedule}>
          <span className="lab-instructions__number" aria-hidden="true">
            1
          </span>
          <div className="lab-instructions__body">
            <h2 className="lab-instructions__heading" id={ids.schedule}>
              Schedule your appointment
            </h2>
            <p>
              Choose a time at one of more than {PARTNER_LAB_LOCATIONS} partner lab locations. Many also
              accept walk-ins.
            </p>
            <div className="lab-instructions__actions">
              {success ? (
                <a
                  className={buttonClassName({ size: 'sm' })}
                  href={LAB_BOOKING_URL}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Book Your Appointment
                  <NewTabNote />
                </a>
              ) : null}
              <Button
                variant="secondary"
                size="sm"
                aria-haspopup="dialog"
                aria-expanded={panelOpen}
                onClick={() => setPanelOpen(true)}
              >
                View Instructions
              </Button>
            </div>
          </div>
        </li>

        <li className="lab-instructions__block" aria-labelledby={ids.prepare}>
          <span className="lab-instructions__number" aria-hidden="true">
            2
          </span>
          <div className="lab-instructions__body">
            <h2 className="lab-instructions__heading" id={ids.prepare}>
              Preparation Guidelines
            </h2>
            {guidelinesLoading ? (
              <Spinner size="sm" label="Loading the preparation guidelines" />
            ) : (
              <ul className="lab-instructions__guidelines">
                {guidelines.map((g) => (
                  <li key={g}>{g}</li>
                ))}
              </ul>
            )}
          </div>
        </li>

        <li className="lab-instructions__block" aria-labelledby={ids.visit}>
          <span className="lab-instructions__number" aria-hidden="true">
            3
          </span>
          <div className="lab-instructions__body">
            <h2 className="lab-instructions__heading" id={ids.visit}>
              Visit your Lab Location
            </h2>
            <p>
              Bring a photo ID and your lab requisition form, printed or on your phone. The draw takes only a
              few minutes.
            </p>
            {success ? (
              <div className="lab-instructions__actions">
                <Button size="sm" loading={downloading} onClick={() => void downloadRequisition()}>
                  Download lab requisition
                </Button>
              </div>
            ) : null}
            {failure ? (
              <Alert tone="error" onClose={() => setFailure(null)}>
                <p>{failure.message}</p>
                {failure.messageUs ? (
                  <Link className="lab-instructions__alert-link" to={messageUs}>
                    Message Us
                  </Link>
                ) : null}
              </Alert>
            ) : null}
          </div>
        </li>

        <li className="lab-instructions__block" aria-labelledby={ids.results}>
          <span className="lab-instructions__number" aria-hidden="true">
            4
          </span>
          <div className="lab-instructions__body">
            <h2 className="lab-instructions__heading" id={ids.results}>
              Lab Results delivered to the portal
            </h2>
            <p>
              Your results arrive in the portal within a few days, and your care team reviews them with you.
            </p>
            {user?.mobile_verified ? (
              <p className="lab-instructions__note">
                Text notifications are on
                {user.mobile_number ? ` for ${maskPhone(user.mobile_number)}` : ''}: we will text you when
                your results are ready.
              </p>
            ) : (
              <div className="lab-instructions__actions">
                {offersVerification ? (
                  <Button variant="secondary" size="sm" onClick={() => setVerifying(true)}>
                    Enable Text Notifications
                  </Button>
                ) : (
                  // a clinic that does not verify numbers texts the number saved in settings
                  <Link
                    className={buttonClassName({ variant: 'secondary', size: 'sm' })}
                    to={settingsPath(userId, 'mobile')}
                  >
                    Enable Text Notifications
                  </Link>
                )}
              </div>
            )}
          </div>
        </li>
      </ol>

      <div className="lab-instructions__footer">
        <Link className={buttonClassName({})} to={labsPath}>
          Return to labs
        </Link>
      </div>

      <InstructionsPanel open={panelOpen} onClose={() => setPanelOpen(false)} />
      {offersVerification ? (
        <MobileVerificationPanel
          open={verifying}
          userId={userId}
          number={user?.mobile_number ?? ''}
          onVerified={onVerified}
          onClose={() => setVerifying(false)}
        />
      ) : null}
    </article>
  );
}
