import { Link, Outlet, useNavigate } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { useSessionUser } from '../../lib/session';
import { QueryProvider } from '../providers';
import { BrandLogo } from './brand-logo';
import { NavIcon } from './nav-icon';
import './focus-shell.css';

/**
 * A pared-down shell for full-page flows outside the dashboard (shop, lab instructions, scheduling): back,
 * logo and Return to Dashboard (002 §2.6 Shop navigation bar).
 */
export default function FocusShell() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const home = user ? `/dashboard/${encodeURIComponent(user._id)}/profile` : '/';
  return (
    <div className="focus-shell">
      <a className="ui-skip-link" href="#main">
        Skip to content
      </a>
      <header className="focus-shell__header">
        <div className="focus-shell__bar">
          <button
            type="button"
            className="focus-shell__back"
            // back within the portal; a visitor who landed here directly goes to the dashboard instead of leaving
            onClick={() =>
              (window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate(home)
            }
          >
            <NavIcon name="back" />
            <span>Back</span>
          </button>
          <BrandLogo className="focus-shell__logo" />
          <Link
            className={buttonClassName({ variant: 'secondary', size: 'sm' })}
            to={home}
            aria-label="Return to Dashboard"
          >
            {/* one flex item, so the words keep a plain space between them */}
            <span>
              <span className="focus-shell__long">Return to </span>Dashboard
            </span>
          </Link>
        </div>
      </header>
      <main id="main" className="focus-shell__main" tabIndex={-1}>
        <QueryProvider>
          <Outlet />
        </QueryProvider>
      </main>
    </div>
  );
}
