import { type SideContent, sideContent } from '@portal/domain/branding/brand-content';
import { labsDestination } from '@portal/domain/navigation/labs-destination';
import { userBlockScrolls } from '@portal/domain/navigation/user-block';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useMatches } from 'react-router';
import { useLogout } from '../../api/auth';
import { useAuthorizedImage } from '../../components/camera/use-authorized-image';
import { PageSpinner } from '../../components/ui/spinner';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { IdentityBadge } from '../../features/verification/components/identity-badge';
import { VerificationBar } from '../../features/verification/components/verification-bar';
import { useBrand } from '../../lib/brand';
import type { DropdownLink } from '../../lib/organization';
import { fullName, initials, type Patient } from '../../lib/patient';
import { useSessionUser } from '../../lib/session';
import { useIsDesktop } from '../../lib/use-media-query';
import type { ScreenHandle } from '../route-meta';
import { BrandLogo } from './brand-logo';
import { BrandSideCard, moreMenuLinks } from './brand-side-content';
import { type IconName, NavIcon } from './nav-icon';
import { useDismiss, useLatestLabPanelId, useMessagesUnread, useScrollState } from './use-shell-hooks';
import './signed-in-shell.css';
import { QueryProvider } from '../providers';

interface NavItem {
  key: string;
  label: string;
  to: string;
  icon: IconName;
  end?: boolean;
  /** Shows the unread dot (Messages). */
  unread?: boolean;
}

/** The destinations of 001 §2 Navigation for this patient. */
function navItems(
  user: Patient,
  state: { latestPanelId: string | null; messagesUnread: boolean },
): Record<string, NavItem> {
  const base = `/dashboard/${encodeURIComponent(user._id)}`;
  const labs = labsDestination({
    userId: user._id,
    labs2: Boolean(user.feature_flags?.labs2),
    latestPanelId: state.latestPanelId,
  });
  return {
    home: { key: 'home', label: 'Home', to: `${base}/profile`, icon: 'home', end: true },
    profile: { key: 'profile', label: 'Profile', to: `${base}/profile`, icon: 'home', end: true },
    labs: { key: 'labs', label: 'Labs', to: labs, icon: 'labs' },
    orders: { key: 'orders', label: 'Orders', to: '/orders', icon: 'orders' },
    subscriptions: {
      key: 'subscriptions',
      label: 'Subscriptions',
      to: `${base}/subscriptions`,
      icon: 'subscriptions',
    },
    messages: {
      key: 'messages',
      label: 'Messages',
      to: `${base}/messages`,
      icon: 'messages',
      unread: state.messagesUnread,
    },
    appointments: {
      key: 'appointments',
      label: 'Appointments',
      to: `${base}/appointments`,
      icon: 'appointments',
    },
    shop: { key: 'shop', label: 'Shop', to: '/shop', icon: 'shop' },
    providers: { key: 'providers', label: 'Providers', to: `${base}/providers`, icon: 'providers' },
    settings: { key: 'settings', label: 'Settings', to: `${base}/settings`, icon: 'settings' },
  };
}

function pick(items: Record<string, NavItem>, keys: readonly string[]): NavItem[] {
  return keys.flatMap((key) => (items[key] ? [items[key]] : []));
}

const SIDEBAR = ['home', 'labs', 'orders', 'subscriptions', 'messages', 'appointments', 'shop'] as const;
const HEADER_MENU = [
  'profile',
  'labs',
  'orders',
  'subscriptions',
  'messages',
  'appointments',
  'providers',
  'settings',
] as const;
const FOOTER = ['labs', 'orders', 'subscriptions', 'shop', 'messages'] as const;

/** The link's label, with the unread dot; the dot is named in words for screen readers. */
function ItemLabel({ item }: { item: NavItem }) {
  return (
    <span className="shell-label">
      {item.label}
      {item.unread ? (
        <>
          {' '}
          <span className="shell-dot" aria-hidden="true" />
          <span className="ui-visually-hidden">(unread)</span>
        </>
      ) : null}
    </span>
  );
}

/**
 * Text over 21 characters scrolls (001 §2 Navigation). The copy that closes the loop is hidden from assistive
 * technology; with reduced motion nothing moves and the text wraps instead, so all of it stays readable.
 */
function Marquee({ text, long, className }: { text: string; long: boolean; className: string }) {
  if (!long) return <span className={className}>{text}</span>;
  return (
    <span className={`${className} marquee`} title={text}>
      <span className="marquee__track">
        <span className="marquee__item">{text}</span>
        <span className="marquee__item" aria-hidden="true">
          {text}
        </span>
      </span>
    </span>
  );
}

function UserText({ user, id }: { user: Patient; id?: string }) {
  const scrolls = userBlockScrolls(user);
  return (
    <span className="shell-user__text" id={id}>
      <Marquee text={fullName(user)} long={scrolls.name} className="shell-user__name" />
      <Marquee text={user.email} long={scrolls.email} className="shell-user__email" />
    </span>
  );
}

