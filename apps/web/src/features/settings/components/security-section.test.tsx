import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getToken } from '../../../lib/session';
import { json, type RecordedRequest, renderRoute, signIn } from '../../../test/helpers';
import {
  findToast,
  mockSettingsApi,
  profiled,
  SETTINGS,
  setOrganizationWith,
  USER_PATH,
} from '../test/fixtures';

const SECURITY = `POST ${USER_PATH}/security`;
const session = (id: string, current: boolean, device: string | null = 'Chrome on macOS') => ({
  id,
  created_at: '2026-06-01T15:00:00.000Z',
  expires_at: '2026-06-11T03:00:00.000Z',
  device,
  current,
});
const off = {
  two_factor_enabled: false,
  two_factor_enabled_at: null,
  recovery_codes_left: 0,
  sessions: [session('s1', true), session('s2', false, 'Safari on iPhone')],
};
const on = {
  ...off,
  two_factor_enabled: true,
  two_factor_enabled_at: '2026-06-10T12:00:00.000Z',
  recovery_codes_left: 10,
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const region = () => screen.findByRole('region', { name: 'Security' });
const bodies = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === `${USER_PATH}/security`).map((r) => r.body);

describe('settings: security', () => {
  beforeEach(() => setOrganizationWith(true));

  it('turns two-factor sign-in on: QR code and key, a checked code, then the recovery codes once', async () => {
    const user = profiled();
    signIn(user);
    const requests = mockSettingsApi(user, {
      [`GET ${USER_PATH}/security`]: json(200, off),
      [SECURITY]: (r) =>
        (r.body as { action: string }).action === 'start_two_factor'
          ? json(200, {
              ...off,
              setup: {
                secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
                otpauth_url: 'otpauth://totp/x',
                qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
              },
            })
          : (r.body as { code: string }).code === '111111'
            ? json(400, {
                text: 'TwoFactorCodeIncorrect',
                message: 'That code is not correct or has already been used. Please try again.',
              })
            : json(200, { ...on, recovery_codes: CODES }),
    });
    const { user: u } = renderRoute(`${SETTINGS}/security`);
    const section = await region();
    await within(section).findByText(/Turn it on to be asked for a code/);
    await u.click(within(section).getByRole('button', { name: 'Turn on two-factor sign-in' }));

    expect(
      await within(section).findByRole('img', { name: 'QR code to scan with your authenticator app' }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(within(section).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();

    const field = within(section).getByLabelText('6-digit code');
    await u.type(field, 'abc');
    await u.click(within(section).getByRole('button', { name: 'Turn on' }));
    expect(
      within(section).getByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeInTheDocument();
    expect(bodies(requests)).toEqual([{ action: 'start_two_factor' }]);

    await u.clear(field);
    await u.type(field, '111111');
    await u.click(within(section).getByRole('button', { name: 'Turn on' }));
    await within(section).findByText(/That code is not correct/);

    await u.clear(field);
    await u.type(field, '123456');
    await u.click(within(section).getByRole('button', { name: 'Turn on' }));
    const codes = await within(section).findByRole('region', { name: 'Your recovery codes' });
    for (const c of CODES) expect(within(codes).getByText(c)).toBeInTheDocument();
    expect(bodies(requests).at(-1)).toEqual({ action: 'enable_two_factor', code: '123456' });
    expect(within(section).getByText(/10 of 10 recovery codes left/)).toBeInTheDocument();

    await u.click(within(section).getByRole('button', { name: 'I have saved my codes' }));
    expect(within(section).queryByText(CODES[0]!)).toBeNull();
  });

  it('turns it off with the password and a recovery code', async () => {
    const user = profiled();
    signIn(user);
    const requests = mockSettingsApi(user, {
      [`GET ${USER_PATH}/security`]: json(200, on),
      [SECURITY]: json(200, off),
    });
    const { user: u } = renderRoute(`${SETTINGS}/security`);
    const section = await region();
    await u.click(await within(section).findByRole('button', { name: 'Turn off two-factor sign-in' }));
    await u.type(within(section).getByLabelText('Password'), 'Secret123');
    await u.type(within(section).getByLabelText('Authentication code or recovery code'), 'ABCD0-EFGH0');
    await u.click(within(section).getByRole('button', { name: 'Turn off' }));
    expect(await findToast('status')).toHaveTextContent('Two-factor sign-in is off.');
    expect(bodies(requests)).toEqual([
      { action: 'disable_two_factor', password: 'Secret123', code: 'ABCD0-EFGH0' },
    ]);
    expect(within(section).getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeInTheDocument();
  });

  it('asks for the password before turning it off', async () => {
    const user = profiled();
    signIn(user);
    const requests = mockSettingsApi(user, { [`GET ${USER_PATH}/security`]: json(200, on) });
    const { user: u } = renderRoute(`${SETTINGS}/security`);
    const section = await region();
    await u.click(await within(section).findByRole('button', { name: 'Turn off two-factor sign-in' }));
    await u.type(within(section).getByLabelText('Authentication code or recovery code'), 'ABCD0-EFGH0');
    await u.click(within(section).getByRole('button', { name: 'Turn off' }));
    expect(within(section).getByText('Password is required')).toBeInTheDocument();
    expect(within(section).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(bodies(requests)).toEqual([]);
  });

  it('lists the signed-in devices and signs out of the others, keeping this device signed in', async () => {
    const user = profiled();
    signIn(user);
    mockSettingsApi(user, {
      [`GET ${USER_PATH}/security`]: json(200, off),
      [SECURITY]: json(200, { ...off, sessions: [session('s3', true)], token: 'new-token-for-this-device' }),
    });
    const { user: u } = renderRoute(`${SETTINGS}/security`);
    const section = await region();
    const list = await within(section).findByRole('list');
    expect(within(list).getByText('Safari on iPhone')).toBeInTheDocument();
    expect(within(list).getByText('This device')).toBeInTheDocument();
    await u.click(within(section).getByRole('button', { name: 'Sign out of all other devices' }));
    expect(await findToast('status')).toHaveTextContent('You are signed out of every other device.');
    expect(within(list).queryByText('Safari on iPhone')).toBeNull();
    expect(getToken()).toBe('new-token-for-this-device');
    expect(within(section).getByRole('button', { name: 'Sign out of all other devices' })).toBeDisabled();
  });
});
