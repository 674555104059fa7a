import { MESSAGES } from '@portal/domain/messages';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getToken } from '../../../lib/session';
import {
  currentUrl,
  json,
  mockApi,
  ORG_ID,
  patient,
  renderRoute,
  setOrganization,
  signIn,
  tokenExpiringIn,
  USER_ID,
} from '../../../test/helpers';

describe('Login page', () => {
  beforeEach(() => setOrganization());

  it('shows each validation message after the field is touched', async () => {
    const { user } = renderRoute('/login');
    const email = await screen.findByLabelText('Email');
    const password = screen.getByLabelText('Password');

    await user.click(email);
    await user.tab();
    await screen.findByText(MESSAGES.emailInvalid);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(MESSAGES.emailInvalid);

    await user.click(password);
    await user.tab();
    await screen.findByText(MESSAGES.passwordRequired);

    await user.type(password, 'abc');
    expect(screen.getByText(MESSAGES.passwordTooShort)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.passwordRequired)).not.toBeInTheDocument();

    await user.type(email, 'jane@example.com');
    expect(screen.queryByText(MESSAGES.emailInvalid)).not.toBeInTheDocument();
  });

  it('shows every message on submit and sends nothing while invalid', async () => {
    const requests = mockApi({});
    const { user } = renderRoute('/login');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(screen.getByText(MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('on a 401 resets the form and shows both invalid-credential sentences', async () => {
    const requests = mockApi({
      [`POST /login/${ORG_ID}`]: json(401, { text: 'InvalidCredentials', message: 'Invalid credentials' }),
    });
    const { user } = renderRoute('/login');
    await user.type(await screen.findByLabelText('Email'), 'Jane@Example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await screen.findByText(MESSAGES.invalidCredentials);
    expect(screen.getByText(MESSAGES.invalidCredentialsHelp)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    // the reset form does not greet the patient with validation errors
    expect(screen.queryByText(MESSAGES.passwordRequired)).not.toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ email: 'jane@example.com', password: 'wrong-password' });
  });

  it('shows the server message on 429 and the generic message when the server is down', async () => {
    let status = 429;
    mockApi({
      [`POST /login/${ORG_ID}`]: () =>
        status === 429
          ? json(429, { text: 'TooManyRequests', message: 'Too many attempts. Try again in a minute.' })
          : json(500, { text: 'InternalError', message: 'boom' }),
    });
    const { user } = renderRoute('/login');
    await user.type(await screen.findByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('Too many attempts. Try again in a minute.');

    status = 500;
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText(MESSAGES.generic);
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
  });

  it('shows the session-expired alert with ?expired=true', async () => {
    renderRoute('/login?expired=true');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.sessionExpired);
  });

  it('shows no session-expired alert without the parameter', async () => {
    renderRoute('/login');
    await screen.findByLabelText('Email');
    expect(screen.queryByText(MESSAGES.sessionExpired)).not.toBeInTheDocument();
  });

  it('stores the session and goes to redirectPath, else the profile dashboard', async () => {
    const token = tokenExpiringIn(3600);
    const requests = mockApi({ [`POST /login/${ORG_ID}`]: json(200, { token, user: patient() }) });
    const { user, router } = renderRoute('/login?redirectPath=%2Fnotifications');
    await user.type(await screen.findByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(currentUrl(router)).toBe('/notifications'));
    expect(getToken()).toBe(token);
    expect(requests[0]?.headers.organization).toBe(ORG_ID);
  });

  it('goes to the profile dashboard without a redirectPath', async () => {
    mockApi({ [`POST /login/${ORG_ID}`]: json(200, { token: tokenExpiringIn(3600), user: patient() }) });
    const { user, router } = renderRoute('/login');
    await user.type(await screen.findByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/dashboard/${USER_ID}/profile`));
    await screen.findByRole('heading', { name: 'Welcome, Jane' });
  });

  it('asks for the authentication code when two-factor sign-in is on, and keeps asking after a wrong one', async () => {
    const token = tokenExpiringIn(3600);
    const requests = mockApi({
      [`POST /login/${ORG_ID}`]: (r) => {
        const code = (r.body as { code?: string }).code;
        if (!code)
          return json(403, {
            text: 'TwoFactorRequired',
            message: 'Enter the 6-digit code from your authenticator app.',
          });
        if (code !== '123456')
          return json(401, {
            text: 'TwoFactorCodeIncorrect',
            message: 'That code is not correct or has already been used. Please try again.',
          });
        return json(200, { token, user: patient() });
      },
    });
    const { user, router } = renderRoute('/login');
    await user.type(await screen.findByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const field = await screen.findByLabelText('Authentication code');
    expect(field).toHaveAccessibleDescription(
      'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
    );
    expect(screen.queryByText(MESSAGES.invalidCredentials)).not.toBeInTheDocument();
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('That code is not correct or has already been used. Please try again.');
    expect(screen.queryByText(MESSAGES.invalidCredentials)).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/dashboard/${USER_ID}/profile`));
    expect(getToken()).toBe(token);
    expect(requests.filter((r) => r.path === `/login/${ORG_ID}`).map((r) => r.body)).toEqual([
      { email: 'jane@example.com', password: 'secret1' },
      { email: 'jane@example.com', password: 'secret1', code: '000000' },
      { email: 'jane@example.com', password: 'secret1', code: '123456' },
    ]);
  });

  it('ignores a redirectPath to another site', async () => {
    mockApi({ [`POST /login/${ORG_ID}`]: json(200, { token: tokenExpiringIn(3600), user: patient() }) });
    const { user, router } = renderRoute('/login?redirectPath=%2F%2Fevil.example%2Fx');
    await user.type(await screen.findByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/dashboard/${USER_ID}/profile`));
  });

  it('uses the token parameter as the password and submits by itself', async () => {
    const requests = mockApi({
      [`POST /login/${ORG_ID}`]: json(200, { token: tokenExpiringIn(3600), user: patient() }),
    });
    const { router } = renderRoute('/login?email=Jane%40Example.com&token=one-time-123');
    await waitFor(() => expect(currentUrl(router)).toBe(`/dashboard/${USER_ID}/profile`));
    expect(requests.filter((r) => r.path.startsWith('/login/'))).toHaveLength(1);
    expect(requests[0]?.body).toEqual({ email: 'jane@example.com', password: 'one-time-123' });
  });

  it('routes a lab product to /signup/lab-visit and a supplement to its protocol preference', async () => {
    mockApi({
      [`POST /login/${ORG_ID}`]: json(200, { token: tokenExpiringIn(3600), user: patient() }),
      'GET /v2/products/lab1/public': json(200, { _id: 'lab1', type: 'lab' }),
      'GET /v2/products/sup1/public': json(200, { _id: 'sup1', type: 'supplement' }),
    });
    const lab = renderRoute('/product/login/lab1');
    await lab.user.type(await screen.findByLabelText('Email'), 'jane@example.com');
    await lab.user.type(screen.getByLabelText('Password'), 'secret1');
    await lab.user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentUrl(lab.router)).toBe('/signup/lab-visit'));
    lab.unmount();
    window.localStorage.clear();

    const supplement = renderRoute('/login?product=sup1');
    await supplement.user.type(await screen.findByLabelText('Email'), 'jane@example.com');
    await supplement.user.type(screen.getByLabelText('Password'), 'secret1');
    await supplement.user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentUrl(supplement.router)).toBe('/signup/protocol-preference/sup1'));
  });

  it('falls through to the dashboard when the product lookup fails', async () => {
    mockApi({ [`POST /login/${ORG_ID}`]: json(200, { token: tokenExpiringIn(3600), user: patient() }) });
    const { user, router } = renderRoute('/product/login/unknown');
    await user.type(await screen.findByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/dashboard/${USER_ID}/profile`));
  });

  it('sends a signed-in patient on from the general login page', async () => {
    signIn();
    const { router } = renderRoute('/login');
    await waitFor(() => expect(currentUrl(router)).toBe(`/dashboard/${USER_ID}/profile`));
  });

  it('links to password reset and to signup, keeping the query', async () => {
    renderRoute('/product/login/abc?utm_source=mail');
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/request-password-reset',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/get-started?utm_source=mail&product=abc',
    );
  });
});
