import { ENTRY_MESSAGES } from '@portal/domain/entry-messages';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { getStoredUser, getToken } from '../../lib/session';
import { tokenStatus } from '../../lib/token';
import { homeOf } from '../guards';
import './status-page.css';

/**
 * Where "Go to the home page" leads: a signed-in patient's dashboard, the clinic's workspace for its staff;
 * a visitor who is not signed in goes to the portal's front door (/, which opens signup).
 */
export function homePath(): string {
  const user = getStoredUser();
  if (tokenStatus(getToken()) !== 'valid' || !user?._id) return '/';
  return homeOf(user);
}

/** The not-found content (002 §2.1), for use inside a shell (e.g. an unknown path of the labs app). */
export function NotFoundContent() {
  return (
    <section className="status-page">
      <h1 className="status-page__title">{ENTRY_MESSAGES.pageNotFoundTitle}</h1>
      <p className="status-page__text">{ENTRY_MESSAGES.pageNotFound}</p>
      <div className="status-page__actions">
        <Link className={buttonClassName({})} to={homePath()}>
          Go to the home page
        </Link>
      </div>
    </section>
  );
}

/** The whole-page 404 for unknown paths. */
export function NotFoundPage() {
  return (
    <main className="status-page--full">
      <NotFoundContent />
    </main>
  );
}
