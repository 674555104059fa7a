import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { patientQueryOptions } from '../../../api/patient';
import {
  isSubsection,
  SETTINGS_SUBSECTIONS,
  SETTINGS_TABS,
  type SettingsSubsection,
  type SettingsTab,
  settingsPath,
  tabOf,
} from '../../../components/settings-section/sections';
import { failureMessage, sectionId } from '../../../components/settings-section/settings-section';
import { PageSpinner } from '../../../components/ui/spinner';
import type { Patient } from '../../../lib/patient';
import { useSessionUser } from '../../../lib/session';
import { useIsDesktop } from '../../../lib/use-media-query';
import { EmailSection } from '../components/email-section';
import { HomeStateSection } from '../components/home-state-section';
import { MobileNumberSection } from '../components/mobile-number-section';
import { NotificationsTab } from '../components/notifications-tab';
import { PasswordSection } from '../components/password-section';
import { PaymentSection } from '../components/payment-section';
import { PersonalInfoSection } from '../components/personal-info-section';
import { ProfileImageSection } from '../components/profile-image-section';
import { SecuritySection } from '../components/security-section';
import { ShippingSection } from '../components/shipping-section';
import '../components/settings.css';

const PROFILE_PARTS: SettingsSubsection[] = [
  'info',
  'email',
  'password',
  'security',
  'mobile',
  'state',
  'image',
];

function Subsection({ section, user }: { section: SettingsSubsection; user: Patient }) {
  switch (section) {
    case 'info':
      return <PersonalInfoSection user={user} />;
    case 'email':
      return <EmailSection user={user} />;
    case 'password':
      return <PasswordSection user={user} />;
    case 'security':
      return <SecuritySection user={user} />;
    case 'mobile':
      return <MobileNumberSection user={user} />;
    case 'state':
      return <HomeStateSection user={user} />;
    case 'image':
      return <ProfileImageSection user={user} />;
    case 'shipping':
      return <ShippingSection user={user} />;
    case 'billing':
      return <PaymentSection user={user} />;
    case 'notifications':
      return <NotificationsTab userId={user._id} />;
  }
}

/** Desktop (1024 px and wider): the four tabs; the profile tab stacks its sub-sections (001 §2). */
function DesktopSettings({ userId, section, user }: { userId: string; section?: string; user: Patient }) {
  const tab = tabOf(section);
  const navigate = useNavigate();
  const tabRefs = useRef<Partial<Record<SettingsTab, HTMLAnchorElement | null>>>({});

  // /settings/{sub-section} on desktop opens the profile tab at that sub-section.
  useEffect(() => {
    if (isSubsection(section) && tabOf(section) === 'profile') {
      document.getElementById(sectionId(section))?.scrollIntoView?.({ block: 'start' });
    }
  }, [section]);

  /** The ARIA tabs pattern: the arrows move to the next or previous tab (wrapping), Home and End to the ends. */
  function onKeyDown(event: KeyboardEvent) {
    const index = SETTINGS_TABS.findIndex((t) => t.key === tab);
    const n = SETTINGS_TABS.length;
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: n - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = SETTINGS_TABS[(target + n) % n]!;
    void navigate(settingsPath(userId, next.key));
    tabRefs.current[next.key]?.focus();
  }

  let panel: ReactNode;
  if (tab === 'profile')
    panel = PROFILE_PARTS.map((part) => <Subsection key={part} section={part} user={user} />);
  else panel = <Subsection section={tab} user={user} />;

  return (
    <>
      <div className="settings-tabs" role="tablist" aria-label="Settings" onKeyDown={onKeyDown} tabIndex={-1}>
        {SETTINGS_TABS.map((t) => (
          <Link
            key={t.key}
            ref={(el) => {
              tabRefs.current[t.key] = el;
            }}
            to={settingsPath(userId, t.key)}
            role="tab"
            id={`settings-tab-${t.key}`}
            aria-selected={t.key === tab}
            aria-controls="settings-panel"
            tabIndex={t.key === tab ? 0 : -1}
            className={t.key === tab ? 'settings-tab settings-tab--active' : 'settings-tab'}
          >
            {t.label}
          </Link>
        ))}
      </div>
      <div
        className="settings-panel"
        id="settings-panel"
        role="tabpanel"
        aria-labelledby={`settings-tab-${tab}`}
      >
        {panel}
      </div>
    </>
  );
}

/** Phones and tablets: the list of sub-sections, and each sub-section on its own page (001 §2). */
function MobileSettings({ userId, section, user }: { userId: string; section?: string; user: Patient }) {
  if (!isSubsection(section)) {
    return (
      <nav aria-label="Settings sections">
        <ul className="settings-list">
          {SETTINGS_SUBSECTIONS.map((s) => (
            <li key={s.key}>
              <Link
                className="settings-list__item"
                to={settingsPath(userId, s.key)}
                aria-labelledby={`settings-name-${s.key}`}
                aria-describedby={s.description ? `settings-desc-${s.key}` : undefined}
              >
                <span className="settings-list__title" id={`settings-name-${s.key}`}>
                  {s.title}
                </span>
                {s.description ? (
                  <span className="settings-list__description" id={`settings-desc-${s.key}`}>
                    {s.description}
                  </span>
                ) : null}
                <span className="settings-list__chevron" aria-hidden="true">
                  ›
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    );
  }
  return (
    <div className="settings-single">
      <Link className="settings-back" to={settingsPath(userId)}>
        <span aria-hidden="true">‹ </span>Return to Settings
      </Link>
      <Subsection section={section} user={user} />
    </div>
  );
}

/** /dashboard/{userId}/settings[/{section}] (001 §2 Settings). */
export default function SettingsPage() {
  const params = useParams();
  const sessionUser = useSessionUser();
  const userId = params.userId ?? sessionUser?._id ?? '';
  const desktop = useIsDesktop();
  const query = useQuery({ ...patientQueryOptions(userId), enabled: userId !== '' });
  const user = query.data ?? (sessionUser?._id === userId ? sessionUser : null);

  return (
    <section className="settings-page">
      <h1 className="settings-page__title">Settings</h1>
      {user ? (
        desktop ? (
          <DesktopSettings userId={userId} section={params.section} user={user} />
        ) : (
          <MobileSettings userId={userId} section={params.section} user={user} />
        )
      ) : query.isError ? (
        <h2 className="settings-page__error">{failureMessage(query.error)}</h2>
      ) : (
        <PageSpinner />
      )}
    </section>
  );
}
