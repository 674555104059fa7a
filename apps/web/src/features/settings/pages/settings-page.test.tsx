import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '../../../lib/session';
import { currentUrl, json, ORG_ID, renderRoute, signIn, USER_ID } from '../../../test/helpers';
import {
  findToast,
  mockSettingsApi,
  profiled,
  SETTINGS,
  setOrganizationWith,
  setViewport,
  USER_PATH,
} from '../test/fixtures';

beforeEach(() => setOrganizationWith(true));
afterEach(() => setViewport(1024));

const region = (name: string) => screen.findByRole('region', { name });

describe('settings layout', () => {
  it('shows the four tabs on desktop, the profile tab stacking its sub-sections', async () => {
    const user = profiled();
    signIn(user);
    mockSettingsApi(user);
    const { router, user: u } = renderRoute(SETTINGS);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Profile', 'Shipping', 'Billing', 'Notifications']);
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Profile' });
    for (const name of [
      'Personal Information',
      'Email Address',
      'Password',
      'Mobile Number',
      'Home State',
      'Profile Image',
    ])
      expect(within(panel).getByRole('heading', { name })).toBeInTheDocument();

    await u.click(screen.getByRole('tab', { name: 'Shipping' }));
    expect(currentUrl(router)).toBe(`${SETTINGS}/shipping`);
    expect(await region('Shipping Address')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Personal Information' })).not.toBeInTheDocument();
  });

  it('moves between the tabs with the arrow keys, Home and End, one tab in the Tab order', async () => {
    const user = profiled();
    signIn(user);
    mockSettingsApi(user);
    const { router, user: u } = renderRoute(SETTINGS);
    await screen.findAllByRole('tab');
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(screen.getAllByRole('tab').filter((t) => t.tabIndex === 0)).toEqual([tab('Profile')]);
    tab('Profile').focus();
    await u.keyboard('{ArrowRight}');
    await waitFor(() => expect(tab('Shipping')).toHaveAttribute('aria-selected', 'true'));
    expect(tab('Shipping')).toHaveFocus();
    expect(currentUrl(router)).toBe(`${SETTINGS}/shipping`);
    await u.keyboard('{End}');
    await waitFor(() => expect(tab('Notifications')).toHaveAttribute('aria-selected', 'true'));
    expect(tab('Notifications')).toHaveFocus();
    await u.keyboard('{ArrowRight}');
    await waitFor(() => expect(tab('Profile')).toHaveAttribute('aria-selected', 'true'));
    await u.keyboard('{ArrowLeft}');
    await waitFor(() => expect(tab('Notifications')).toHaveFocus());
    await u.keyboard('{Home}');
    await waitFor(() => expect(tab('Profile')).toHaveAttribute('aria-selected', 'true'));
    expect(tab('Profile')).toHaveFocus();
  });

  it('lists the sub-sections on a phone, each on its own page with Return to Settings', async () => {
    setViewport(390);
    const user = profiled();
    signIn(user);
    mockSettingsApi(user);
    const { router, user: u } = renderRoute(SETTINGS);
    const nav = await screen.findByRole('navigation', { name: 'Settings sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.querySelector('.settings-list__title')?.textContent)).toEqual([
      'Personal Information',
      'Email Address',
      'Password',
      'Security',
      'Mobile Number',
      'Home State',
      'Profile Image',
      'Shipping Address',
      'Payment Information',
      'Notifications',
    ]);
    expect(within(nav).getByRole('link', { name: 'Home State' })).toHaveAccessibleDescription(
      "The state you reside in or on your driver's license or ID",
    );
    expect(within(nav).getByRole('link', { name: 'Password' })).toHaveAccessibleDescription(
      'Manage security preferences',
    );
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();

    await u.click(within(nav).getByRole('link', { name: 'Personal Information' }));
    expect(currentUrl(router)).toBe(`${SETTINGS}/info`);
    expect(await region('Personal Information')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Email Address' })).not.toBeInTheDocument();
    await u.click(screen.getByRole('link', { name: /Return to Settings/ }));
    expect(currentUrl(router)).toBe(SETTINGS);
  });

  it('renders the notifications tab', async () => {
    const user = profiled();
    signIn(user);
    mockSettingsApi(user);
    renderRoute(`${SETTINGS}/notifications`);
    expect(await region('Notifications')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('personal information', () => {
  it('shows the rules of 001 §5, saves only the changes and dismisses the success after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = profiled();
    signIn(user);
    const requests = mockSettingsApi(user, {
      [`PUT ${USER_PATH}`]: (r) => json(200, { ...user, ...(r.body as object) }),
    });
    const { user: u } = renderRoute(`${SETTINGS}/info`);
    const section = await region('Personal Information');
    const first = within(section).getByLabelText('First name');
    const save = within(section).getByRole('button', { name: 'Save Personal Information' });

    await u.clear(first);
    await u.type(first, 'J');
    await u.tab();
    expect(within(section).getByText('First name should be at least 2 characters long.')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await u.clear(within(section).getByLabelText('Birthday'));
    await u.type(within(section).getByLabelText('Birthday'), '02302000');
    await u.tab();
    expect(within(section).getByLabelText('Birthday')).toHaveValue('02-30-2000');
    expect(within(section).getByText('Please enter a valid date.')).toBeInTheDocument();

    await u.type(first, 'o');
    await u.clear(within(section).getByLabelText('Birthday'));
    await u.type(within(section).getByLabelText('Birthday'), '04121980');
    await u.selectOptions(within(section).getByLabelText('Inches'), '9');
    await u.clear(within(section).getByLabelText('Weight (lbs)'));
    await u.type(within(section).getByLabelText('Weight (lbs)'), '150');
    expect(save).toBeEnabled();
    await u.click(save);

    const status = await findToast('status');
    expect(status).toHaveTextContent('Personal information updated successfully');
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      first_name: 'Jo',
      height: 69,
      weight: 150,
    });
    await act(async () => {
      vi.advanceTimersByTime(2900);
    });
    expect(status).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(status).not.toBeInTheDocument();
  });

  it('locks name, sex and birthday of a verified patient', async () => {
    const user = profiled({ verified: true });
    signIn(user);
    mockSettingsApi(user);
    renderRoute(`${SETTINGS}/info`);
    const section = await region('Personal Information');
    expect(
      within(section).getByText(
        "This profile is verified and can't be changed. For any updates, please contact support.",
      ),
    ).toBeInTheDocument();
    for (const label of ['First name', 'Last name', 'Sex', 'Birthday'])
      expect(within(section).getByLabelText(label)).toBeDisabled();
    expect(within(section).getByLabelText('Weight (lbs)')).toBeEnabled();
  });
});

describe('email address', () => {
  it('checks the address, keeps a failure until dismissed and confirms a change', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = profiled();
    signIn(user);
    let taken = true;
    mockSettingsApi(user, {
      [`PUT ${USER_PATH}`]: (r) =>
        taken
          ? json(400, { text: 'EmailAlreadyExists', message: 'An account with this email already exists.' })
          : json(200, { ...user, ...(r.body as object) }),
    });
    const { user: u } = renderRoute(`${SETTINGS}/email`);
    const section = await region('Email Address');
    const email = within(section).getByLabelText('Email');
    await u.clear(email);
    await u.type(email, 'jane@');
    await u.tab();
    expect(within(section).getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Save Email Address' })).toBeDisabled();

    await u.type(email, 'taken.com');
    await u.click(within(section).getByRole('button', { name: 'Save Email Address' }));
    const alert = await within(section).findByText('An account with this email already exists.');
    await act(async () => {
      vi.advanceTimersByTime(10_000);
    });
    expect(alert).toBeInTheDocument();
    await u.click(within(section).getByRole('button', { name: 'Dismiss' }));
    expect(within(section).queryByText('An account with this email already exists.')).not.toBeInTheDocument();

    taken = false;
    await u.click(within(section).getByRole('button', { name: 'Save Email Address' }));
    expect(await findToast('status')).toHaveTextContent('Email address updated successfully');
  });
});

describe('password', () => {
  it('shows the rules, then changes the password and keeps this device signed in with the new token', async () => {
    const user = profiled();
    signIn(user);
    const requests = mockSettingsApi(user, {
      [`PUT ${USER_PATH}/reset-password`]: json(200, {
        message: 'Password updated successfully',
        token: 'new.token.value',
        user,
      }),
    });
    const { user: u } = renderRoute(`${SETTINGS}/password`);
    const section = await region('Password');
    await u.click(within(section).getByRole('button', { name: 'Update Password' }));
    expect(within(section).getByText('Please enter your current password.')).toBeInTheDocument();
    expect(within(section).getByText('Password is required.')).toBeInTheDocument();

    await u.type(within(section).getByLabelText('Current password'), 'OldPass123');
    await u.type(within(section).getByLabelText('New password'), 'OldPass123');
    await u.type(within(section).getByLabelText('Confirm new password'), 'OldPass12');
    expect(
      within(section).getByText('Your new password cannot be the same as your current password.'),
    ).toBeInTheDocument();
    expect(within(section).getByText('New passwords must match each other.')).toBeInTheDocument();

    await u.clear(within(section).getByLabelText('New password'));
    await u.type(within(section).getByLabelText('New password'), 'NewPass123');
    await u.clear(within(section).getByLabelText('Confirm new password'));
    await u.type(within(section).getByLabelText('Confirm new password'), 'NewPass123');
    await u.click(within(section).getByRole('button', { name: 'Update Password' }));
    expect(await findToast('status')).toHaveTextContent('Password updated successfully');
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      current_password: 'OldPass123',
      new_password: 'NewPass123',
    });
    expect(getToken()).toBe('new.token.value');
    expect(within(section).getByLabelText('Current password')).toHaveValue('');
  });

  it('shows the server message of a wrong current password', async () => {
    const user = profiled();
    signIn(user);
    mockSettingsApi(user, {
      [`PUT ${USER_PATH}/reset-password`]: json(400, {
        text: 'InvalidCurrentPassword',
        message: 'Your current password is incorrect.',
      }),
    });
    const { user: u } = renderRoute(`${SETTINGS}/password`);
    const section = await region('Password');
    await u.type(within(section).getByLabelText('Current password'), 'Wrong1234');
    await u.type(within(section).getByLabelText('New password'), 'NewPass123');
    await u.type(within(section).getByLabelText('Confirm new password'), 'NewPass123');
    await u.click(within(section).getByRole('button', { name: 'Update Password' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Your current password is incorrect.',
    );
  });
});

describe('home state', () => {
  it('requires a state and saves a new one', async () => {
    const user = profiled();
    signIn(user);
    const requests = mockSettingsApi(user, {
      [`PUT ${USER_PATH}`]: (r) => json(200, { ...user, ...(r.body as object) }),
    });
    const { user: u } = renderRoute(`${SETTINGS}/state`);
    const section = await region('Home State');
    const select = within(section).getByLabelText('State');
    await waitFor(() => expect(select).toHaveValue('TX'));
    await u.selectOptions(select, '');
    expect(within(section).getByText('Please select a state.')).toBeInTheDocument();
    await u.click(within(section).getByRole('button', { name: 'Save Home State' }));
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await u.selectOptions(select, 'CA');
    await u.click(within(section).getByRole('button', { name: 'Save Home State' }));
    expect(await findToast('status')).toHaveTextContent('Home state updated successfully');
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ state: 'CA' });
  });
});

it('shows the failure to load the patient in a heading', async () => {
  signIn(profiled({ _id: 'ffffffffffffffffffffffff' }));
  mockSettingsApi(profiled(), {
    [`GET /users/${ORG_ID}/user/${USER_ID}/patient`]: json(403, {
      text: 'Forbidden',
      message: 'You do not have access to this resource.',
    }),
  });
  renderRoute(SETTINGS);
  await screen.findByRole('heading', { name: 'You do not have access to this resource.' });
});
