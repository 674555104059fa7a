import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { careTasksQueryOptions } from '../../../api/care/tasks';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useSessionUser } from '../../../lib/session';
import { TaskCard } from '../components/task-card';
import { taskCountLabel } from '../lib/task-labels';
import '../care.css';
import '../tasks.css';

/**
 * The care team's tasks (issue 12 §6): prescription-change requests for a physician to answer, and the
 * retention and verification calls booked with the clinic, in one list, oldest first.
 */
export default function TasksPage() {
  const role = useSessionUser()?.role ?? '';
  const tasks = useQuery(careTasksQueryOptions());
  const [outcome, setOutcome] = useState<string | null>(null);
  const items = tasks.data?.items ?? [];
  const now = new Date();

  return (
    <div className="care-page">
      <div className="care-page__head">
        <h1 className="care-page__title">Tasks</h1>
        <p className="care-page__count" aria-live="polite">
          {tasks.isSuccess ? taskCountLabel(items.length) : '\u00a0'}
        </p>
      </div>

      <div role="status">{outcome ? <Alert tone="success">{outcome}</Alert> : null}</div>

      {tasks.isPending ? (
        <div className="care-loading">
          <Spinner label="Loading the tasks" />
        </div>
      ) : tasks.isError && !tasks.data ? (
        <div className="care-tasks__error">
          <Alert tone="error">{tasks.error.message}</Alert>
          <Button variant="secondary" loading={tasks.isFetching} onClick={() => void tasks.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="care-empty">
          <h2 className="care-empty__title">No open tasks</h2>
          <p>
            Prescription-change requests, booked calls and alerts about patients appear here as they come in.
          </p>
        </div>
      ) : (
        <ul className="care-tasks" aria-label="Open tasks, oldest first">
          {items.map((task) => (
            <TaskCard key={task._id} task={task} role={role} now={now} onDone={setOutcome} />
          ))}
        </ul>
      )}
    </div>
  );
}
