import type { LabListStatusFilter } from '@portal/domain/contracts/labs';
import { LAB_FILTER_TABS, type LabFilter } from '@portal/domain/labs/status';
import { MESSAGES } from '@portal/domain/messages';
import { useQuery } from '@tanstack/react-query';
import type { KeyboardEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { labPanelsQueryOptions } from '../../../api/labs';
import { Pagination } from '../../../components/pagination/pagination';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useSessionUser } from '../../../lib/session';
import { LabItem } from '../components/lab-item';
import '../labs.css';

export const LABS_LOAD_ERROR = 'We could not load your labs. Please try again.';

const FILTERS = LAB_FILTER_TABS.map((t) => t.filter) as readonly LabFilter[];

function readFilter(value: string | null): LabFilter {
  return FILTERS.includes(value as LabFilter) ? (value as LabFilter) : 'all';
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function search(filter: LabFilter, page: number): string {
  const params = new URLSearchParams();
  if (filter !== 'all') params.set('status', filter);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The Labs list (002 §2.2): filter tabs, the patient's labs with their status and actions, pages of 5 numbers. */
export default function LabsPage() {
  const params = useParams();
  const user = useSessionUser();
  const userId = params.userId ?? user?._id ?? '';
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const filter = readFilter(query.get('status'));
  const page = readPage(query.get('page'));
  const panels = useQuery({
    ...labPanelsQueryOptions(userId, page, filter as LabListStatusFilter),
    enabled: !!userId,
  });
  const base = `/dashboard/${encodeURIComponent(userId)}/labs`;
  const messageUs = `/messages/${encodeURIComponent(userId)}/new`;
  const select = (next: LabFilter) => void navigate(`${base}${search(next, 1)}`);

  /** The ARIA tabs pattern: arrows move to the next or previous tab (wrapping), Home and End to the ends. */
  function onTabKey(event: KeyboardEvent<HTMLDivElement>) {
    const i = FILTERS.indexOf(filter);
    const n = FILTERS.length;
    const target = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: n - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = FILTERS[(target + n) % n]!;
    select(next);
    event.currentTarget.querySelector<HTMLButtonElement>(`#labs-tab-${next}`)?.focus();
  }

  const data = panels.data;
  return (
    <section className="labs" aria-labelledby="labs-title">
      <header className="labs__header">
        <h1 className="labs__title" id="labs-title">
          Labs
        </h1>
        <Link className="labs__instructions" to="/lab-instructions">
          Lab Instructions
        </Link>
      </header>

      <div className="labs__tabs" role="tablist" aria-label="Filter labs" onKeyDown={onTabKey}>
        {LAB_FILTER_TABS.map((t) => (
          <button
            key={t.filter}
            id={`labs-tab-${t.filter}`}
            type="button"
            role="tab"
            aria-selected={filter === t.filter}
            aria-controls="labs-panel"
            tabIndex={filter === t.filter ? 0 : -1}
            className="labs__tab"
            onClick={() => select(t.filter)}
          >
            {t.label}
          </button>
        ))}
      </div>

      <div id="labs-panel" role="tabpanel" aria-labelledby={`labs-tab-${filter}`} className="labs__panel">
        {panels.isPending ? (
          <div className="labs__loading">
            <Spinner label="Loading your labs" />
          </div>
        ) : panels.isError && !data ? (
          <Alert tone="error">
            <p>{LABS_LOAD_ERROR}</p>
            <Button variant="ghost" size="sm" onClick={() => void panels.refetch()}>
              {MESSAGES.tryAgain}
            </Button>
          </Alert>
        ) : !data || data.docs.length === 0 ? (
          <div className="labs-empty">
            <h2 className="labs-empty__title">Labs</h2>
            <p>{MESSAGES.labsEmpty}</p>
            <Link className={buttonClassName({})} to={messageUs}>
              Message Us
            </Link>
          </div>
        ) : (
          <>
            <ul
              className="labs__list"
              aria-label="Your labs"
              aria-busy={panels.isPlaceholderData || undefined}
            >
              {data.docs.map((item) => (
                <LabItem key={item._id} item={item} userId={userId} />
              ))}
            </ul>
            <Pagination
              page={data.page}
              totalPages={data.totalPages}
              hrefFor={(n) => `${base}${search(filter, n)}`}
            />
          </>
        )}
      </div>
    </section>
  );
}
