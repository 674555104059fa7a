import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import './status-page.css';

/** 002 §2.1: the unknown-path screen, worded to the letter. */
export const NOT_FOUND_TITLE = '404 - Page Not Found';
export const NOT_FOUND_TEXT = 'The page you are looking for does not exist.';

/** The not-found content, for use inside a shell (e.g. an unknown path of the labs app). */
export function NotFoundContent() {
  return (
    <section className="status-page">
      <h1 className="status-page__title">{NOT_FOUND_TITLE}</h1>
      <p className="status-page__text">{NOT_FOUND_TEXT}</p>
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
