import { isStaffRole, STAFF_ROLE_LABELS, type StaffAction, staffCan } from '@portal/domain/care/staff-roles';
import { useQuery } from '@tanstack/react-query';
import { Link, NavLink, Outlet } from 'react-router';
import { useLogout } from '../../api/auth';
import { careInboxUnreadQueryOptions, useInboxEvents } from '../../api/care/inbox';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { fullName, type Patient } from '../../lib/patient';
import { useSessionUser } from '../../lib/session';
import { QueryProvider } from '../providers';
import { BrandLogo } from './brand-logo';
import './care-shell.css';

/** The workspace's pages, each shown to the roles that may act there. */
const WORKSPACE_PAGES: readonly { to: string; label: string; needs?: StaffAction }[] = [
  { to: '/care', label: 'Review queue' },
  { to: '/care/messages', label: 'Messages', needs: 'read_chart' },
  { to: '/care/tasks', label: 'Tasks', needs: 'read_chart' },
  { to: '/care/schedule', label: 'Schedule', needs: 'read_chart' },
  { to: '/care/fulfilment', label: 'Fulfilment', needs: 'advance_fulfilment' },
  { to: '/care/labs', label: 'Labs', needs: 'manage_labs' },
  { to: '/care/staff', label: 'Staff', needs: 'manage_staff' },
  { to: '/care/audit', label: 'Audit trail', needs: 'read_audit' },
  { to: '/care/shop', label: 'Shop', needs: 'manage_settings' },
  { to: '/care/catalogue', label: 'Catalogue', needs: 'manage_settings' },
  { to: '/care/settings', label: 'Settings', needs: 'manage_settings' },
];

/**
 * The clinic's workspace (issue 12 §8): its own shell, loaded only on /care routes, so nothing of it ships with
 * the patient's pages. One bar: the clinic, the workspace's pages, who is signed in and in what role.
 */
export default function CareShell() {
  const user = useSessionUser();
  if (!user) return <PageSpinner />;
  return (
    <QueryProvider>
      <CareLayout user={user} />
    </QueryProvider>
  );
}

/**
 * The inbox's link with the clinic's unread conversations; it listens to the inbox channel for the whole
 * workspace, so the count (and an open inbox) follow new messages on every page.
 */
function MessagesLink({ to, label }: { to: string; label: string }) {
  useInboxEvents();
  const unread = useQuery(careInboxUnreadQueryOptions()).data ?? 0;
  const count = unread > 99 ? '99+' : String(unread);
  return (
    <NavLink
      className="care-shell__link"
      to={to}
      aria-label={unread > 0 ? `${label}, ${count} unread` : undefined}
    >
      {label}
      {unread > 0 ? (
        <span className="care-shell__count" aria-hidden="true">
          {count}
        </span>
      ) : null}
    </NavLink>
  );
}

function CareLayout({ user }: { user: Patient }) {
  const logout = useLogout();
  const role = isStaffRole(user.role) ? STAFF_ROLE_LABELS[user.role] : '';
  return (
    <div className="care-shell">
      <a className="ui-skip-link" href="#main">
        Skip to content
      </a>
      <header className="care-shell__header">
        <div className="care-shell__bar">
          <Link className="care-shell__brand" to="/care">
            <BrandLogo />
            <span className="care-shell__area">Clinic</span>
          </Link>
          <nav className="care-shell__nav" aria-label="Workspace">
            {WORKSPACE_PAGES.filter(
              (page) => !page.needs || (isStaffRole(user.role) && staffCan(user.role, page.needs)),
            ).map((page) =>
              page.to === '/care/messages' ? (
                <MessagesLink key={page.to} to={page.to} label={page.label} />
              ) : (
                <NavLink key={page.to} className="care-shell__link" to={page.to} end={page.to === '/care'}>
                  {page.label}
                </NavLink>
              ),
            )}
          </nav>
          <div className="care-shell__user">
            <span className="care-shell__who">
              <span className="care-shell__name">{fullName(user)}</span>
              <span className="care-shell__role">{role}</span>
            </span>
            <Button variant="secondary" size="sm" loading={logout.isPending} onClick={() => logout.mutate()}>
              Log out
            </Button>
          </div>
        </div>
      </header>
      <main id="main" className="care-shell__main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
