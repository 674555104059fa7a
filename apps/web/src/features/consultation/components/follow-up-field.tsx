import type { IntakeChildResponse } from '@portal/domain/contracts/intake';
import type { ResponseCondition } from '@portal/domain/contracts/intake-template';
import { isTextAnswerValid, toggleCheckboxOption } from '@portal/domain/validation/questions';
import { useId } from 'react';
import type { FollowUpAnswer } from '../../../api/intakes';
import { TextArea } from '../../../components/ui/text-area';
import { TextInput } from '../../../components/ui/text-input';

type FollowUpQuestion = ResponseCondition['question'];

/** What a follow-up holds while it is answered: a text, or the chosen option ids. */
export interface FollowUpValue {
  text: string;
  options: string[];
}

export type FollowUpValues = Readonly<Record<string, FollowUpValue>>;

const EMPTY: FollowUpValue = { text: '', options: [] };

const isFreeFormat = (question: FollowUpQuestion) =>
  question.type === 'short-text' || question.type === 'long-text';

/** The follow-ups the chosen options reveal, in the template's order, each once. */
export function revealedFollowUps(
  conditions: readonly ResponseCondition[],
  chosen: readonly string[],
): FollowUpQuestion[] {
  const seen = new Set<string>();
  return conditions
    .filter((c) => chosen.includes(c.selected_option))
    .map((c) => c.question)
    .filter((q) => {
      if (seen.has(q._id)) return false;
      seen.add(q._id);
      return true;
    });
}

/** The saved follow-up answers of a response, keyed by question id. */
export function savedFollowUps(
  children: readonly IntakeChildResponse[] | undefined,
): Record<string, FollowUpValue> {
  const values: Record<string, FollowUpValue> = {};
  for (const child of children ?? [])
    values[child.question] = { text: child.free_format_response ?? '', options: [...child.response] };
  return values;
}

/** A follow-up's answer as text for validateFollowUps: its text, or a mark when an option is chosen. */
export function followUpAnswerText(question: FollowUpQuestion, value: FollowUpValue | undefined): string {
  const v = value ?? EMPTY;
  if (isFreeFormat(question)) return v.text;
  return v.options.length > 0 ? 'chosen' : '';
}

/** The child/update body entries of the shown follow-ups. */
export function followUpAnswers(
  questions: readonly FollowUpQuestion[],
  values: FollowUpValues,
): FollowUpAnswer[] {
  return questions.map((question) => {
    const value = values[question._id] ?? EMPTY;
    return isFreeFormat(question)
      ? { question: question._id, is_free_format: true, free_format_response: value.text.trim() }
      : { question: question._id, is_free_format: false, free_format_response: '', response: value.options };
  });
}

export interface FollowUpFieldProps {
  question: FollowUpQuestion;
  value: FollowUpValue | undefined;
  /** Marks a blank follow-up invalid once the patient tried to continue. */
  showInvalid: boolean;
  onChange: (value: FollowUpValue) => void;
}

/** One follow-up question: a text box for text follow-ups, radios or checkboxes for choice follow-ups. */
export function FollowUpField({ question, value = EMPTY, showInvalid, onChange }: FollowUpFieldProps) {
  const descriptionId = useId();
  const invalid = showInvalid && !isTextAnswerValid(followUpAnswerText(question, value));
  const hint = question.description_text || undefined;
  if (question.type === 'short-text')
    return (
      <TextInput
        label={question.label}
        hint={hint}
        value={value.text}
        onChange={(event) => onChange({ ...value, text: event.target.value })}
      />
    );
  if (question.type === 'long-text')
    return (
      <TextArea
        label={question.label}
        hint={hint}
        value={value.text}
        onChange={(event) => onChange({ ...value, text: event.target.value })}
      />
    );
  const noneId = question.options.find((o) => o.include_none)?._id ?? null;
  return (
    <fieldset
      className={invalid ? 'choice-group choice-group--invalid' : 'choice-group'}
      aria-describedby={hint ? descriptionId : undefined}
    >
      <legend className="choice-group__legend">{question.label}</legend>
      {hint ? (
        <p className="question-description" id={descriptionId}>
          {hint}
        </p>
      ) : null}
      <div className="option-list">
        {question.options.map((option) => (
          <label key={option._id} className="option-tile">
            <input
              type={question.type === 'radio' ? 'radio' : 'checkbox'}
              name={question._id}
              value={option._id}
              checked={value.options.includes(option._id)}
              onChange={() =>
                onChange({
                  ...value,
                  options:
                    question.type === 'radio'
                      ? [option._id]
                      : toggleCheckboxOption(value.options, option._id, noneId),
                })
              }
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
