import { DEFAULT_NOTIFICATION_PREFERENCES } from '@portal/domain/notifications/preferences';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockApi, setOrganization, signIn, TestProviders, USER_ID } from '../../../test/helpers';
import { NotificationPreferences } from './notification-preferences';

const URL = `/v2/users/${USER_ID}/notification-preferences`;

beforeEach(() => {
  setOrganization();
  signIn();
});

function renderPreferences() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <NotificationPreferences userId={USER_ID} /> }]);
  render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return userEvent.setup();
}

describe('NotificationPreferences (settings, Notifications tab)', () => {
  it('shows every category by channel, saves the changes and confirms for 3 seconds', async () => {
    const requests = mockApi({
      [`GET ${URL}`]: json(200, { preferences: DEFAULT_NOTIFICATION_PREFERENCES, sms_available: true }),
      [`PUT ${URL}`]: (r) => json(200, { preferences: r.body, sms_available: true }),
    });
    const user = renderPreferences();
    const labEmail = await screen.findByRole('switch', { name: 'Lab results by e-mail' });
    expect(labEmail).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Appointments by text message' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Orders by e-mail' })).not.toBeChecked();
    expect(screen.getAllByRole('switch')).toHaveLength(16);
    expect(screen.getAllByText('Always')).toHaveLength(8);
    const save = screen.getByRole('button', { name: 'Save Preferences' });
    expect(save).toBeDisabled();

    await user.click(labEmail);
    await user.click(screen.getByRole('switch', { name: 'Orders by text message' }));
    await user.click(save);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Notification preferences updated successfully',
    );
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      lab: { email: false, sms: false },
      order: { email: false, sms: true },
    });
    expect(screen.getByRole('button', { name: 'Save Preferences' })).toBeDisabled();
    await waitFor(() =>
      expect(screen.queryByText('Notification preferences updated successfully')).not.toBeInTheDocument(),
    );
  });

  it('says text messages need a verified number, and shows the server’s message on failure', async () => {
    mockApi({
      [`GET ${URL}`]: json(200, { preferences: DEFAULT_NOTIFICATION_PREFERENCES, sms_available: false }),
      [`PUT ${URL}`]: json(400, { text: 'ValidationError', message: 'Something is off.' }),
    });
    const user = renderPreferences();
    const sms = await screen.findByRole('switch', { name: 'Payments and billing by text message' });
    expect(sms).toHaveAccessibleDescription(
      'Text messages are sent only to a verified mobile number. Verify your number',
    );
    await user.click(sms);
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something is off.');
  });
});
