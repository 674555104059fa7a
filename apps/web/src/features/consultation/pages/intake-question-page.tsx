import { RADIO_CONTINUE_DELAY_MS, UPDATED_CONTINUE_DELAY_MS } from '@portal/domain/constants';
import { consultationPath } from '@portal/domain/consultation/consultation-path';
import {
  parseStepQuery,
  questionProgress,
  slideDirection,
} from '@portal/domain/consultation/question-progress';
import type { IntakeResponse } from '@portal/domain/contracts/intake';
import type { Question } from '@portal/domain/contracts/intake-template';
import { MESSAGES } from '@portal/domain/messages';
import {
  checkboxSubmission,
  isTextAnswerValid,
  toggleCheckboxOption,
  validateFollowUps,
} from '@portal/domain/validation/questions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { intakeTemplateQueryOptions } from '../../../api/intake-templates';
import {
  type FollowUpAnswer,
  intakeQueryOptions,
  type QuestionAnswer,
  useAnswerFollowUpsMutation,
  useAnswerQuestionMutation,
} from '../../../api/intakes';
import { InvalidIntakeRedirect } from '../../../components/step-page/intake-guard';
import { QuestionProgressBar } from '../../../components/step-page/question-progress-bar';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextArea } from '../../../components/ui/text-area';
import { TextInput } from '../../../components/ui/text-input';
import { carriedQuery, isInvalidIntakeError } from '../../../lib/consultation-routing';
import {
  FollowUpField,
  type FollowUpValue,
  followUpAnswers,
  followUpAnswerText,
  revealedFollowUps,
  savedFollowUps,
} from '../components/follow-up-field';
import { afterQuestionsTarget, targetQuery } from '../lib/question-routing';
import '../../../components/step-page/step-page.css';
import '../components/consultation.css';

type Status = 'idle' | 'submitting' | 'error';

const CONTINUE_TEXT: Record<Status, string> = {
  idle: 'Continue',
  submitting: 'Submitting',
  error: MESSAGES.errorTryAgainNoStop,
};

type ShortTextStatus = 'idle' | 'submitting' | 'updated' | 'error';

/** Short text button: Next, then Submitting, then Updated; 'Error. Try Again' on failure (000 §4). */
const SHORT_TEXT_BUTTON: Record<ShortTextStatus, string> = {
  idle: 'Next',
  submitting: 'Submitting',
  updated: 'Updated',
  error: MESSAGES.errorTryAgainNoStop,
};

interface QuestionViewProps {
  question: Question;
  saved: IntakeResponse | undefined;
  /** Saves the answer of the question. */
  save: (answer: QuestionAnswer) => Promise<void>;
  /** Saves the answers of the shown follow-ups. */
  saveFollowUps: (answers: FollowUpAnswer[]) => Promise<void>;
  /** Goes to the next step, or where the questions lead after the last one. */
  advance: () => Promise<void>;
}

/** Shown follow-ups with their answers, and the message when one is blank (000 §4, §5). */
function useFollowUps(question: Question, chosen: readonly string[], saved: IntakeResponse | undefined) {
  const [values, setValues] = useState<Record<string, FollowUpValue>>(() =>
    savedFollowUps(saved?.child_responses),
  );
  const [error, setError] = useState<string | undefined>();
  const shown = revealedFollowUps(question.response_conditions, chosen);
  return {
    shown,
    values,
    error,
    setError,
    /** The message when a shown follow-up is blank, otherwise undefined. */
    validate: () => validateFollowUps(shown.map((q) => followUpAnswerText(q, values[q._id]))),
    set: (questionId: string, value: FollowUpValue) => {
      setValues((current) => ({ ...current, [questionId]: value }));
      setError(undefined);
    },
  };
}

function FollowUpList({ followUps }: { followUps: ReturnType<typeof useFollowUps> }) {
  if (followUps.shown.length === 0) return null;
  return (
    <div className="follow-ups">
      {followUps.shown.map((q) => (
        <FollowUpField
          key={q._id}
          question={q}
          value={followUps.values[q._id]}
          showInvalid={Boolean(followUps.error)}
          onChange={(value) => followUps.set(q._id, value)}
        />
      ))}
    </div>
  );
}

