import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resolvePostLoginPath } from '../features/auth/post-auth-route';
import { QUEUE, queuePage, STAFF_ID, signInStaff } from '../features/care/test-fixtures';
import { currentUrl, json, mockApi, renderRoute, setOrganization, signIn } from '../test/helpers';

beforeEach(() => setOrganization());

describe('who reaches the care workspace', () => {
  it("tells a patient who opens /care that the area is the clinic's", async () => {
    signIn();
    const requests = mockApi({});
    const { router } = renderRoute('/care');
    await screen.findByRole('heading', { level: 1, name: "This area is for the clinic's staff" });
    expect(currentUrl(router)).toBe('/care/staff-only');
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toBeInTheDocument();
    // nothing of the clinic's was asked for
    expect(requests.filter((r) => r.path.startsWith('/care/'))).toHaveLength(0);
  });

  it("sends staff who open a patient's page to the queue", async () => {
    signInStaff('care_team');
    mockApi({ [QUEUE]: json(200, queuePage([])) });
    const { router } = renderRoute(`/dashboard/${STAFF_ID}/profile`);
    await screen.findByRole('heading', { level: 1, name: 'Review queue' });
    expect(currentUrl(router)).toBe('/care');
    expect(screen.getByText('Care coordinator')).toBeInTheDocument();
  });

  it('sends signed-in staff on /login to the queue', async () => {
    signInStaff();
    mockApi({ [QUEUE]: json(200, queuePage([])) });
    const { router } = renderRoute('/login');
    await waitFor(() => expect(currentUrl(router)).toBe('/care'));
  });

  it('sends a visitor who is not signed in to login, and back to /care after', async () => {
    mockApi({});
    const { router } = renderRoute('/care');
    await waitFor(() => expect(currentUrl(router)).toBe('/login?redirectPath=%2Fcare'));
  });
});

describe('where staff land after login', () => {
  it('is the queue, or the page of the workspace they were going to', async () => {
    const user = { _id: STAFF_ID, role: 'physician' as const };
    expect(await resolvePostLoginPath({ user })).toBe('/care');
    expect(await resolvePostLoginPath({ user, redirectPath: '/care/patients/abc?visit=1' })).toBe(
      '/care/patients/abc?visit=1',
    );
    // a patient page is no place for staff
    expect(await resolvePostLoginPath({ user, redirectPath: '/orders' })).toBe('/care');
    expect(await resolvePostLoginPath({ user: { _id: STAFF_ID, role: 'patient' } })).toBe(
      `/dashboard/${STAFF_ID}/profile`,
    );
  });
});