/** The profile photo (001 §3 image.profile), else the initials. */
function Avatar({ user, size = 'md' }: { user: Patient; size?: 'sm' | 'md' }) {
  const photo = useAuthorizedImage(user.image?.profile?.profile_url);
  return (
    <span className={`shell-avatar shell-avatar--${size}`} aria-hidden="true">
      {photo.src ? <img className="shell-avatar__img" src={photo.src} alt="" /> : initials(user)}
    </span>
  );
}

function ExternalLink({ link, className }: { link: DropdownLink; className: string }) {
  return (
    <a className={className} href={link.url} target="_blank" rel="noopener noreferrer">
      <NavIcon name="external" />
      {/* the space sits outside the hidden span, where name computation keeps it */}
      {link.name} <span className="ui-visually-hidden">(opens in a new tab)</span>
    </a>
  );
}

/** A button that shows and hides a list (disclosure pattern), closing on Escape, outside presses and navigation. */
function usePopover<T extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<T>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, containerRef, buttonRef);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the page changes
  useEffect(() => close(), [pathname, close]);
  return { open, setOpen, close, containerRef, buttonRef };
}

/** The side navigation's user block: avatar, name, e-mail and badge; it opens the user menu (Settings, Logout). */
function UserBlock({
  user,
  items,
  onLogout,
}: {
  user: Patient;
  items: Record<string, NavItem>;
  onLogout: () => void;
}) {
  const menu = usePopover<HTMLDivElement>();
  const menuId = useId();
  const textId = useId();
  return (
    <div className="shell-user" ref={menu.containerRef}>
      <div id={menuId} className="shell-popover shell-popover--up" hidden={!menu.open}>
        {menu.open ? (
          <ul className="shell-popover__list">
            <li>
              <Link className="shell-popover__item" to={items.settings?.to ?? '/'}>
                <NavIcon name="settings" />
                Settings
              </Link>
            </li>
            <li>
              <button type="button" className="shell-popover__item" onClick={onLogout}>
                <NavIcon name="logout" />
                Logout
              </button>
            </li>
          </ul>
        ) : null}
      </div>
      <button
        ref={menu.buttonRef}
        type="button"
        className="shell-user__button"
        aria-label="Account menu"
        aria-describedby={textId}
        aria-expanded={menu.open}
        aria-controls={menuId}
        onClick={() => menu.setOpen((open) => !open)}
      >
        <Avatar user={user} />
        <UserText user={user} id={textId} />
        <NavIcon name="chevron" className="nav-icon shell-user__chevron" />
      </button>
      <IdentityBadge user={user} className="shell-user__badge" />
    </div>
  );
}

const Sidebar = memo(function Sidebar({
  user,
  items,
  links,
  side,
  onLogout,
}: {
  user: Patient;
  items: Record<string, NavItem>;
  links: DropdownLink[];
  side: SideContent | null;
  onLogout: () => void;
}) {
  const more = usePopover<HTMLLIElement>();
  const moreId = useId();
  return (
    <aside className="shell-sidebar">
      <Link className="shell-sidebar__brand" to={items.home?.to ?? '/'}>
        <BrandLogo />
      </Link>
      <nav className="shell-sidebar__nav" aria-label="Main">
        <ul className="shell-nav">
          {pick(items, SIDEBAR).map((item) => (
            <li key={item.key}>
              <NavLink className="shell-nav__link" to={item.to} end={item.end}>
                <NavIcon name={item.icon} />
                <ItemLabel item={item} />
              </NavLink>
            </li>
          ))}
          <li className="shell-nav__more" ref={more.containerRef}>
            <button
              ref={more.buttonRef}
              type="button"
              className="shell-nav__link"
              aria-expanded={more.open}
              aria-controls={moreId}
              onClick={() => more.setOpen((open) => !open)}
            >
              <NavIcon name="more" />
              <span>More</span>
              <NavIcon name="chevron" className="nav-icon shell-nav__chevron" />
            </button>
            <ul id={moreId} className="shell-nav__sub" hidden={!more.open}>
              {more.open ? (
                <>
                  <li>
                    <NavLink className="shell-nav__link" to={items.providers?.to ?? '/'}>
                      <NavIcon name="providers" />
                      <span>Providers</span>
                    </NavLink>
                  </li>
                  {links.map((link) => (
                    <li key={link._id}>
                      <ExternalLink link={link} className="shell-nav__link" />
                    </li>
                  ))}
                </>
              ) : null}
            </ul>
          </li>
        </ul>
      </nav>
      {side ? <BrandSideCard content={side} /> : null}
      <UserBlock user={user} items={items} onLogout={onLogout} />
    </aside>
  );
});

