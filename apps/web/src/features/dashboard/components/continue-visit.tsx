import { progressPercent } from '@portal/domain/consultation/question-progress';
import type { Intake } from '@portal/domain/contracts/intake';
import type { IntakeTemplate } from '@portal/domain/contracts/intake-template';
import { continueTemplateIds, openVisits } from '@portal/domain/dashboard/visit-templates';
import { splitIncompleteVisits } from '@portal/domain/dashboard/widgets';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { intakeTemplateQueryOptions } from '../../../api/intake-templates';
import { closeIntake, getIncompleteIntakes, intakeKeys } from '../../../api/intakes';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { SidePanel } from '../../../components/ui/side-panel';
import type { Patient } from '../../../lib/patient';
import { resumeVisitPath } from '../lib/resume-visit';
import './continue-visit.css';

export interface IncompleteVisit {
  intake: Intake;
  template: IntakeTemplate;
}

/** Shown when closing a visit failed; the panel opens so the patient can try again (001 §8). */
export const CANCEL_VISIT_FAILED = "We couldn't cancel this visit. Please try again.";

/**
 * The patient's unfinished, open visits with their intake templates (names and the resume rules), newest
 * first. A template that cannot be read leaves its visit out rather than failing the widget.
 */
export function incompleteVisitsQueryOptions(userId: string, queryClient: QueryClient) {
  return queryOptions({
    queryKey: intakeKeys.incomplete(userId),
    queryFn: async ({ signal }): Promise<IncompleteVisit[]> => {
      const incomplete = await getIncompleteIntakes(userId, signal);
      const intakes = openVisits(incomplete);
      const ids = continueTemplateIds(incomplete);
      const templates = new Map<string, IntakeTemplate>();
      await Promise.all(
        ids.map(async (id) => {
          try {
            templates.set(id, await queryClient.fetchQuery(intakeTemplateQueryOptions(id)));
          } catch {
            // left out below
          }
        }),
      );
      return intakes.flatMap((intake) => {
        const template = templates.get(intake.intake_template);
        return template ? [{ intake, template }] : [];
      });
    },
  });
}

function VisitCard({
  user,
  visit,
  onCancel,
}: {
  user: Patient;
  visit: IncompleteVisit;
  onCancel: (visit: IncompleteVisit) => void;
}) {
  const { intake, template } = visit;
  const percent = progressPercent(intake.status.complete.total, intake.status.questions.total);
  return (
    <li className="continue-visit__card">
      <div className="continue-visit__text">
        <p className="continue-visit__name">{template.name}</p>
        <p className="continue-visit__progress">{percent}% complete</p>
        <div
          className="continue-visit__bar"
          role="progressbar"
          aria-label={`${template.name} progress`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
      </div>
      <div className="continue-visit__actions">
        <Link
          className={buttonClassName({ variant: 'primary', size: 'sm' })}
          to={resumeVisitPath(user, intake, template)}
          aria-label={`Continue ${template.name}`}
        >
          Continue
        </Link>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Cancel ${template.name}`}
          onClick={() => onCancel(visit)}
        >
          Cancel
        </Button>
      </div>
    </li>
  );
}

/**
 * The incomplete visits widget (001 §2): at most two visits as cards with their progress, Continue (resumes
 * at the right step, 000 §4) and Cancel (the patient closes the visit, after a confirmation); the rest in a
 * side panel behind "View all". A failed cancel opens that panel with the error (001 §8).
 */
export function ContinueVisit({
  user,
  visits,
  className,
}: {
  user: Patient;
  visits: IncompleteVisit[];
  className?: string;
}) {
  const queryClient = useQueryClient();
  const [panelOpen, setPanelOpen] = useState(false);
  const [confirming, setConfirming] = useState<IncompleteVisit | null>(null);
  const [failed, setFailed] = useState(false);
  const cancel = useMutation({
    mutationFn: (visit: IncompleteVisit) => closeIntake(user._id, visit.intake._id),
    onSuccess: async () => {
      setConfirming(null);
      setFailed(false);
      await queryClient.invalidateQueries({ queryKey: intakeKeys.lists(user._id) });
    },
    onError: () => {
      setConfirming(null);
      setFailed(true);
      setPanelOpen(true);
    },
  });

  if (visits.length === 0) return null;
  const { cards, more } = splitIncompleteVisits(visits);
  const askToCancel = (visit: IncompleteVisit) => {
    setFailed(false);
    setConfirming(visit);
  };

  return (
    <section
      className={['continue-visit', className].filter(Boolean).join(' ')}
      aria-labelledby="continue-visit-title"
    >
      <div className="continue-visit__head">
        <h2 className="continue-visit__title" id="continue-visit-title">
          Finish your visit
        </h2>
        {more.length > 0 ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`View all ${visits.length} incomplete visits`}
            onClick={() => setPanelOpen(true)}
          >
            View all
          </Button>
        ) : null}
      </div>
      <ul className="continue-visit__list">
        {cards.map((visit) => (
          <VisitCard key={visit.intake._id} user={user} visit={visit} onCancel={askToCancel} />
        ))}
      </ul>

      <SidePanel open={panelOpen} onClose={() => setPanelOpen(false)} title="Incomplete Visits">
        {failed ? <Alert tone="error">{CANCEL_VISIT_FAILED}</Alert> : null}
        <ul className="continue-visit__list continue-visit__list--panel">
          {visits.map((visit) => (
            <VisitCard key={visit.intake._id} user={user} visit={visit} onCancel={askToCancel} />
          ))}
        </ul>
      </SidePanel>

      <Modal
        open={confirming !== null}
        onClose={() => (cancel.isPending ? undefined : setConfirming(null))}
        title="Cancel this visit?"
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)} disabled={cancel.isPending}>
              Keep my visit
            </Button>
            <Button
              variant="danger"
              loading={cancel.isPending}
              onClick={() => confirming && cancel.mutate(confirming)}
            >
              Cancel visit
            </Button>
          </>
        }
      >
        <p>
          Your {confirming?.template.name} visit will be closed and your answers so far will not be sent to a
          physician. You can start a new visit at any time.
        </p>
      </Modal>
    </section>
  );
}
