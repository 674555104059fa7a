import { formatWaiting } from '@portal/domain/care/review-queue';
import { staffCan } from '@portal/domain/care/staff-roles';
import {
  type CareAlertTask,
  type CareCallTask,
  CareResolveAlertBody,
  type CareTask,
} from '@portal/domain/contracts/care';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCompleteCall, useResolveAlert, useResolvePrescriptionRequest } from '../../../api/care/tasks';
import { Button } from '../../../components/ui/button';
import { formatDateTime, personName } from '../lib/labels';
import { chartPath } from '../lib/paths';
import { REQUEST_TYPES, TASK_KINDS } from '../lib/task-labels';
import { Badge } from './badge';
import { CompleteCallDialog } from './complete-call-dialog';
import { ResolveRequestDialog } from './resolve-request-dialog';

type RequestTask = Extract<CareTask, { kind: 'prescription_change' }>;

interface CardProps<T> {
  task: T;
  role: string;
  now: Date;
  /** Told what happened once the task is answered, for the page's status message. */
  onDone: (outcome: string) => void;
}

/** One open task: what it is, whose, since when, and the action the signed-in role may take. */
export function TaskCard({ task, ...rest }: CardProps<CareTask>) {
  switch (task.kind) {
    case 'prescription_change':
      return <RequestCard task={task} {...rest} />;
    case 'patient_alert':
      return <AlertCard task={task} {...rest} />;
    default:
      return <CallCard task={task} {...rest} />;
  }
}

function CardFrame({
  task,
  now,
  title,
  children,
  action,
}: {
  task: CareTask;
  now: Date;
  title: string;
  children: React.ReactNode;
  action: React.ReactNode;
}) {
  const kind = TASK_KINDS[task.kind];
  const headingId = `care-task-${task._id}`;
  return (
    <li className="care-task">
      <article className="care-task__body" aria-labelledby={headingId}>
        <p className="care-task__meta">
          <Badge tone={kind.tone}>{kind.label}</Badge>
          <span className="care-muted">
            Since {formatDateTime(task.created_at)} ({formatWaiting(task.created_at, now)} ago)
          </span>
        </p>
        <h2 className="care-task__title" id={headingId}>
          {title}
        </h2>
        <p className="care-task__patient">
          <Link to={chartPath(task.patient._id)}>{personName(task.patient)}</Link>
        </p>
        {children}
      </article>
      <div className="care-task__action">{action}</div>
    </li>
  );
}

function RequestCard({ task, role, now, onDone }: CardProps<RequestTask>) {
  const [open, setOpen] = useState(false);
  const resolve = useResolvePrescriptionRequest(task);
  const name = personName(task.patient);
  const asked = REQUEST_TYPES[task.request_type];
  return (
    <CardFrame
      task={task}
      now={now}
      title={`${asked}: ${task.subscription.name}`}
      action={
        staffCan(role, 'resolve_prescription_request') ? (
          <Button
            size="sm"
            onClick={() => {
              resolve.reset();
              setOpen(true);
            }}
            aria-label={`Answer ${name}'s request`}
          >
            Answer
          </Button>
        ) : (
          <span className="care-muted">A physician answers this request.</span>
        )
      }
    >
      {task.comment ? (
        <blockquote className="care-task__quote">“{task.comment}”</blockquote>
      ) : (
        <p className="care-muted">No details given.</p>
      )}
      {open ? (
        <ResolveRequestDialog
          onClose={() => setOpen(false)}
          pending={resolve.isPending}
          error={resolve.error?.message ?? null}
          summary={`${name} asks: ${asked.toLowerCase()} of ${task.subscription.name}.${task.comment ? ` “${task.comment}”` : ''}`}
          defaults={{ medication: task.subscription.name, strength: '' }}
          onConfirm={(body) =>
            resolve.mutate(body, {
              onSuccess: (result) => {
                setOpen(false);
                onDone(
                  result.resolution === 'approved'
                    ? `Approved: ${name} has a new prescription for ${task.subscription.name} and has been told.`
                    : `Declined: ${name} has been sent your message.`,
                );
              },
            })
          }
        />
      ) : null}
    </CardFrame>
  );
}

function CallCard({ task, role, now, onDone }: CardProps<CareCallTask>) {
  const [open, setOpen] = useState(false);
  const complete = useCompleteCall(task);
  const name = personName(task.patient);
  const when = formatDateTime(task.call.start_time);
  const passed = Date.parse(task.call.start_time) <= now.getTime();
  return (
    <CardFrame
      task={task}
      now={now}
      title={task.call.name}
      action={
        staffCan(role, 'complete_call') ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              complete.reset();
              setOpen(true);
            }}
            aria-label={`Mark ${name}'s call done`}
          >
            Mark done
          </Button>
        ) : null
      }
    >
      <dl className="care-task__facts">
        <div>
          <dt>Call</dt>
          <dd>
            {when} {passed ? <Badge tone="warning">Time passed</Badge> : null}
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{task.phone ? <a href={`tel:${task.phone}`}>{task.phone}</a> : 'No number given'}</dd>
        </div>
        {task.subscription ? (
          <div>
            <dt>Subscription</dt>
            <dd>{task.subscription.name}</dd>
          </div>
        ) : null}
      </dl>
      {open ? (
        <CompleteCallDialog
          title={`${task.call.name} with ${name}`}
          summary={`Booked for ${when}${task.phone ? `, at ${task.phone}` : ''}.`}
          onClose={() => setOpen(false)}
          pending={complete.isPending}
          error={complete.error?.message ?? null}
          onConfirm={(outcome) =>
            complete.mutate(outcome, {
              onSuccess: () => {
                setOpen(false);
                onDone(`Done: ${name}'s ${TASK_KINDS[task.kind].label.toLowerCase()} is recorded.`);
              },
            })
          }
        />
      ) : null}
    </CardFrame>
  );
}

/** An alert raised about a patient (002 §7.8): its name, what the care team is asked to do, and Mark done. */
function AlertCard({ task, role, now, onDone }: CardProps<CareAlertTask>) {
  const [open, setOpen] = useState(false);
  const resolve = useResolveAlert(task);
  const name = personName(task.patient);
  return (
    <CardFrame
      task={task}
      now={now}
      title={task.alert.label}
      action={
        staffCan(role, 'write_note') ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              resolve.reset();
              setOpen(true);
            }}
            aria-label={`Mark ${name}'s alert done`}
          >
            Mark done
          </Button>
        ) : null
      }
    >
      <p>{task.alert.action}</p>
      {open ? (
        <CompleteCallDialog
          title={`${task.alert.label}: ${name}`}
          summary={task.alert.action}
          hint="What was done about it. It is added to the patient's private notes."
          schema={CareResolveAlertBody}
          onClose={() => setOpen(false)}
          pending={resolve.isPending}
          error={resolve.error?.message ?? null}
          onConfirm={(outcome) =>
            resolve.mutate(outcome, {
              onSuccess: () => {
                setOpen(false);
                onDone(`Done: ${name}'s alert (${task.alert.label}) is recorded.`);
              },
            })
          }
        />
      ) : null}
    </CardFrame>
  );
}
