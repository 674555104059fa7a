import { PHARMACY_STEP_MAX } from '@portal/domain/constants';
import { consultationPath } from '@portal/domain/consultation/consultation-path';
import { firstPharmacyStep, nextAfterPharmacyStep } from '@portal/domain/consultation/pharmacy-steps';
import { MESSAGES } from '@portal/domain/messages';
import { isMedicalProfileComplete } from '@portal/domain/validation/profile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { intakeTemplateQueryOptions } from '../../../api/intake-templates';
import { intakeQueryOptions } from '../../../api/intakes';
import { patientQueryOptions } from '../../../api/patient';
import { InvalidIntakeRedirect } from '../../../components/step-page/intake-guard';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { carriedQuery, isInvalidIntakeError } from '../../../lib/consultation-routing';
import { useSessionUser } from '../../../lib/session';
import { pregnancySummary, YES_NO_QUESTIONS } from '../lib/medical-history';
import { afterQuestionsTarget, firstQuestionId, targetQuery } from '../lib/question-routing';
import '../../../components/step-page/step-page.css';
import '../components/consultation.css';

const NOT_ANSWERED = 'Not answered yet';

/**
 * Review Medical History (000 §2 Screen 5): the saved medical history answers, with Update (back to the
 * pharmacy questions from the first step) or Continue (to the first intake question at step 0). A medical
 * profile that is not complete (000 §4) can only be updated: Continue then opens the pharmacy questions too.
 */
export default function PharmacyOverviewPage() {
  const { userId = '', intakeId = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sessionUser = useSessionUser();
  const intake = useQuery(intakeQueryOptions(userId, intakeId));
  const patientQuery = useQuery(patientQueryOptions(userId));
  const [routing, setRouting] = useState(false);
  const [routeError, setRouteError] = useState(false);

  if (isInvalidIntakeError(intake.error))
    return <InvalidIntakeRedirect userId={userId} error={intake.error} />;
  if (intake.isPending || (patientQuery.isPending && !sessionUser))
    return <PageSpinner label="Loading your medical history" />;

  const user = patientQuery.data ?? sessionUser;
  const profile = user?.medical_profile ?? null;
  const complete = isMedicalProfileComplete(profile);
  const carried = carriedQuery(search);
  const ctx = { userId, intakeId, query: carried };
  const questionsPath = consultationPath(
    { section: 'pharmacy-questions', step: firstPharmacyStep(user?.sex) },
    ctx,
  );

  async function onContinue() {
    if (!complete) {
      void navigate(questionsPath);
      return;
    }
    const loaded = intake.data;
    if (!loaded) return;
    const firstId = firstQuestionId(loaded);
    if (firstId) {
      void navigate(consultationPath(nextAfterPharmacyStep(PHARMACY_STEP_MAX, firstId), ctx));
      return;
    }
    setRouting(true);
    setRouteError(false);
    try {
      const template = await queryClient.fetchQuery(intakeTemplateQueryOptions(loaded.intake_template));
      const target = await afterQuestionsTarget({
        intake: loaded,
        template,
        productId: search.get('product'),
        queryClient,
      });
      void navigate(
        consultationPath(target, { userId, intakeId, query: targetQuery(target, carried, template._id) }),
      );
    } catch {
      setRouteError(true);
    } finally {
      setRouting(false);
    }
  }

  const answers: { label: string; value: string | null; details?: string | null }[] = [];
  if (user?.sex !== 'male')
    answers.push({ label: 'Pregnancy and breastfeeding', value: pregnancySummary(profile) });
  for (const question of YES_NO_QUESTIONS) {
    const flag = profile?.[question.flag];
    answers.push({
      label: question.reviewLabel,
      value: flag === true ? 'Yes' : flag === false ? 'No' : null,
      details: flag === true ? (profile?.[question.text] ?? null) : null,
    });
  }

  return (
    <section className="consult-step" aria-labelledby="overview-title">
      <header className="consult-step__header">
        <p className="consult-step__eyebrow">Medical History</p>
        <h1 className="consult-step__title" id="overview-title">
          Review Medical History
        </h1>
        <p className="consult-step__lead">
          {complete
            ? 'Please check that your medical history is still correct. Update it if anything has changed.'
            : 'Your physician needs to know about allergies, medical conditions and the medications you take.'}
        </p>
      </header>

      <dl className="history-review">
        {answers.map((answer) => (
          <div key={answer.label} className="history-review__item">
            <dt className="history-review__label">{answer.label}</dt>
            <dd className={answer.value ? 'history-review__value' : 'history-review__value is-empty'}>
              {answer.value ?? NOT_ANSWERED}
              {answer.details ? <span className="history-review__details">{answer.details}</span> : null}
            </dd>
          </div>
        ))}
      </dl>

      {routeError ? <Alert tone="error">{MESSAGES.generic}</Alert> : null}

      <div className="consult-step__footer history-review__actions">
        <Button block onClick={() => void onContinue()} loading={routing}>
          Continue
        </Button>
        <Button block variant="secondary" onClick={() => void navigate(questionsPath)}>
          Update Medical History
        </Button>
      </div>
    </section>
  );
}
