import { PHARMACY_STEP_MAX, PHARMACY_STEP_MIN } from '@portal/domain/constants';
import { consultationPath } from '@portal/domain/consultation/consultation-path';
import { nextAfterPharmacyStep, pharmacyStepCount } from '@portal/domain/consultation/pharmacy-steps';
import { parseStepQuery } from '@portal/domain/consultation/question-progress';
import { MESSAGES } from '@portal/domain/messages';
import { isTextAnswerValid, toggleCheckboxOption } from '@portal/domain/validation/questions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { intakeTemplateQueryOptions } from '../../../api/intake-templates';
import { intakeQueryOptions } from '../../../api/intakes';
import { type MedicalProfileChanges, useUpdatePatientMutation } from '../../../api/patient';
import { InvalidIntakeRedirect } from '../../../components/step-page/intake-guard';
import { QuestionProgressBar } from '../../../components/step-page/question-progress-bar';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextArea } from '../../../components/ui/text-area';
import { carriedQuery, isInvalidIntakeError } from '../../../lib/consultation-routing';
import type { Patient } from '../../../lib/patient';
import { useSessionUser } from '../../../lib/session';
import {
  PREGNANCY_NONE_ID,
  PREGNANCY_NONE_LABEL,
  PREGNANCY_OPTIONS,
  PREGNANCY_QUESTION,
  pregnancyChanges,
  savedPregnancySelection,
  type YesNoQuestion,
  yesNoChanges,
  yesNoQuestionOf,
} from '../lib/medical-history';
import { afterQuestionsTarget, firstQuestionId, targetQuery } from '../lib/question-routing';
import '../../../components/step-page/step-page.css';
import '../components/consultation.css';

type Status = 'idle' | 'submitting' | 'error';

const BUTTON_TEXT: Record<Status, string> = {
  idle: 'Continue',
  submitting: 'Submitting',
  error: MESSAGES.errorTryAgainNoStop,
};

type SaveStep = (changes: MedicalProfileChanges) => Promise<void>;

interface StepProps {
  profile: Patient['medical_profile'];
  status: Status;
  onSave: SaveStep;
}

