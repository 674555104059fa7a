import { USER_BLOCK_SCROLL_CHARS } from '@portal/domain/constants';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useMatches } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { useLogout } from '../../features/auth/api/logout';
import { useBrand } from '../../lib/brand';
import type { DropdownLink } from '../../lib/organization';
import { fullName, initials, type Patient } from '../../lib/patient';
import { useSessionUser } from '../../lib/session';
import { useIsDesktop } from '../../lib/use-media-query';
import type { ScreenHandle } from '../route-meta';
import { BrandLogo } from './brand-logo';
import { type IconName, NavIcon } from './nav-icon';
import { useDismiss, useScrollState } from './use-shell-hooks';
import './signed-in-shell.css';

interface NavItem {
  key: string;
  label: string;
  to: string;
  icon: IconName;
  end?: boolean;
}

/** The destinations of 001 §2 Navigation for this patient. */
function navItems(user: Patient): Record<string, NavItem> {
  const base = `/dashboard/${encodeURIComponent(user._id)}`;
  return {
    home: { key: 'home', label: 'Home', to: `${base}/profile`, icon: 'home', end: true },
    profile: { key: 'profile', label: 'Profile', to: `${base}/profile`, icon: 'home', end: true },
    // 001 §4 Navigation: with the labs2 flag, the new labs app; otherwise the labs list
    labs: {
      key: 'labs',
      label: 'Labs',
      to: user.feature_flags?.labs2 ? '/labs' : `${base}/labs`,
      icon: 'labs',
    },
    orders: { key: 'orders', label: 'Orders', to: '/orders', icon: 'orders' },
    subscriptions: {
      key: 'subscriptions',
      label: 'Subscriptions',
      to: `${base}/subscriptions`,
      icon: 'subscriptions',
    },
    messages: { key: 'messages', label: 'Messages', to: `${base}/messages`, icon: 'messages' },
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
const MOBILE_MENU = [
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

/** Text over 21 characters scrolls (001 §2 Navigation); with reduced motion it can be scrolled by hand. */
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

function Avatar({ user, size = 'md' }: { user: Patient; size?: 'sm' | 'md' }) {
  return (
    <span className={`shell-avatar shell-avatar--${size}`} aria-hidden="true">
      {initials(user)}
    </span>
  );
}

function ExternalLink({ link, className }: { link: DropdownLink; className: string }) {
  return (
    <a className={className} href={link.url} target="_blank" rel="noopener noreferrer">
      <NavIcon name="external" />
      <span>{link.name}</span>
      <span className="ui-visually-hidden"> (opens in a new tab)</span>
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

function Sidebar({
  user,
  items,
  links,
}: {
  user: Patient;
  items: Record<string, NavItem>;
  links: DropdownLink[];
}) {
  const more = usePopover<HTMLLIElement>();
  const moreId = useId();
  const name = fullName(user);
  const nameLong = `${user.first_name ?? ''}${user.last_name ?? ''}`.length > USER_BLOCK_SCROLL_CHARS;
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
                <span>{item.label}</span>
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
            </ul>
          </li>
        </ul>
      </nav>
      <div className="shell-user">
        <Avatar user={user} />
        <div className="shell-user__text">
          <Marquee text={name} long={nameLong} className="shell-user__name" />
          <Marquee
            text={user.email}
            long={(user.email ?? '').length > USER_BLOCK_SCROLL_CHARS}
            className="shell-user__email"
          />
        </div>
      </div>
    </aside>
  );
}

function AccountMenu({
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
  return (
    <div className="shell-account" ref={menu.containerRef}>
      <button
        ref={menu.buttonRef}
        type="button"
        className="shell-account__button"
        aria-label="Account menu"
        aria-expanded={menu.open}
        aria-controls={menuId}
        onClick={() => menu.setOpen((open) => !open)}
      >
        <Avatar user={user} size="sm" />
        <span className="shell-account__name">{user.first_name}</span>
        <NavIcon name="chevron" />
      </button>
      <div id={menuId} className="shell-popover" hidden={!menu.open}>
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
      </div>
    </div>
  );
}

function MobileHeader({
  user,
  items,
  links,
  scrolled,
  onLogout,
}: {
  user: Patient;
  items: Record<string, NavItem>;
  links: DropdownLink[];
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
      <nav id={menuId} className="shell-dropdown" aria-label="Menu" hidden={!menu.open}>
        <div className="shell-dropdown__user">
          <Avatar user={user} />
          <div className="shell-user__text">
            <span className="shell-user__name">{fullName(user)}</span>
            <span className="shell-user__email">{user.email}</span>
          </div>
        </div>
        <ul className="shell-dropdown__list">
          {pick(items, MOBILE_MENU).map((item) => (
            <li key={item.key}>
              <NavLink className="shell-dropdown__item" to={item.to} end={item.end}>
                <NavIcon name={item.icon} />
                {item.label}
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
      </nav>
    </header>
  );
}

function MobileFooter({ items, hidden }: { items: Record<string, NavItem>; hidden: boolean }) {
  return (
    <nav className={`shell-footer${hidden ? ' is-hidden' : ''}`} aria-label="Shortcuts">
      <ul className="shell-footer__list">
        {pick(items, FOOTER).map((item) => (
          <li key={item.key}>
            <NavLink className="shell-footer__link" to={item.to}>
              <NavIcon name={item.icon} />
              <span>{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The signed-in shell (001 §2 Navigation): desktop (>= 1024 px) side navigation and a header with the account
 * menu; phones a header with a menu button and a footer that hides while scrolling down. Screens flagged
 * fullWidth (messages) get the whole width and no footer.
 */
export default function SignedInShell() {
  const user = useSessionUser();
  const { organization } = useBrand();
  const desktop = useIsDesktop();
  const { scrolled, hidden } = useScrollState();
  const matches = useMatches();
  const logout = useLogout();
  const fullWidth = matches.some((match) => (match.handle as ScreenHandle | undefined)?.fullWidth);

  if (!user) return <PageSpinner />;

  const items = navItems(user);
  const links = organization?.settings?.dropdown_links ?? [];
  const onLogout = () => logout.mutate();

  return (
    <div
      className={`shell${desktop ? ' shell--desktop' : ' shell--mobile'}${fullWidth ? ' shell--full' : ''}`}
    >
      <a className="ui-skip-link" href="#main">
        Skip to content
      </a>
      {desktop ? <Sidebar user={user} items={items} links={links} /> : null}
      <div className="shell__body">
        {desktop ? (
          <header className={`shell-header${scrolled ? ' is-scrolled' : ''}`}>
            <AccountMenu user={user} items={items} onLogout={onLogout} />
          </header>
        ) : (
          <MobileHeader user={user} items={items} links={links} scrolled={scrolled} onLogout={onLogout} />
        )}
        <main id="main" className="shell__main" tabIndex={-1}>
          <Outlet />
        </main>
        {!desktop && !fullWidth ? <MobileFooter items={items} hidden={hidden} /> : null}
      </div>
    </div>
  );
}