/** The label and description of a choice question, as the fieldset's legend and description. */
function ChoiceFieldset({
  question,
  invalid,
  children,
}: {
  question: Question;
  invalid: boolean;
  children: ReactNode;
}) {
  const descriptionId = useId();
  return (
    <fieldset
      className={invalid ? 'choice-group choice-group--invalid' : 'choice-group'}
      aria-describedby={question.description_text ? descriptionId : undefined}
    >
      <legend className="question-label">{question.label}</legend>
      {question.description_text ? (
        <p className="question-description" id={descriptionId}>
          {question.description_text}
        </p>
      ) : null}
      <div className="option-list">{children}</div>
    </fieldset>
  );
}

/**
 * Radio (000 §4): choosing an option saves it at once; follow-ups of the option appear and all must be answered
 * before Continue; without follow-ups the flow advances after 300 ms.
 */
function RadioQuestion({ question, saved, save, saveFollowUps, advance }: QuestionViewProps) {
  const [selected, setSelected] = useState<string | null>(saved?.response[0] ?? null);
  const [status, setStatus] = useState<Status>('idle');
  const [saveError, setSaveError] = useState(false);
  const latest = useRef<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const followUps = useFollowUps(question, selected ? [selected] : [], saved);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function choose(optionId: string) {
    setSelected(optionId);
    setSaveError(false);
    followUps.setError(undefined);
    window.clearTimeout(timer.current);
    latest.current = optionId;
    try {
      await save({ response: [optionId] });
    } catch {
      if (latest.current === optionId) setSaveError(true);
      return;
    }
    if (latest.current !== optionId) return;
    if (revealedFollowUps(question.response_conditions, [optionId]).length === 0)
      timer.current = window.setTimeout(() => void advance(), RADIO_CONTINUE_DELAY_MS);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!selected || status === 'submitting') return;
    const message = followUps.validate();
    if (message) {
      followUps.setError(message);
      return;
    }
    setStatus('submitting');
    try {
      if (saveError) await save({ response: [selected] });
      if (followUps.shown.length > 0) await saveFollowUps(followUpAnswers(followUps.shown, followUps.values));
      window.clearTimeout(timer.current);
      await advance();
      setStatus('idle');
    } catch {
      setStatus('error');
    }
  }

  return (
    <form className="consult-step__form" noValidate onSubmit={onSubmit}>
      <ChoiceFieldset question={question} invalid={false}>
        {question.options.map((option) => (
          <label key={option._id} className="option-tile">
            <input
              type="radio"
              name={question._id}
              value={option._id}
              checked={selected === option._id}
              onChange={() => void choose(option._id)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </ChoiceFieldset>
      <FollowUpList followUps={followUps} />
      {followUps.error ? <Alert tone="error">{followUps.error}</Alert> : null}
      {saveError ? <Alert tone="error">{MESSAGES.generic}</Alert> : null}
      <div className="consult-step__footer">
        <Button type="submit" block disabled={!selected} loading={status === 'submitting'}>
          {CONTINUE_TEXT[status]}
        </Button>
      </div>
    </form>
  );
}

/**
 * Checkbox (000 §4): None clears the other choices, any other choice removes None, an empty submission records
 * None; the follow-ups of chosen options must all be filled.
 */
function CheckboxQuestion({ question, saved, save, saveFollowUps, advance }: QuestionViewProps) {
  const noneId = question.options.find((o) => o.include_none)?._id ?? null;
  const [selected, setSelected] = useState<string[]>(() => saved?.response ?? []);
  const [status, setStatus] = useState<Status>('idle');
  const followUps = useFollowUps(question, selected, saved);
  const submission = checkboxSubmission(selected, noneId);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submission.length === 0 || status === 'submitting') return;
    const message = followUps.validate();
    if (message) {
      followUps.setError(message);
      return;
    }
    setStatus('submitting');
    try {
      await save({ response: submission });
      if (followUps.shown.length > 0) await saveFollowUps(followUpAnswers(followUps.shown, followUps.values));
      await advance();
      setStatus('idle');
    } catch {
      setStatus('error');
    }
  }

  return (
    <form className="consult-step__form" noValidate onSubmit={onSubmit}>
      <ChoiceFieldset question={question} invalid={false}>
        {question.options.map((option) => (
          <label key={option._id} className="option-tile">
            <input
              type="checkbox"
              name={question._id}
              value={option._id}
              checked={selected.includes(option._id)}
              onChange={() => {
                setSelected((current) => toggleCheckboxOption(current, option._id, noneId));
                followUps.setError(undefined);
                if (status === 'error') setStatus('idle');
              }}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </ChoiceFieldset>
      <FollowUpList followUps={followUps} />
      {followUps.error ? <Alert tone="error">{followUps.error}</Alert> : null}
      <div className="consult-step__footer">
        <Button type="submit" block disabled={submission.length === 0} loading={status === 'submitting'}>
          {CONTINUE_TEXT[status]}
        </Button>
      </div>
    </form>
  );
}

/** Short text (000 §4): Next, then Submitting, then Updated, then after 150 ms the next step and a reset. */
function ShortTextQuestion({ question, saved, save, advance }: QuestionViewProps) {
  const [value, setValue] = useState(saved?.free_format_response ?? '');
  const [status, setStatus] = useState<ShortTextStatus>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isTextAnswerValid(value) || status === 'submitting' || status === 'updated') return;
    setStatus('submitting');
    try {
      await save({ free_format_response: value.trim() });
    } catch {
      setStatus('error');
      return;
    }
    setStatus('updated');
    timer.current = window.setTimeout(() => {
      advance()
        .then(() => setStatus('idle'))
        .catch(() => setStatus('error'));
    }, UPDATED_CONTINUE_DELAY_MS);
  }

  return (
    <form className="consult-step__form" noValidate onSubmit={onSubmit}>
      <TextInput
        label={question.label}
        hint={question.description_text || undefined}
        fieldClassName="question-field"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          if (status === 'error') setStatus('idle');
        }}
      />
      <div className="consult-step__footer">
        <Button
          type="submit"
          block
          disabled={!isTextAnswerValid(value) || status === 'updated'}
          loading={status === 'submitting'}
        >
          {SHORT_TEXT_BUTTON[status]}
        </Button>
      </div>
    </form>
  );
}

