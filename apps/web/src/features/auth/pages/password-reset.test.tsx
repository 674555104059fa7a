import { MESSAGES } from '@portal/domain/messages';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  currentUrl,
  json,
  mockApi,
  ORG_ID,
  renderRoute,
  setOrganization,
  USER_ID,
} from '../../../test/helpers';
import { PASSWORD_RESET_DONE } from './new-password-page';

describe('password reset request', () => {
  beforeEach(() => setOrganization());

  it('validates the email, then shows the success text and a Log in button', async () => {
    const requests = mockApi({
      [`POST /reset/${ORG_ID}/password-reset-request`]: json(200, { message: 'If the account exists…' }),
    });
    const { user, router } = renderRoute('/request-password-reset');
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText(MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await user.type(screen.getByLabelText('Email'), 'Jane@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await screen.findByText(MESSAGES.resetRequestSuccess);
    expect(requests[0]?.body).toEqual({ email_address: 'jane@example.com' });

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/login'));
  });

  it('shows the failure text when the request fails', async () => {
    mockApi({ [`POST /reset/${ORG_ID}/password-reset-request`]: json(500, { text: 'X', message: 'Y' }) });
    const { user } = renderRoute('/request-password-reset');
    await user.type(await screen.findByLabelText('Email'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await screen.findByText(MESSAGES.resetRequestFailure);
  });
});

describe('new password', () => {
  beforeEach(() => setOrganization());
  const path = `/request-password-reset/${ORG_ID}/${USER_ID}/reset-token-1`;

  it('checks the two passwords match before sending', async () => {
    const requests = mockApi({});
    const { user } = renderRoute(path);
    await user.type(await screen.findByLabelText('New password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByText(MESSAGES.passwordsMustMatch)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('sends the reset and shows the success message with a Log in button', async () => {
    const requests = mockApi({
      [`PUT /users/${ORG_ID}/${USER_ID}/reset-password-token`]: json(200, { message: 'Password updated.' }),
    });
    const { user } = renderRoute(path);
    await user.type(await screen.findByLabelText('New password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await screen.findByText(PASSWORD_RESET_DONE);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({
      new_password: 'secret1',
      confirm_password: 'secret1',
      reset_token: 'reset-token-1',
      user_id: USER_ID,
      organization: ORG_ID,
    });
  });

  it('on a 400 shows the server message, the resubmit link and the failed-attempt button', async () => {
    mockApi({
      [`PUT /users/${ORG_ID}/${USER_ID}/reset-password-token`]: json(400, {
        text: 'InvalidResetToken',
        message: 'This reset link has expired.',
      }),
    });
    const { user } = renderRoute(path);
    await user.type(await screen.findByLabelText('New password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await screen.findByText('This reset link has expired.');
    expect(screen.getByRole('link', { name: MESSAGES.resetResubmit })).toHaveAttribute(
      'href',
      '/request-password-reset',
    );
    expect(screen.getByRole('button', { name: MESSAGES.newPasswordButtonFailure })).toBeInTheDocument();
  });
});