/** Step 0 (non-male patients): the pregnancy question; None clears all three pregnancy flags (000 §4). */
function PregnancyStep({ profile, status, onSave }: StepProps) {
  const [selected, setSelected] = useState<string[]>(() => savedPregnancySelection(profile));
  const options = [...PREGNANCY_OPTIONS, { id: PREGNANCY_NONE_ID, label: PREGNANCY_NONE_LABEL }];

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (selected.length === 0 || status === 'submitting') return;
    void onSave(pregnancyChanges(selected.filter((id) => id !== PREGNANCY_NONE_ID)));
  }

  return (
    <form className="consult-step__form" noValidate onSubmit={onSubmit}>
      <fieldset className="choice-group">
        <legend className="question-label">{PREGNANCY_QUESTION}</legend>
        <p className="question-description">Select all that apply.</p>
        <div className="option-list">
          {options.map((option) => (
            <label key={option.id} className="option-tile">
              <input
                type="checkbox"
                name="pregnancy"
                value={option.id}
                checked={selected.includes(option.id)}
                onChange={() =>
                  setSelected((current) => toggleCheckboxOption(current, option.id, PREGNANCY_NONE_ID))
                }
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="consult-step__footer">
        <Button type="submit" block disabled={selected.length === 0} loading={status === 'submitting'}>
          {BUTTON_TEXT[status]}
        </Button>
      </div>
    </form>
  );
}

/** Steps 1 to 3: a yes/no question. No saves and goes on at once; yes needs non-blank details first (000 §4). */
function YesNoStep({ question, profile, status, onSave }: StepProps & { question: YesNoQuestion }) {
  const saved = profile?.[question.flag];
  const [answer, setAnswer] = useState<boolean | null>(typeof saved === 'boolean' ? saved : null);
  const [details, setDetails] = useState(profile?.[question.text] ?? '');
  const [touched, setTouched] = useState(false);
  const complete = answer === false || (answer === true && isTextAnswerValid(details));
  const detailsError =
    answer === true && touched && !isTextAnswerValid(details) ? MESSAGES.answerAllQuestions : undefined;

  function onNo() {
    setAnswer(false);
    if (status !== 'submitting') void onSave(yesNoChanges(question, false, ''));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (!complete || answer === null || status === 'submitting') return;
    void onSave(yesNoChanges(question, answer, details));
  }

  return (
    <form className="consult-step__form" noValidate onSubmit={onSubmit}>
      <fieldset className="choice-group">
        <legend className="question-label">{question.question}</legend>
        <div className="choice-group__options">
          <label className="choice-tile">
            <input
              type="radio"
              name={question.flag}
              value="yes"
              checked={answer === true}
              onChange={() => setAnswer(true)}
            />
            Yes
          </label>
          <label className="choice-tile">
            <input type="radio" name={question.flag} value="no" checked={answer === false} onChange={onNo} />
            No
          </label>
        </div>
      </fieldset>
      {answer === true ? (
        <TextArea
          label={question.detailsLabel}
          name={question.text}
          required
          value={details}
          onChange={(event) => setDetails(event.target.value)}
          onBlur={() => setTouched(true)}
          error={detailsError}
        />
      ) : null}
      <div className="consult-step__footer">
        <Button type="submit" block disabled={!complete} loading={status === 'submitting'}>
          {BUTTON_TEXT[status]}
        </Button>
      </div>
    </form>
  );
}

/**
 * Pharmacy questions, the medical history (000 §2 Screen 4, §4): steps 0 to 3, 3 steps for male patients and
 * 4 otherwise (step 0, the pregnancy question, is shown only to non-male patients). Each step saves the
 * medical profile; after the last step the patient goes to the first intake question at step 0.
 */
export default function PharmacyQuestionsPage() {
  const { userId = '', intakeId = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useSessionUser();
  const intake = useQuery(intakeQueryOptions(userId, intakeId));
  const save = useUpdatePatientMutation(userId);
  const [status, setStatus] = useState<Status>('idle');

  const sex = user?.sex;
  const firstStep = sex === 'male' ? 1 : PHARMACY_STEP_MIN;
  const step = Math.max(firstStep, Math.min(parseStepQuery(search.get('step')), PHARMACY_STEP_MAX));
  const total = pharmacyStepCount(sex);
  const current = step - (PHARMACY_STEP_MAX + 1 - total) + 1;

  if (isInvalidIntakeError(intake.error))
    return <InvalidIntakeRedirect userId={userId} error={intake.error} />;
  if (intake.isPending) return <PageSpinner label="Loading your medical history" />;

  async function onSave(changes: MedicalProfileChanges) {
    setStatus('submitting');
    try {
      const updated = await save.mutateAsync({ medical_profile: changes });
      if (!updated?._id) throw new Error('The medical profile was not saved');
      const carried = carriedQuery(search);
      const loaded = intake.data;
      const firstId = loaded ? firstQuestionId(loaded) : null;
      if (step >= PHARMACY_STEP_MAX && !firstId && loaded) {
        // a visit without questions goes straight to what follows them
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
      } else {
        const target = nextAfterPharmacyStep(step, firstId ?? '');
        void navigate(consultationPath(target, { userId, intakeId, query: carried }));
      }
      setStatus('idle');
    } catch {
      setStatus('error');
    }
  }

  const profile = user?.medical_profile ?? null;
  const yesNo = yesNoQuestionOf(step);

  return (
    <section className="consult-step" aria-labelledby="pharmacy-title">
      <header className="consult-step__header">
        <p className="consult-step__eyebrow">Medical History</p>
        <h1 className="consult-step__title" id="pharmacy-title">
          Your Medical History
        </h1>
      </header>
      <QuestionProgressBar label="Medical history progress" current={current} total={total} />
      <div className="question-slide" key={step}>
        {step === 0 || !yesNo ? (
          <PregnancyStep profile={profile} status={status} onSave={onSave} />
        ) : (
          <YesNoStep question={yesNo} profile={profile} status={status} onSave={onSave} />
        )}
      </div>
    </section>
  );
}