/** Phones and tablets: brand, bell and the header dropdown (001 §2 Header dropdown). */
const MobileHeader = memo(function MobileHeader({
  user,
  items,
  links,
  side,
  scrolled,
  onLogout,
}: {
  user: Patient;
  items: Record<string, NavItem>;
  links: DropdownLink[];
  side: SideContent | null;
  scrolled: boolean;
  onLogout: () => void;
}) {
  const menu = usePopover<HTMLElement>();
  const menuId = useId();
  return (
    <header
      className={`shell-header shell-header--mobile${scrolled ? ' is-scrolled' : ''}`}
      ref={menu.containerRef}
    >
      <Link className="shell-header__brand" to={items.home?.to ?? '/'}>
        <BrandLogo />
      </Link>
      <div className="shell-header__actions">
        <NotificationBell />
        <button
          ref={menu.buttonRef}
          type="button"
          className="shell-header__menu-button"
          aria-expanded={menu.open}
          aria-controls={menuId}
          onClick={() => menu.setOpen((open) => !open)}
        >
          <NavIcon name={menu.open ? 'close' : 'menu'} />
          <span className="ui-visually-hidden">Menu</span>
        </button>
      </div>
      <nav id={menuId} className="shell-dropdown" aria-label="Menu" hidden={!menu.open}>
        {/* the closed menus keep their element (the buttons' aria-controls) and render nothing inside */}
        {menu.open ? (
          <>
            <div className="shell-dropdown__user">
              <Avatar user={user} />
              <div className="shell-dropdown__who">
                <UserText user={user} />
                <IdentityBadge user={user} />
              </div>
            </div>
            <ul className="shell-dropdown__list">
              {pick(items, HEADER_MENU).map((item) => (
                <li key={item.key}>
                  <NavLink className="shell-dropdown__item" to={item.to} end={item.end}>
                    <NavIcon name={item.icon} />
                    <ItemLabel item={item} />
                  </NavLink>
                </li>
              ))}
              {links.map((link) => (
                <li key={link._id}>
                  <ExternalLink link={link} className="shell-dropdown__item" />
                </li>
              ))}
              <li>
                <button type="button" className="shell-dropdown__item" onClick={onLogout}>
                  <NavIcon name="logout" />
                  Logout
                </button>
              </li>
            </ul>
            {side ? <BrandSideCard content={side} /> : null}
          </>
        ) : null}
      </nav>
    </header>
  );
});

const MobileFooter = memo(function MobileFooter({
  items,
  hidden,
}: {
  items: Record<string, NavItem>;
  hidden: boolean;
}) {
  return (
    <nav className={`shell-footer${hidden ? ' is-hidden' : ''}`} aria-label="Shortcuts">
      <ul className="shell-footer__list">
        {pick(items, FOOTER).map((item) => (
          <li key={item.key}>
            <NavLink className="shell-footer__link" to={item.to}>
              <NavIcon name={item.icon} />
              <ItemLabel item={item} />
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
});

/**
 * The signed-in shell (001 §2 Navigation): on desktop (>= 1024 px) the side navigation with the user block and
 * its menu, and a header with the bell; narrower screens get a header with the bell and the header dropdown,
 * and a footer that hides while scrolling down. The verification bar sits above every page. Screens flagged
 * fullWidth (messages) get the whole width and no footer.
 */
export default function SignedInShell() {
  const user = useSessionUser();
  if (!user) return <PageSpinner />;
  return (
    <QueryProvider>
      <SignedInLayout user={user} />
    </QueryProvider>
  );
}

function SignedInLayout({ user }: { user: Patient }) {
  const { organization } = useBrand();
  const desktop = useIsDesktop();
  const { scrolled, hidden } = useScrollState();
  const matches = useMatches();
  const { mutate: logOut } = useLogout();
  const latestPanelId = useLatestLabPanelId(user._id, Boolean(user.feature_flags?.labs2));
  const messagesUnread = useMessagesUnread(user._id);
  const fullWidth = matches.some((match) => (match.handle as ScreenHandle | undefined)?.fullWidth);

  // the navigation is most of the shell's elements: kept the same while the page's reads arrive (each answer
  // renders the layout again), its parts are memoized and skip those renders
  const items = useMemo(
    () => navItems(user, { latestPanelId, messagesUnread }),
    [user, latestPanelId, messagesUnread],
  );
  const links = useMemo(() => moreMenuLinks(organization), [organization]);
  const side = useMemo(() => sideContent(user.organization, organization), [user.organization, organization]);
  const onLogout = useCallback(() => logOut(), [logOut]);

  return (
    <div
      className={`shell${desktop ? ' shell--desktop' : ' shell--mobile'}${fullWidth ? ' shell--full' : ''}`}
    >
      <a className="ui-skip-link" href="#main">
        Skip to content
      </a>
      {desktop ? <Sidebar user={user} items={items} links={links} side={side} onLogout={onLogout} /> : null}
      <div className="shell__body">
        {desktop ? (
          <header className={`shell-header${scrolled ? ' is-scrolled' : ''}`}>
            <NotificationBell />
          </header>
        ) : (
          <MobileHeader
            user={user}
            items={items}
            links={links}
            side={side}
            scrolled={scrolled}
            onLogout={onLogout}
          />
        )}
        <VerificationBar user={user} />
        <main id="main" className="shell__main" tabIndex={-1}>
          <Outlet />
        </main>
        {!desktop && !fullWidth ? <MobileFooter items={items} hidden={hidden} /> : null}
      </div>
    </div>
  );
}
