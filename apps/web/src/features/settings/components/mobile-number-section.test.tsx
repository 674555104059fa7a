import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, renderRoute, signIn } from '../../../test/helpers';
import {
  findToast,
  mockSettingsApi,
  profiled,
  SETTINGS,
  setOrganizationWith,
  USER_PATH,
} from '../test/fixtures';

const region = () => screen.findByRole('region', { name: 'Mobile Number' });
const digitBox = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 5` });

describe('mobile number', () => {
  beforeEach(() => setOrganizationWith(true));

  it('checks the number and keeps the save disabled while unchanged and verified', async () => {
    const user = profiled({ mobile_number: '3125550188', mobile_verified: true });
    signIn(user);
    mockSettingsApi(user);
    const { user: u } = renderRoute(`${SETTINGS}/mobile`);
    const section = await region();
    expect(within(section).getByText('Number Verified')).toBeInTheDocument();
    const input = within(section).getByLabelText('Mobile number');
    expect(input).toHaveValue('(312) 555-0188');
    const save = within(section).getByRole('button', { name: 'Save Mobile Number' });
    expect(save).toBeDisabled();
    await u.clear(input);
    await u.type(input, '1125550188');
    await u.tab();
    expect(input).toHaveValue('(112) 555-0188');
    expect(
      within(section).getByText('The number you entered is incorrect. Please try again.'),
    ).toBeInTheDocument();
    expect(save).toBeDisabled();
  });

  it('saves a new number, then verifies it with a code sent on Get code and sent back on the fifth digit', async () => {
    const user = profiled({ mobile_number: '3125550188', mobile_verified: true });
    signIn(user);
    const unverified = { ...user, mobile_number: '4155550123', mobile_verified: false };
    let codeTries = 0;
    const requests = mockSettingsApi(user, {
      [`PUT ${USER_PATH}`]: json(200, unverified),
      [`POST ${USER_PATH}/send-mobile-verification`]: json(200, {
        message: 'A verification code was sent to your mobile number.',
        expires_at: '2026-01-01T00:10:00.000Z',
      }),
      [`POST ${USER_PATH}/mobile-verify`]: () => {
        codeTries += 1;
        return codeTries === 1
          ? json(400, {
              text: 'VerificationCodeIncorrect',
              message: 'The code you entered is incorrect. Please try again.',
            })
          : json(200, { ...unverified, mobile_verified: true });
      },
    });
    const { user: u } = renderRoute(`${SETTINGS}/mobile`);
    const section = await region();
    const input = within(section).getByLabelText('Mobile number');
    await u.clear(input);
    await u.type(input, '+1 415 555 0123');
    expect(input).toHaveValue('(415) 555-0123');
    await u.click(within(section).getByRole('button', { name: 'Save Mobile Number' }));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ mobile_number: '4155550123' });

    const panel = await screen.findByRole('dialog', { name: 'Verify Your Number' });
    expect(within(panel).getByLabelText('Mobile number')).toHaveValue('(415) 555-0123');
    await u.click(within(panel).getByRole('button', { name: 'Get code' }));
    expect(requests.find((r) => r.path.endsWith('/send-mobile-verification'))?.body).toEqual({
      mobile_number: '4155550123',
    });
    await waitFor(() => expect(digitBox(1)).toHaveFocus());

    await u.keyboard('11111');
    const error = await within(panel).findByRole('alert');
    expect(error).toHaveTextContent('The code you entered is incorrect. Please try again.');
    expect(requests.filter((r) => r.path.endsWith('/mobile-verify'))[0]?.body).toEqual({
      code: '11111',
      mobile_number: '4155550123',
    });
    await u.click(within(error).getByRole('button', { name: 'Dismiss' }));
    for (let n = 1; n <= 5; n += 1) expect(digitBox(n)).toHaveValue('');

    await u.click(digitBox(1));
    await u.paste('42170');
    expect(await findToast('status')).toHaveTextContent('Successfully verified your mobile number');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(section).getByText('Number Verified')).toBeInTheDocument();
    expect(requests.filter((r) => r.path.endsWith('/mobile-verify'))[1]?.body).toMatchObject({
      code: '42170',
    });
  });

  it('clears the number on dismissing a number error, toggles editing and warns when closed unfinished', async () => {
    const user = profiled({ mobile_number: '3125550188', mobile_verified: false });
    signIn(user);
    mockSettingsApi(user, {
      [`POST ${USER_PATH}/send-mobile-verification`]: json(400, {
        text: 'PhoneNumberInvalid',
        message: 'Phone number is not correct',
      }),
    });
    const { user: u } = renderRoute(`${SETTINGS}/mobile`);
    const section = await region();
    await u.click(within(section).getByRole('button', { name: 'Verify Your Number' }));
    const panel = await screen.findByRole('dialog', { name: 'Verify Your Number' });
    const number = within(panel).getByLabelText('Mobile number');
    expect(number).toHaveAttribute('readonly');
    await u.click(within(panel).getByRole('button', { name: 'New Number' }));
    expect(number).not.toHaveAttribute('readonly');
    await u.type(number, '9');
    await u.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(number).toHaveValue('(312) 555-0188');
    expect(number).toHaveAttribute('readonly');

    await u.click(within(panel).getByRole('button', { name: 'Get code' }));
    const error = await within(panel).findByRole('alert');
    expect(error).toHaveTextContent('Please enter a valid phone number.');
    await u.click(within(error).getByRole('button', { name: 'Dismiss' }));
    expect(number).toHaveValue('');
    expect(number).not.toHaveAttribute('readonly');

    await u.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(await findToast('alert')).toHaveTextContent('Verify your number to receive real time updates');
  });

  it('saves without verification where the organization does not verify numbers', async () => {
    setOrganizationWith(false);
    const user = profiled({ mobile_number: null, mobile_verified: false });
    signIn(user);
    mockSettingsApi(user, {
      [`PUT ${USER_PATH}`]: json(200, { ...user, mobile_number: '4155550123' }),
    });
    const { user: u } = renderRoute(`${SETTINGS}/mobile`);
    const section = await region();
    expect(within(section).queryByText('Verify Your Number')).not.toBeInTheDocument();
    await u.type(within(section).getByLabelText('Mobile number'), '4155550123');
    await u.click(within(section).getByRole('button', { name: 'Save Mobile Number' }));
    expect(await findToast('status')).toHaveTextContent('Mobile number updated successfully');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