/** Long text (000 §4, §5): Continue needs a non-empty answer. */
function LongTextQuestion({ question, saved, save, advance }: QuestionViewProps) {
  const [value, setValue] = useState(saved?.free_format_response ?? '');
  const [status, setStatus] = useState<Status>('idle');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isTextAnswerValid(value) || status === 'submitting') return;
    setStatus('submitting');
    try {
      await save({ free_format_response: value.trim() });
      await advance();
      setStatus('idle');
    } catch {
      setStatus('error');
    }
  }

  return (
    <form className="consult-step__form" noValidate onSubmit={onSubmit}>
      <TextArea
        label={question.label}
        hint={question.description_text || undefined}
        fieldClassName="question-field"
        rows={6}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          if (status === 'error') setStatus('idle');
        }}
      />
      <div className="consult-step__footer">
        <Button type="submit" block disabled={!isTextAnswerValid(value)} loading={status === 'submitting'}>
          {CONTINUE_TEXT[status]}
        </Button>
      </div>
    </form>
  );
}

const VIEWS: Record<Question['type'], (props: QuestionViewProps) => ReactNode> = {
  radio: RadioQuestion,
  checkbox: CheckboxQuestion,
  'short-text': ShortTextQuestion,
  'long-text': LongTextQuestion,
};

/**
 * The intake question screen (000 §2 Screen 2, §4): a progress bar (step+1 of the total), a slide by step
 * direction, the label, an optional description and the answer controls of the question's type. The step query
 * is zero-based and clamped into the question count. After the last question the routing of 000 §4 applies.
 */
