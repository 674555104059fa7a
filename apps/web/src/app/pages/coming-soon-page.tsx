import { Link, useMatches, useParams } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { useSessionUser } from '../../lib/session';
import type { ScreenHandle } from '../route-meta';
import './status-page.css';

/** The name of the screen from the deepest route that gives one. */
function useScreenTitle(): string {
  const matches = useMatches();
  const params = useParams();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const title = (matches[index]?.handle as ScreenHandle | undefined)?.title;
    if (typeof title === 'function') return title(params);
    if (title) return title;
  }
  return 'This page';
}

/** Placeholder for screens of later work: names the screen, inside its shell. */
export default function ComingSoonPage() {
  const title = useScreenTitle();
  const user = useSessionUser();
  const home = user ? `/dashboard/${encodeURIComponent(user._id)}/profile` : '/';
  return (
    <section className="status-page" aria-labelledby="coming-soon-title">
      <span className="status-page__badge">Coming soon</span>
      <h1 className="status-page__title" id="coming-soon-title">
        {title}
      </h1>
      <p className="status-page__text">
        We're putting the finishing touches on this part of your portal. It will be ready here soon — thank
        you for your patience.
      </p>
      <div className="status-page__actions">
        <Link className={buttonClassName({ variant: 'secondary' })} to={home}>
          Back to dashboard
        </Link>
      </div>
    </section>
  );
}
