import { Link } from 'react-router';
import { useSessionUser } from '../../../lib/session';
import './profile-page.css';

/** The dashboard home (001 §2 Dashboard): a welcome for the patient; the widgets arrive in later work. */
export default function ProfilePage() {
  const user = useSessionUser();
  const firstName = user?.first_name?.trim();
  return (
    <div className="dashboard">
      <header className="dashboard__header">
        <p className="dashboard__eyebrow">Dashboard</p>
        <h1 className="dashboard__title">{firstName ? `Welcome, ${firstName}` : 'Welcome'}</h1>
      </header>
      <section className="dashboard__card" aria-labelledby="dashboard-soon">
        <span className="dashboard__badge">Coming soon</span>
        <h2 className="dashboard__card-title" id="dashboard-soon">
          Your dashboard is almost ready
        </h2>
        <p className="dashboard__card-text">
          Soon you'll see your visits, lab results, treatments and messages from your care team here.
          Everything you need for your health, in one place.
        </p>
        {user ? (
          <p className="dashboard__card-text">
            Questions in the meantime?{' '}
            <Link className="ui-link" to={`/dashboard/${encodeURIComponent(user._id)}/messages`}>
              Message your care team
            </Link>
          </p>
        ) : null}
      </section>
    </div>
  );
}
