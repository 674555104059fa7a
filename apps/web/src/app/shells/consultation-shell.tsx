import {
  CONSULTATION_STAGE_LABELS,
  isConsultationSection,
  SECTION_STAGE,
} from '@portal/domain/consultation/stages';
import { useEffect } from 'react';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { analyticsPath, track } from '../../lib/analytics';
import { useSessionUser } from '../../lib/session';
import { QueryProvider } from '../providers';
import { BrandLogo } from './brand-logo';
import { NavIcon } from './nav-icon';
import './focus-shell.css';
import { HiddenSuffix } from '../../components/ui/hidden-suffix';

/** The stage of the funnel a route belongs to (000 §2 Consultation wrapper and stages). */
function useStage(): number | null {
  const { steps, ...params } = useParams();
  const { pathname } = useLocation();
  // screens with their own route (hiw, profile, protocol-selection) name the section in the path, not a param
  const section = params.section ?? (pathname.startsWith('/consultation/') ? pathname.split('/')[2] : null);
  if (steps) return SECTION_STAGE['identification-step'];
  return section && isConsultationSection(section) ? SECTION_STAGE[section] : null;
}

function StageNav({ current }: { current: number }) {
  return (
    <nav className="funnel-stages" aria-label="Visit progress">
      <ol className="funnel-stages__list">
        {CONSULTATION_STAGE_LABELS.map((label, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'todo';
          return (
            <li
              key={label}
              className={`funnel-stages__item is-${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="funnel-stages__dot" aria-hidden="true" />
              <span className="funnel-stages__label">{label}</span>
              {state === 'done' ? <HiddenSuffix>(completed)</HiddenSuffix> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The consultation wrapper: brand, a way back to the dashboard and the progress stages. */
export default function ConsultationShell() {
  const user = useSessionUser();
  const stage = useStage();
  const { pathname } = useLocation();
  // 000 §7: an analytics event at each step of the visit
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per step, i.e. per path
  useEffect(() => {
    if (stage !== null) track('Consultation Step Viewed', { stage, path: analyticsPath() });
  }, [stage, pathname]);
  const home = user ? `/dashboard/${encodeURIComponent(user._id)}/profile` : '/';
  return (
    <div className="focus-shell">
      <a className="ui-skip-link" href="#main">
        Skip to content
      </a>
      <header className="focus-shell__header">
        <div className="focus-shell__bar">
          <Link className="focus-shell__back" to={home}>
            <NavIcon name="back" />
            <span>Dashboard</span>
          </Link>
          <BrandLogo className="focus-shell__logo" />
          <span className="focus-shell__spacer" />
        </div>
        {stage !== null ? <StageNav current={stage} /> : null}
      </header>
      <main id="main" className="focus-shell__main" tabIndex={-1}>
        <QueryProvider>
          <Outlet />
        </QueryProvider>
      </main>
    </div>
  );
}
