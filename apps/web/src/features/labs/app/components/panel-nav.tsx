import { useLayoutEffect, useRef } from 'react';
import { Link, NavLink, useLocation, useParams } from 'react-router';
import '../labs-app.css';

/** The sections of one panel in the labs app (002 §2.3), in reading order. */
export const PANEL_SECTIONS = [
  { to: '', label: 'Overview', end: true },
  { to: 'biomarkers', label: 'Biomarkers', end: false },
  { to: 'biological-age', label: 'Biological Age', end: true },
  { to: 'history', label: 'History', end: false },
  { to: 'preparation-guideline', label: 'Preparation', end: true },
] as const;

/** The path of a panel's page in the labs app. */
export const panelPath = (panelId: string, rest = '') =>
  `/labs/${encodeURIComponent(panelId)}${rest ? `/${rest}` : ''}`;

/**
 * The labs app's navigation on a panel's pages: back to all labs, then the panel's sections. The current
 * section is marked with aria-current by NavLink.
 */
export function PanelNav({ panelName }: { panelName?: string }) {
  const { panelId } = useParams();
  const { pathname } = useLocation();
  const list = useRef<HTMLUListElement>(null);
  // on a narrow screen the sections scroll sideways: bring the current one into view
  useLayoutEffect(() => {
    const ul = list.current;
    const current = ul?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!ul || !current || !pathname) return;
    if (current.offsetLeft + current.offsetWidth > ul.scrollLeft + ul.clientWidth)
      ul.scrollLeft = current.offsetLeft + current.offsetWidth - ul.clientWidth;
  }, [pathname]);
  return (
    <nav className="labs-app-nav" aria-label={panelName ? `${panelName} sections` : 'Lab panel sections'}>
      <Link className="labs-app-nav__back" to="/labs">
        All labs
      </Link>
      {panelId ? (
        <ul className="labs-app-nav__sections" ref={list}>
          {PANEL_SECTIONS.map((s) => (
            <li key={s.label}>
              <NavLink className="labs-app-nav__link" to={panelPath(panelId, s.to)} end={s.end}>
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      ) : null}
    </nav>
  );
}
