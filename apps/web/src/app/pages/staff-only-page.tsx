import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { useSessionUser } from '../../lib/session';
import './status-page.css';

/** What a patient who opens the clinic's workspace sees (issue 12 §1: refused, kindly). */
export default function StaffOnlyPage() {
  const user = useSessionUser();
  const home = user ? `/dashboard/${encodeURIComponent(user._id)}/profile` : '/login';
  return (
    <main id="main" className="status-page--full" tabIndex={-1}>
      <section className="status-page">
        <h1 className="status-page__title">This area is for the clinic's staff</h1>
        <p className="status-page__text">
          Your care team reviews your visits here. Everything about your own care is on your dashboard.
        </p>
        <div className="status-page__actions">
          <Link className={buttonClassName({})} to={home}>
            Go to your dashboard
          </Link>
        </div>
      </section>
    </main>
  );
}
