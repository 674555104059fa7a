import { ENTRY_MESSAGES } from '@portal/domain/entry-messages';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import './status-page.css';

/** The not-found content (002 §2.1), for use inside a shell (e.g. an unknown path of the labs app). */
export function NotFoundContent() {
  return (
    <section className="status-page">
      <h1 className="status-page__title">{ENTRY_MESSAGES.pageNotFoundTitle}</h1>
      <p className="status-page__text">{ENTRY_MESSAGES.pageNotFound}</p>
      <div className="status-page__actions">
        <Link className={buttonClassName({})} to="/">
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
