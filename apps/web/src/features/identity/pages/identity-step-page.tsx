import type { VerificationStep } from '@portal/domain/consultation/consultation-path';
import { showDoThisLater } from '@portal/domain/consultation/identity-later';
import type { Appointment } from '@portal/domain/contracts/appointment';
import { MESSAGES } from '@portal/domain/messages';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useRaiseAlertOnce } from '../../../api/alerts';
import { intakeQueryOptions } from '../../../api/intakes';
import { patientImagesQueryOptions } from '../../../api/media';
import { patientQueryOptions } from '../../../api/patient';
import { BookingConfirmation } from '../../../components/slot-picker/booking-confirmation';
import { SlotPicker } from '../../../components/slot-picker/slot-picker';
import { InvalidIntakeRedirect } from '../../../components/step-page/intake-guard';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { isInvalidIntakeError } from '../../../lib/consultation-routing';
import { useSessionUser } from '../../../lib/session';
import { ExistingIdentity } from '../components/existing-identity';
import { PhotoStep } from '../components/photo-step';
import {
  afterUpload,
  backPath,
  finishPath,
  type IdentityPlace,
  laterPath,
  stepPath,
  toStep,
} from '../lib/identity-steps';
import '../../../components/step-page/step-page.css';
import '../components/identity.css';

const HEADINGS: Record<VerificationStep, string> = {
  verify_account: 'Verify your identity',
  id_image: 'Take a photo of your ID',
  profile_image: 'Take a selfie',
  existing_identity: 'Your identity photos',
  schedule: 'Schedule a verification call',
};

const LEADS: Record<VerificationStep, string> = {
  verify_account:
    'Before a physician can review your visit, we need to confirm that you are you. It takes about two minutes.',
  id_image:
    'Use a driver’s license, passport or state ID. Lay it on a flat, dark surface with all four corners in view and no glare.',
  profile_image:
    'Face the camera in good light, without a hat or sunglasses. We compare it with the photo on your ID.',
  existing_identity:
    'We already have these photos. Continue with them, or replace one if it is unclear or out of date.',
  schedule:
    'Prefer to verify on a short video call? Pick a time that suits you and a member of our care team will check your ID with you.',
};

/**
 * Identity verification (000 §2 Screen 9): verify_account, id_image, profile_image, existing_identity and
 * schedule, inside a visit (/consultation/identification-step|checkout/{intakeId}/t/{photoType}) or from
 * the dashboard (/verification/{userId}/{steps}). Photos lead to checkout inside a visit, else the dashboard.
 */
