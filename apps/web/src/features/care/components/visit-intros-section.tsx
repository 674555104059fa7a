import {
  VISIT_INTRO_LIMITS,
  VisitIntroContent,
  type VisitIntroStep,
} from '@portal/domain/consultation/visit-intro';
import type { CareVisitIntros } from '@portal/domain/contracts/intake-template';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { careVisitIntrosQueryOptions, useSaveVisitIntro } from '../../../api/care/visit-intros';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { TextArea } from '../../../components/ui/text-area';
import { TextInput } from '../../../components/ui/text-input';

type Intro = CareVisitIntros['intros'][number];

/**
 * The How it Works step of each visit (000 §2 screen 1) as the clinic words it: pick a visit, edit its title,
 * lead and steps, save, or go back to the portal's words.
 */
export function VisitIntrosSection() {
  const headingId = useId();
  const intros = useQuery(careVisitIntrosQueryOptions());
  const [chosen, setChosen] = useState<string | null>(null);
  const list = intros.data?.intros ?? [];
  const current = list.find((i) => i.template === chosen) ?? list[0];
  return (
    <section className="care-section care-settings" aria-labelledby={headingId}>
      <h2 className="care-section__title" id={headingId}>
        Visit introductions
      </h2>
      <p className="care-muted">What a patient reads on the How it Works step when a visit starts.</p>
      {intros.isPending ? (
        <Spinner label="Loading the visits" />
      ) : intros.isError ? (
        <Alert tone="error" title="The visits could not be loaded.">
          <p>{intros.error.message}</p>
        </Alert>
      ) : current ? (
        <>
          <Select
            label="Visit"
            value={current.template}
            onChange={(e) => setChosen(e.target.value)}
            options={list.map((i) => ({
              value: i.template,
              label: `${i.name}${i.is_global ? ' (general)' : ''}${i.customized ? '' : ' · portal wording'}`,
            }))}
          />
          <IntroForm key={current.template} intro={current} />
        </>
      ) : (
        <p>The clinic has no visits yet.</p>
      )}
    </section>
  );
}

function IntroForm({ intro }: { intro: Intro }) {
  const save = useSaveVisitIntro(intro.template);
  const [title, setTitle] = useState(intro.title);
  const [lead, setLead] = useState(intro.lead);
  const [steps, setSteps] = useState<VisitIntroStep[]>(intro.steps);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);

  function edit(index: number, change: Partial<VisitIntroStep>) {
    setSteps((all) => all.map((s, i) => (i === index ? { ...s, ...change } : s)));
    setOutcome(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setOutcome(null);
    const parsed = VisitIntroContent.safeParse({ title, lead, steps });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Check the introduction.');
      return;
    }
    setInvalid(null);
    save.mutate(parsed.data, {
      onSuccess: () => setOutcome('Introduction saved. Patients see it from their next visit.'),
    });
  }

  function reset() {
    setOutcome(null);
    setInvalid(null);
    save.mutate(
      { reset: true },
      {
        onSuccess: (stored) => {
          setTitle(stored.title);
          setLead(stored.lead);
          setSteps(stored.steps);
          setOutcome("Back to the portal's wording.");
        },
      },
    );
  }

  return (
    <form className="care-settings__form" noValidate onSubmit={submit}>
      {invalid ? <Alert tone="error">{invalid}</Alert> : null}
      {save.error ? <Alert tone="error">{save.error.message}</Alert> : null}
      <TextInput
        label="Title"
        value={title}
        maxLength={VISIT_INTRO_LIMITS.title}
        onChange={(e) => setTitle(e.target.value)}
      />
      <TextArea
        label="Lead"
        rows={3}
        value={lead}
        maxLength={VISIT_INTRO_LIMITS.lead}
        onChange={(e) => setLead(e.target.value)}
      />
      <ol className="care-intro-steps">
        {steps.map((step, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: steps have no id; their place is their identity while edited
          <li key={index} className="care-intro-steps__item">
            <TextInput
              label={`Step ${index + 1} title`}
              value={step.title}
              maxLength={VISIT_INTRO_LIMITS.stepTitle}
              onChange={(e) => edit(index, { title: e.target.value })}
            />
            <TextArea
              label={`Step ${index + 1} text`}
              rows={2}
              value={step.text}
              maxLength={VISIT_INTRO_LIMITS.stepText}
              onChange={(e) => edit(index, { text: e.target.value })}
            />
            <Button
              variant="secondary"
              size="sm"
              disabled={steps.length <= 1}
              onClick={() => setSteps((all) => all.filter((_, i) => i !== index))}
            >
              Remove step {index + 1}
            </Button>
          </li>
        ))}
      </ol>
      <div className="care-intro-actions">
        <Button
          variant="secondary"
          size="sm"
          disabled={steps.length >= VISIT_INTRO_LIMITS.steps}
          onClick={() => setSteps((all) => [...all, { title: '', text: '' }])}
        >
          Add a step
        </Button>
        <Button type="submit" loading={save.isPending && !('reset' in (save.variables ?? {}))}>
          Save introduction
        </Button>
        <Button variant="secondary" onClick={reset} disabled={!intro.customized && !save.isSuccess}>
          Use the portal's wording
        </Button>
      </div>
      <div className="care-settings__status" aria-live="polite">
        {outcome ? <Alert tone="success">{outcome}</Alert> : null}
      </div>
    </form>
  );
}
