import type { CareStaffList } from '@portal/domain/contracts/care';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentUrl, json, mockApi, ORG_ID, renderRoute, setOrganization } from '../../../test/helpers';
import { STAFF_ID, signInStaff } from '../test-fixtures';

const STAFF = `GET /care/${ORG_ID}/staff`;
const INVITE = `POST /care/${ORG_ID}/staff/invitations`;
const COORDINATOR_ID = '65a1b2c3d4e5f6a7b8c9d0f2';
const DEACTIVATE = `POST /care/${ORG_ID}/staff/${COORDINATOR_ID}/deactivate`;

function staffList(overrides: Partial<CareStaffList> = {}): CareStaffList {
  return {
    items: [
      {
        _id: STAFF_ID,
        first_name: 'Grace',
        last_name: 'House',
        email: 'admin@evergreen.test',
        role: 'admin',
        active: true,
        licensed_states: [],
      },
      {
        _id: COORDINATOR_ID,
        first_name: 'Jordan',
        last_name: 'Lee',
        email: 'care@evergreen.test',
        role: 'care_team',
        active: true,
        licensed_states: [],
      },
      {
        _id: '65a1b2c3d4e5f6a7b8c9d0f3',
        first_name: 'Pat',
        last_name: 'Morgan',
        email: 'physician@evergreen.test',
        role: 'physician',
        active: false,
        licensed_states: ['CA', 'OR'],
      },
    ],
    invitations: [
      {
        _id: '65a1b2c3d4e5f6a7b8c9d0f4',
        email: 'new@evergreen.test',
        role: 'care_team',
        first_name: 'Casey',
        last_name: 'Rivera',
        expires_at: '2026-12-02T12:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

beforeEach(() => setOrganization());

describe('the staff page', () => {
  it('lists staff with role, licensed states and status, and the open invitations; each links to its trail', async () => {
    signInStaff('admin');
    mockApi({ [STAFF]: json(200, staffList()) });
    renderRoute('/care/staff');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5);
    const jordan = within(screen.getByRole('row', { name: /Jordan Lee/ }));
    expect(jordan.getByText('care@evergreen.test')).toBeInTheDocument();
    expect(jordan.getByText('Care coordinator')).toBeInTheDocument();
    expect(jordan.getByText('Active')).toBeInTheDocument();
    expect(jordan.getByRole('link', { name: 'Audit trail of Jordan Lee' })).toHaveAttribute(
      'href',
      `/care/audit?actor=${COORDINATOR_ID}`,
    );
    const pat = within(screen.getByRole('row', { name: /Pat Morgan/ }));
    expect(pat.getByText('CA, OR')).toBeInTheDocument();
    expect(pat.getByText('Deactivated')).toBeInTheDocument();
    expect(pat.queryByRole('button', { name: /Deactivate/ })).toBeNull();
    const casey = within(screen.getByRole('row', { name: /Casey Rivera/ }));
    expect(casey.getByText('Invited')).toBeInTheDocument();
    // an admin cannot deactivate themself: no button on their own row
    const me = within(screen.getByRole('row', { name: /Grace House/ }));
    expect(me.getByText('(you)')).toBeInTheDocument();
    expect(me.queryByRole('button', { name: /Deactivate/ })).toBeNull();
  });

  it('tells anyone but an admin that only an admin manages staff, and reads nothing', async () => {
    signInStaff('care_team');
    const requests = mockApi({ [STAFF]: json(200, staffList()) });
    renderRoute('/care/staff');
    await screen.findByRole('heading', { name: 'Only an admin can manage staff' });
    expect(requests.filter((r) => r.path.includes('/staff'))).toHaveLength(0);
  });

  it('invites a physician: checked first, then sent, the invitation listed and announced', async () => {
    signInStaff('admin');
    let list = staffList({ invitations: [] });
    const requests = mockApi({
      [STAFF]: () => json(200, list),
      [INVITE]: (request) => {
        const body = request.body as { email: string; first_name: string; last_name: string };
        list = {
          ...list,
          invitations: [
            {
              _id: '65a1b2c3d4e5f6a7b8c9d0f5',
              email: body.email,
              role: 'physician',
              first_name: body.first_name,
              last_name: body.last_name,
              expires_at: '2026-12-02T12:00:00.000Z',
            },
          ],
        };
        return json(201, {
          _id: '65a1b2c3d4e5f6a7b8c9d0f5',
          email: body.email,
          role: 'physician',
          expires_at: '2026-12-02T12:00:00.000Z',
        });
      },
    });
    const { user } = renderRoute('/care/staff');
    await user.click(await screen.findByRole('button', { name: 'Invite' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Invite a staff member' }));
    await user.selectOptions(dialog.getByLabelText('Role'), 'physician');
    await user.type(dialog.getByLabelText('E-mail'), 'not-an-email');
    await user.click(dialog.getByRole('button', { name: 'Send invitation' }));
    expect(dialog.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(dialog.getByText('Enter the first name.')).toBeInTheDocument();
    expect(dialog.getByText('Enter the last name.')).toBeInTheDocument();
    expect(dialog.getByText('Enter at least one licensed state.')).toBeInTheDocument();
    expect(dialog.getByText('Enter the NPI number (10 digits).')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.clear(dialog.getByLabelText('E-mail'));
    await user.type(dialog.getByLabelText('E-mail'), 'Nadia@Evergreen.test');
    await user.type(dialog.getByLabelText('First name'), 'Nadia');
    await user.type(dialog.getByLabelText('Last name'), 'Novak');
    await user.type(dialog.getByLabelText('Licensed states'), 'ca, or');
    await user.type(dialog.getByLabelText('NPI number'), '1234567893');
    await user.click(dialog.getByRole('button', { name: 'Send invitation' }));

    await screen.findByText('Invitation sent to nadia@evergreen.test.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      email: 'nadia@evergreen.test',
      first_name: 'Nadia',
      last_name: 'Novak',
      role: 'physician',
      licensed_states: ['CA', 'OR'],
      npi_num: '1234567893',
    });
    await screen.findByRole('row', { name: /Nadia Novak/ });
  });

  it("shows the server's refusal on the field it names", async () => {
    signInStaff('admin');
    mockApi({
      [STAFF]: json(200, staffList()),
      [INVITE]: json(400, {
        text: 'EmailAlreadyExists',
        message: 'An account with this e-mail already exists.',
      }),
    });
    const { user } = renderRoute('/care/staff');
    await user.click(await screen.findByRole('button', { name: 'Invite' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('E-mail'), 'care@evergreen.test');
    await user.type(dialog.getByLabelText('First name'), 'Jordan');
    await user.type(dialog.getByLabelText('Last name'), 'Lee');
    await user.click(dialog.getByRole('button', { name: 'Send invitation' }));
    await dialog.findByText('An account with this e-mail already exists.');
    expect(dialog.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
  });

  it('deactivates a member after a confirmation naming them', async () => {
    signInStaff('admin');
    let list = staffList();
    const requests = mockApi({
      [STAFF]: () => json(200, list),
      [DEACTIVATE]: () => {
        list = {
          ...list,
          items: list.items.map((s) => (s._id === COORDINATOR_ID ? { ...s, active: false } : s)),
        };
        return json(200, { _id: COORDINATOR_ID, active: false });
      },
    });
    const { user, router } = renderRoute('/care/staff');
    await user.click(await screen.findByRole('button', { name: 'Deactivate Jordan Lee' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Deactivate Jordan Lee?' }));
    expect(dialog.getByText(/signed out everywhere at once/)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(dialog.getByRole('button', { name: 'Deactivate' }));
    await screen.findByText('Jordan Lee was deactivated.');
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `/care/${ORG_ID}/staff/${COORDINATOR_ID}/deactivate`,
    ]);
    await waitFor(() =>
      expect(
        within(screen.getByRole('row', { name: /Jordan Lee/ })).getByText('Deactivated'),
      ).toBeInTheDocument(),
    );
    expect(currentUrl(router)).toBe('/care/staff');
  });
});
