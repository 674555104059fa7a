import { SettingsSection } from '../../../components/settings-section/settings-section';
import { NotificationPreferences } from './notification-preferences';

/** Notifications (001 §2): where to receive notifications; the preferences belong to the notifications feature. */
export function NotificationsTab({ userId }: { userId: string }) {
  return (
    <SettingsSection section="notifications">
      <NotificationPreferences userId={userId} />
    </SettingsSection>
  );
}
