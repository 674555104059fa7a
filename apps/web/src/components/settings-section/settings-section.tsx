import { MESSAGES, NOTIFICATION_TITLES } from '@portal/domain/messages';
import type { ReactNode } from 'react';
import { isApiError } from '../../lib/api-error';
import { Alert } from '../ui/alert';
import { SETTINGS_SUBSECTIONS, type SettingsSubsection } from './sections';
import type { SettingsAlert } from './use-settings-alert';
import './settings-section.css';

/** The id of a sub-section's region, also the scroll target of /settings/{section} on desktop. */
export const sectionId = (key: SettingsSubsection) => `settings-${key}`;

/** One settings sub-section: a region named by its heading (Personal Information, Email Address...). */
export function SettingsSection({
  section,
  children,
  aside,
}: {
  section: SettingsSubsection;
  children: ReactNode;
  /** Shown next to the heading (the mobile number badge). */
  aside?: ReactNode;
}) {
  const meta = SETTINGS_SUBSECTIONS.find((s) => s.key === section)!;
  const headingId = `${sectionId(section)}-title`;
  return (
    <section id={sectionId(section)} className="settings-section" aria-labelledby={headingId}>
      <div className="settings-section__head">
        <h2 className="settings-section__title" id={headingId}>
          {meta.title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** The critical alert of a failed save, in its form until dismissed (successes are toasts, see useSettingsAlert). */
export function SectionAlert({ state }: { state: SettingsAlert }) {
  if (!state.alert) return null;
  return (
    <Alert
      tone={state.alert.tone}
      title={NOTIFICATION_TITLES.error}
      onClose={state.dismiss}
      className="settings-alert"
    >
      {state.alert.message}
    </Alert>
  );
}

/** The server's message of a failed call, else the generic one. */
export function failureMessage(error: unknown): string {
  return isApiError(error) && error.message ? error.message : MESSAGES.generic;
}
