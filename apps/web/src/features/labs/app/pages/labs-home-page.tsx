import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { labPanelsQueryOptions } from '../../../../api/labs';
import { Pagination } from '../../../../components/pagination/pagination';
import { buttonClassName } from '../../../../components/ui/button';
import { useSessionUser } from '../../../../lib/session';
import { HomePanelCard } from '../components/home-panel-card';
import { LabsAppLoadError, LabsAppLoading } from '../components/overview-load-state';
import '../../labs.css';
import '../labs-app.css';
import '../overview.css';

export const HOME_LOAD_ERROR = 'We could not load your labs. Please try again.';
export const HOME_EMPTY_TEXT =
  'Labs come with our clinic’s protocols: when your care team orders a lab for you, it shows up here with its progress and, once reviewed, your results.';

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The labs app's home, /labs and /labs/shop (002 §2.3): the patient's lab panels, a page at a time. */
export default function LabsHomePage() {
  const user = useSessionUser();
  const userId = user?._id ?? '';
  const { pathname } = useLocation();
  const [query] = useSearchParams();
  const page = readPage(query.get('page'));
  const panels = useQuery({ ...labPanelsQueryOptions(userId, page, 'all'), enabled: !!userId });
  const messageUs = `/messages/${encodeURIComponent(userId)}/new`;
  const data = panels.data;

  return (
    <section className="labs-ov labs-home" aria-labelledby="labs-home-title">
      <header className="labs-ov__header">
        <h1 className="labs__title" id="labs-home-title">
          Labs
        </h1>
        <Link className="labs__instructions" to="/lab-instructions">
          Lab Instructions
        </Link>
      </header>
      {panels.isPending ? (
        <LabsAppLoading label="Loading your labs" />
      ) : panels.isError && !data ? (
        <LabsAppLoadError
          error={panels.error}
          message={HOME_LOAD_ERROR}
          onRetry={() => void panels.refetch()}
        />
      ) : !data || data.docs.length === 0 ? (
        <div className="labs-card labs-home__empty">
          <h2>No labs yet</h2>
          <p>{HOME_EMPTY_TEXT}</p>
          <p>Message us to ask which lab suits you, or read how a lab visit works.</p>
          <div className="labs-ov__actions">
            <Link className={buttonClassName({})} to={messageUs}>
              Message Us
            </Link>
            <Link className={buttonClassName({ variant: 'secondary' })} to="/lab-instructions">
              Lab Instructions
            </Link>
          </div>
        </div>
      ) : (
        <>
          <ul
            className="labs-home__list"
            aria-label="Your lab panels"
            aria-busy={panels.isPlaceholderData || undefined}
          >
            {data.docs.map((panel) => (
              <HomePanelCard key={panel._id} panel={panel} />
            ))}
          </ul>
          <Pagination
            page={data.page}
            totalPages={data.totalPages}
            hrefFor={(n) => (n > 1 ? `${pathname}?page=${n}` : pathname)}
          />
        </>
      )}
    </section>
  );
}