export default function IntakeQuestionPage() {
  const { userId = '', intakeId = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const intake = useQuery(intakeQueryOptions(userId, intakeId));
  const templateId = intake.data?.intake_template ?? '';
  const template = useQuery({ ...intakeTemplateQueryOptions(templateId), enabled: Boolean(templateId) });
  const answer = useAnswerQuestionMutation();
  const answerFollowUps = useAnswerFollowUpsMutation();
  const [routeError, setRouteError] = useState(false);

  const questions = template.data?.questions ?? [];
  const total = questions.length > 0 ? questions.length : (intake.data?.total_steps ?? 0);
  const { step, progress } = questionProgress(parseStepQuery(search.get('step')), total);

  // the slide direction is kept with the step it was computed for, so later renders keep the animation class
  const [slide, setSlide] = useState({ step, direction: 'none' as ReturnType<typeof slideDirection> });
  if (slide.step !== step) setSlide({ step, direction: slideDirection(slide.step, step) });

  if (isInvalidIntakeError(intake.error))
    return <InvalidIntakeRedirect userId={userId} error={intake.error} />;
  if (intake.isPending || (Boolean(templateId) && template.isPending))
    return <PageSpinner label="Loading your questions" />;

  const question = questions[step];
  if (intake.isError || template.isError || !intake.data || !template.data || !question) {
    return (
      <section className="consult-step" aria-labelledby="question-title">
        <h1 className="consult-step__title" id="question-title">
          Medical Review
        </h1>
        <Alert tone="error">{MESSAGES.generic}</Alert>
        <Button
          block
          onClick={() => {
            if (intake.isError) void intake.refetch();
            if (template.isError) void template.refetch();
          }}
        >
          Try again
        </Button>
      </section>
    );
  }

  const loadedIntake = intake.data;
  const loadedTemplate = template.data;
  const saved = loadedIntake.intake_responses.find((r) => r.question === question._id);
  const carried = carriedQuery(search);

  async function save(value: QuestionAnswer) {
    if (!saved) throw new Error('The intake has no response for this question');
    await answer.mutateAsync({ userId, intakeId, responseId: saved._id, answer: value });
  }

  async function saveFollowUps(responses: FollowUpAnswer[]) {
    await answerFollowUps.mutateAsync({ userId, intakeId, parentQuestionId: question?._id ?? '', responses });
  }

  async function advance() {
    const next = questions[step + 1];
    if (next) {
      void navigate(
        consultationPath(
          { section: 'intake', questionId: next._id, step: step + 1 },
          { userId, intakeId, query: carried },
        ),
      );
      return;
    }
    setRouteError(false);
    try {
      const target = await afterQuestionsTarget({
        intake: queryClient.getQueryData(intakeQueryOptions(userId, intakeId).queryKey) ?? loadedIntake,
        template: loadedTemplate,
        productId: search.get('product'),
        queryClient,
      });
      void navigate(
        consultationPath(target, {
          userId,
          intakeId,
          query: targetQuery(target, carried, loadedTemplate._id),
        }),
      );
    } catch (error) {
      setRouteError(true);
      throw error;
    }
  }

  const View = VIEWS[question.type];
  return (
    <section className="consult-step" aria-labelledby="question-title">
      <header className="consult-step__header">
        <h1 className="consult-step__eyebrow" id="question-title">
          Medical Review
        </h1>
      </header>
      <QuestionProgressBar
        label="Questionnaire progress"
        current={step + 1}
        total={total}
        progress={progress}
      />
      <div
        key={`${question._id}-${step}`}
        className={`question-slide question-slide--${slide.step === step ? slide.direction : 'none'}`}
      >
        <View question={question} saved={saved} save={save} saveFollowUps={saveFollowUps} advance={advance} />
      </div>
      {routeError ? <Alert tone="error">{MESSAGES.generic}</Alert> : null}
    </section>
  );
}
