import { CATEGORY_LABELS, NOTIFICATION_CATEGORIES } from '@portal/domain/notifications/categories';
import type { NotificationPreferencesBody } from '@portal/domain/notifications/contracts';
import type { NotificationChannel } from '@portal/domain/notifications/preferences';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { notificationKeys, preferencesQueryOptions, savePreferences } from '../../../api/notifications';
import { CategoryIcon } from '../../../components/notification-icon/category-icon';
import { failureMessage, SectionAlert } from '../../../components/settings-section/settings-section';
import { useSettingsAlert } from '../../../components/settings-section/use-settings-alert';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import './notification-preferences.css';

export const PREFERENCES_SAVED = 'Notification preferences updated successfully';

const CHANNEL_NAMES: Record<NotificationChannel, string> = { email: 'by e-mail', sms: 'by text message' };

/**
 * The Notifications tab of settings (001 §2: choose where to receive notifications): a table of categories
 * by channel. The portal column is always on: the bell and the notifications page are the patient's record
 * of what the clinic told them, so no choice here can make a notice disappear; e-mail and SMS only add a
 * neutral nudge to sign in. Saved with the settings alerts (a success goes after 3 seconds).
 */
export function NotificationPreferences({ userId }: { userId: string }) {
  const client = useQueryClient();
  const query = useQuery(preferencesQueryOptions(userId));
  const [draft, setDraft] = useState<NotificationPreferencesBody | null>(null);
  const alert = useSettingsAlert();
  const captionId = useId();
  const smsNoteId = useId();

  useEffect(() => {
    if (query.data && !draft) setDraft(query.data.preferences);
  }, [query.data, draft]);

  const save = useMutation({
    mutationFn: (preferences: NotificationPreferencesBody) => savePreferences(userId, preferences),
    onSuccess: (answer) => {
      client.setQueryData(notificationKeys.preferences(userId), answer);
      setDraft(answer.preferences);
      alert.success(PREFERENCES_SAVED);
    },
    onError: (error) => alert.error(failureMessage(error)),
  });

  if (query.isPending) return <Spinner label="Loading notification preferences" />;
  if (query.isError || !draft) return <Alert tone="error">{failureMessage(query.error)}</Alert>;

  const smsAvailable = query.data.sms_available;
  const changed = JSON.stringify(draft) !== JSON.stringify(query.data.preferences);
  const toggle = (category: keyof NotificationPreferencesBody, channel: NotificationChannel) =>
    setDraft((d) => (d ? { ...d, [category]: { ...d[category], [channel]: !d[category][channel] } } : d));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };

  return (
    <form className="notification-preferences" onSubmit={submit} aria-labelledby={captionId}>
      <SectionAlert state={alert} />
      <table className="notification-preferences__table">
        <caption id={captionId} className="notification-preferences__caption">
          Choose where each kind of notification reaches you.
        </caption>
        <thead>
          <tr>
            <th scope="col">Notification</th>
            <th scope="col">Portal</th>
            <th scope="col">E-mail</th>
            <th scope="col">SMS</th>
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_CATEGORIES.map((category) => {
            const label = CATEGORY_LABELS[category];
            return (
              <tr key={category}>
                <th scope="row">
                  <span className="notification-preferences__category">
                    <CategoryIcon category={category} />
                    {label}
                  </span>
                </th>
                <td>
                  <span className="notification-preferences__always">Always</span>
                </td>
                {(['email', 'sms'] as const).map((channel) => (
                  <td key={channel}>
                    <input
                      type="checkbox"
                      role="switch"
                      className="notification-preferences__switch"
                      aria-label={`${label} ${CHANNEL_NAMES[channel]}`}
                      aria-describedby={channel === 'sms' && !smsAvailable ? smsNoteId : undefined}
                      checked={draft[category][channel]}
                      aria-checked={draft[category][channel]}
                      onChange={() => toggle(category, channel)}
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="notification-preferences__note">
        Notifications always appear in your portal. E-mails and text messages never include health details:
        they ask you to sign in to read them.
      </p>
      {!smsAvailable ? (
        <p className="notification-preferences__note" id={smsNoteId}>
          Text messages are sent only to a verified mobile number.{' '}
          <Link to={`/dashboard/${encodeURIComponent(userId)}/settings/profile`}>Verify your number</Link>
        </p>
      ) : null}
      <div className="notification-preferences__actions">
        <Button type="submit" loading={save.isPending} disabled={!changed}>
          Save Preferences
        </Button>
      </div>
    </form>
  );
}
