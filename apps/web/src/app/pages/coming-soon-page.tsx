import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { useSessionUser } from '../../lib/session';
import { useScreenName } from '../page-title';
import './status-page.css';

/** Placeholder for screens of later work: names the screen, inside its shell. */
export default function ComingSoonPage() {
  const title = useScreenName();
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
