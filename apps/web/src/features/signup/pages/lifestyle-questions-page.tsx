import { RADIO_CONTINUE_DELAY_MS } from '@portal/domain/constants';
import type { LifestyleQuestion } from '@portal/domain/contracts/lifestyle';
import { MESSAGES } from '@portal/domain/messages';
import {
  clampLifestyleStep,
  isOtherAnswer,
  OTHER_DETAILS_MAX,
  OTHER_OPTION,
  otherAnswer,
  otherDetails,
} from '@portal/domain/signup/lifestyle';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { lifestyleQueryOptions, saveLifestyle } from '../../../api/patient';
import { QuestionProgressBar } from '../../../components/step-page/question-progress-bar';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextArea } from '../../../components/ui/text-area';
import { useSessionUser } from '../../../lib/session';
import { SIGNUP_PATHS } from '../lib/signup-flow';
import '../../../components/step-page/step-page.css';
import '../components/signup.css';

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

interface StepProps {
  question: LifestyleQuestion;
  initial: string | string[] | undefined;
  /** Saves the answer and moves on; resolves once the next screen is open. */
  onAnswer: (value: string | string[], delayMs: number) => Promise<void>;
}

/** Single select: a choice continues after 300 ms, except Other, which asks for details first. */
function SingleSelect({ question, initial, onAnswer }: StepProps) {
  const start = typeof initial === 'string' ? initial : '';
  const [choice, setChoice] = useState(isOtherAnswer(start) ? OTHER_OPTION : start);
  const [details, setDetails] = useState(otherDetails(start));
  const [busy, setBusy] = useState(false);
  const detailsReady = details.trim() !== '';

  function choose(option: string) {
    if (busy) return;
    setChoice(option);
    if (option === OTHER_OPTION) return;
    setBusy(true);
    void onAnswer(option, RADIO_CONTINUE_DELAY_MS).finally(() => setBusy(false));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || choice !== OTHER_OPTION || !detailsReady) return;
    setBusy(true);
    void onAnswer(otherAnswer(details), 0).finally(() => setBusy(false));
  }

  return (
    <form className="consult-step__form" noValidate onSubmit={onSubmit}>
      <fieldset className="choice-group">
        <legend className="question-label">{question.question}</legend>
        <div className="option-list">
          {question.options.map((option) => (
            <label key={option} className="option-tile">
              <input
                type="radio"
                name={question.slug}
                value={option}
                checked={choice === option}
                onChange={() => choose(option)}
              />
              <span>{option}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {choice === OTHER_OPTION ? (
        <>
          <TextArea
            label={MESSAGES.lifestyleOtherDetails}
            name={`${question.slug}-details`}
            value={details}
            maxLength={OTHER_DETAILS_MAX}
            onChange={(event) => setDetails(event.target.value)}
            rows={3}
          />
          <div className="consult-step__footer">
            <Button type="submit" block loading={busy} disabled={!detailsReady}>
              Continue
            </Button>
          </div>
        </>
      ) : null}
    </form>
  );
}

/** Multi select: one or more options, then Continue. */
function MultiSelect({ question, initial, onAnswer }: StepProps) {
  const [chosen, setChosen] = useState<string[]>(Array.isArray(initial) ? initial : []);
  const [busy, setBusy] = useState(false);

  function toggle(option: string) {
    setChosen((current) =>
      current.includes(option) ? current.filter((o) => o !== option) : [...current, option],
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || chosen.length === 0) return;
    setBusy(true);
    // keep the question's order, whatever order the options were ticked in
    void onAnswer(
      question.options.filter((o) => chosen.includes(o)),
      0,
    ).finally(() => setBusy(false));
  }

  return (
    <form className="consult-step__form" noValidate onSubmit={onSubmit}>
      <fieldset className="choice-group">
        <legend className="question-label">{question.question}</legend>
        <p className="question-description">Choose all that apply.</p>
        <div className="option-list">
          {question.options.map((option) => (
            <label key={option} className="option-tile">
              <input
                type="checkbox"
                name={question.slug}
                value={option}
                checked={chosen.includes(option)}
                onChange={() => toggle(option)}
              />
              <span>{option}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="consult-step__footer">
        <Button type="submit" block loading={busy} disabled={chosen.length === 0}>
          Continue
        </Button>
      </div>
    </form>
  );
}

/**
 * Lifestyle and Goals (002 §2.10, §4.6): one question per step, the step in the query (default 1, clamped).
 * Each answer is saved to medical_profile.lifestyle, then the next step opens; after the last the signup
 * continues to the checkout. A failed load continues the signup; a failed save is only logged.
 */
export default function LifestyleQuestionsPage() {
  const user = useSessionUser();
  const userId = user?._id ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const lifestyle = useQuery({ ...lifestyleQueryOptions(userId), enabled: Boolean(userId), retry: false });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  if (!user) return null;
  if (lifestyle.isError) return <Navigate to={SIGNUP_PATHS.checkout} replace />;
  if (lifestyle.isPending) return <PageSpinner label="Loading your questions" />;

  const { questions, answers } = lifestyle.data;
  if (questions.length === 0) return <Navigate to={SIGNUP_PATHS.checkout} replace />;
  const step = clampLifestyleStep(search.get('step'), questions.length);
  const question = questions[step - 1]!;

  async function onAnswer(value: string | string[], delayMs: number) {
    const saved = saveLifestyle(userId, { [question.slug]: value })
      .then(() => {
        queryClient.setQueryData(lifestyleQueryOptions(userId).queryKey, (current) =>
          current ? { ...current, answers: { ...current.answers, [question.slug]: value } } : current,
        );
      })
      .catch(() => {
        // 002 §4.6: a failed save is only logged (never the answer itself: it is health information)
        console.warn('Saving a lifestyle answer failed');
      });
    await Promise.all([saved, wait(delayMs)]);
    if (!mounted.current) return;
    void navigate(
      step < questions.length ? `${SIGNUP_PATHS.questions}?step=${step + 1}` : SIGNUP_PATHS.checkout,
    );
  }

  const Step = question.type === 'multi-select' ? MultiSelect : SingleSelect;
  return (
    <section className="consult-step" aria-labelledby="lifestyle-title">
      <header className="consult-step__header">
        <p className="consult-step__eyebrow">Lifestyle</p>
        <h1 className="consult-step__title" id="lifestyle-title">
          Lifestyle and Goals
        </h1>
      </header>
      <QuestionProgressBar label="Lifestyle and Goals progress" current={step} total={questions.length} />
      <Step key={question.slug} question={question} initial={answers[question.slug]} onAnswer={onAnswer} />
    </section>
  );
}
