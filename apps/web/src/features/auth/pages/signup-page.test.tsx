import { MESSAGES } from '@portal/domain/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getStoredUser, getToken } from '../../../lib/session';
import {
  currentUrl,
  json,
  mockApi,
  ORG_ID,
  patient,
  renderRoute,
  setOrganization,
  tokenExpiringIn,
  USER_ID,
} from '../../../test/helpers';

type Setup = ReturnType<typeof renderRoute>;

async function fillValidForm({ user }: Setup) {
  await user.type(await screen.findByLabelText('First name'), '  mary-jane ');
  await user.type(screen.getByLabelText('Last name'), "o'neil");
  await user.type(screen.getByLabelText('Email'), ' Mary.Jane@Example.COM ');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.click(screen.getByRole('checkbox', { name: /I agree to the Terms of Use/ }));
}

describe('Signup page', () => {
  beforeEach(() => setOrganization());

  it('keeps Start My Visit disabled while the form is invalid', async () => {
    const setup = renderRoute('/get-started');
    const submit = await screen.findByRole('button', { name: 'Start My Visit' });
    expect(submit).toBeDisabled();

    await setup.user.type(screen.getByLabelText('First name'), 'Jane');
    await setup.user.type(screen.getByLabelText('Last name'), 'Doe');
    await setup.user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await setup.user.type(screen.getByLabelText('Password'), 'secret1');
    expect(submit).toBeDisabled(); // terms not accepted yet

    const terms = screen.getByRole('checkbox', { name: /I agree to the Terms of Use/ });
    await setup.user.click(terms);
    expect(submit).toBeEnabled();

    await setup.user.clear(screen.getByLabelText('Last name'));
    expect(submit).toBeDisabled();
    expect(screen.getByText(MESSAGES.lastNameRequired)).toBeInTheDocument();
  });

  it('shows a field error once the field is touched', async () => {
    const { user } = renderRoute('/get-started');
    await user.click(await screen.findByLabelText('First name'));
    expect(screen.queryByText(MESSAGES.firstNameRequired)).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText(MESSAGES.firstNameRequired)).toBeInTheDocument();
  });

  it('sends title-cased names, a lowercased email, the organization and accepted terms', async () => {
    const token = tokenExpiringIn(3600);
    const requests = mockApi({ 'POST /v2/users': json(201, { token, user: patient() }) });
    window.sessionStorage.setItem('portal:landing-traits', JSON.stringify({ utm_source: 'newsletter' }));
    // biome-ignore lint/suspicious/noDocumentCookie: the ad cookie the page reads
    document.cookie = '_fbp=fb.1.123.456';
    const setup = renderRoute('/get-started?gclid=G-1');
    await fillValidForm(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Start My Visit' }));

    await waitFor(() => expect(currentUrl(setup.router)).toBe(`/dashboard/${USER_ID}/profile`));
    const create = requests.find((r) => r.path === '/v2/users');
    expect(create?.body).toEqual({
      first_name: 'Mary-Jane',
      last_name: "O'Neil",
      email: 'mary.jane@example.com',
      password: 'secret1',
      organization: ORG_ID,
      accepted_terms: true,
      analytics_traits: { utm_source: 'newsletter', gclid: 'G-1', fbp: 'fb.1.123.456' },
    });
    expect(getToken()).toBe(token);
    expect(getStoredUser()?._id).toBe(USER_ID);
    // biome-ignore lint/suspicious/noDocumentCookie: removes the cookie set above
    document.cookie = '_fbp=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('shows the inline duplicate-email message on EmailAlreadyExists', async () => {
    mockApi({
      'POST /v2/users': json(400, {
        text: 'EmailAlreadyExists',
        message: MESSAGES.patientEmailAlreadyExists,
      }),
    });
    const setup = renderRoute('/get-started');
    await fillValidForm(setup);
    await setup.user.click(screen.getByRole('button', { name: 'Start My Visit' }));

    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription(MESSAGES.emailAlreadyExists));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(getToken()).toBeNull();

    await setup.user.type(email, 'x');
    expect(screen.queryByText(MESSAGES.emailAlreadyExists)).not.toBeInTheDocument();
  });

  it('opens the telehealth consent in a side panel', async () => {
    const requests = mockApi({
      [`GET /organization/${ORG_ID}/policy/consent`]: json(200, {
        section: 'consent',
        title: 'Telehealth Consent',
        body: 'First paragraph.\n\nSecond paragraph.',
      }),
    });
    const { user } = renderRoute('/get-started');
    const terms = await screen.findByRole('checkbox', { name: /I agree to the Terms of Use/ });
    await user.click(screen.getByRole('link', { name: 'Telehealth Consent' }));

    const panel = await screen.findByRole('dialog', { name: 'Telehealth Consent' });
    await within(panel).findByText('First paragraph.');
    expect(within(panel).getByText('Second paragraph.')).toBeInTheDocument();
    expect(requests.some((r) => r.path === `/organization/${ORG_ID}/policy/consent`)).toBe(true);
    // following the link does not tick the box
    expect(terms).not.toBeChecked();

    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the policy failure message when a policy cannot be loaded', async () => {
    mockApi({ [`GET /organization/${ORG_ID}/policy/tos`]: json(500, { text: 'X', message: 'Y' }) });
    const { user } = renderRoute('/get-started');
    await user.click(await screen.findByRole('link', { name: 'Terms of Use' }));
    const panel = await screen.findByRole('dialog', { name: 'Terms of Use' });
    await within(panel).findByText(MESSAGES.policyLoad);
  });

  it('links to login keeping the query', async () => {
    renderRoute('/get-started?utm_source=ad');
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?utm_source=ad',
    );
  });
});