export default function IdentityStepPage() {
  const params = useParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const sessionUser = useSessionUser();
  const step = toStep(params.photoType ?? params.steps);
  const userId = params.userId ?? sessionUser?._id ?? '';
  const intakeId = params.intakeId ?? null;
  const place: IdentityPlace = { userId, intakeId, pathname, search };

  const images = useQuery(patientImagesQueryOptions(userId));
  const patientQuery = useQuery(patientQueryOptions(userId));
  const intake = useQuery({ ...intakeQueryOptions(userId, intakeId ?? ''), enabled: Boolean(intakeId) });
  const [booked, setBooked] = useState<Appointment | null>(null);
  const needsAttention = (patientQuery.data ?? sessionUser)?.image?.requires_user_attention === true;
  const showsMismatch = needsAttention && (step === 'verify_account' || step === 'existing_identity');
  // The patient sees the mismatch: the clinic's care team gets it as a task (002 §4.11, §7.8).
  useRaiseAlertOnce(
    'image-mismatch',
    sessionUser?.role === 'patient' && sessionUser._id === userId ? userId : null,
    showsMismatch,
  );

  // Each step announces itself: focus moves to its heading when the step changes.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  if (intakeId && isInvalidIntakeError(intake.error))
    return <InvalidIntakeRedirect userId={userId} error={intake.error} />;
  if (images.isPending || (intakeId && intake.isPending))
    return <PageSpinner label="Loading identity verification" />;

  const idUrl = images.data?.id_url ?? null;
  const selfieUrl = images.data?.profile_url ?? null;
  const awaiting = intake.data?.awaiting_patient_update?.is_awaiting ?? false;
  const later = showDoThisLater(step, { idImageUrl: idUrl, selfieUrl }) ? laterPath(place) : null;
  const go = (to: string) => void navigate(to);

  let body: ReactNode;
  switch (step) {
    case 'verify_account':
      body = (
        <>
          <ol className="identity-intro">
            <li className="identity-intro__item">
              <span className="identity-intro__title">A photo of your government-issued ID</span>
              <span className="identity-intro__text">Driver’s license, passport or state ID.</span>
            </li>
            <li className="identity-intro__item">
              <span className="identity-intro__title">A selfie</span>
              <span className="identity-intro__text">So we can match your face to your ID.</span>
            </li>
          </ol>
          <p className="identity-step__privacy">
            Telehealth rules require us to confirm who we treat. Your photos are stored securely and seen only
            by your care team.
          </p>
          <div className="consult-step__footer identity-step__actions">
            <Button
              block
              onClick={() => go(stepPath(place, idUrl && selfieUrl ? 'existing_identity' : 'id_image'))}
            >
              Continue
            </Button>
            <Button block variant="secondary" onClick={() => go(stepPath(place, 'schedule'))}>
              Schedule a verification call
            </Button>
          </div>
        </>
      );
      break;
    case 'id_image':
    case 'profile_image':
      body = (
        <PhotoStep
          key={step}
          kind={step}
          userId={userId}
          intakeId={intakeId}
          reupload={awaiting || needsAttention || Boolean(step === 'id_image' ? idUrl : selfieUrl)}
          onUploaded={() => go(afterUpload(place, step))}
        />
      );
      break;
    case 'existing_identity':
      body = (
        <>
          <ExistingIdentity
            idUrl={idUrl}
            selfieUrl={selfieUrl}
            onReplaceId={() => go(stepPath(place, 'id_image'))}
            onReplaceSelfie={() => go(stepPath(place, 'profile_image'))}
          />
          <div className="consult-step__footer identity-step__actions">
            <Button
              block
              onClick={() =>
                go(
                  !idUrl
                    ? stepPath(place, 'id_image')
                    : !selfieUrl
                      ? stepPath(place, 'profile_image')
                      : finishPath(place),
                )
              }
            >
              Continue
            </Button>
          </div>
        </>
      );
      break;
    case 'schedule':
      body = booked ? (
        <BookingConfirmation appointment={booked} userId={userId}>
          {intakeId ? (
            <Button block onClick={() => go(finishPath(place))}>
              Continue to checkout
            </Button>
          ) : null}
        </BookingConfirmation>
      ) : (
        <SlotPicker kind="user-verification" onBooked={setBooked} />
      );
      break;
  }

  return (
    <section className="consult-step identity-step" aria-labelledby="identity-title">
      <Link className="identity-step__back" to={backPath(place, step)}>
        <span aria-hidden="true">←</span> Back
      </Link>
      <header className="consult-step__header">
        <p className="consult-step__eyebrow">Identity Verification</p>
        <h1 className="consult-step__title" id="identity-title" ref={headingRef} tabIndex={-1}>
          {HEADINGS[step]}
        </h1>
        {step === 'schedule' && booked ? null : <p className="consult-step__lead">{LEADS[step]}</p>}
      </header>

      {showsMismatch ? (
        <Alert tone="warning" title={MESSAGES.imageMismatch}>
          The photo on your ID and your selfie could not be matched. Please take them again.
        </Alert>
      ) : null}

      {body}

      {later ? (
        <p className="identity-step__later">
          <Link to={later}>I'll do this later</Link>
        </p>
      ) : null}
    </section>
  );
}
