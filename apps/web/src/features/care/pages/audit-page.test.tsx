import type { CareAuditPage } from '@portal/domain/contracts/care';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockApi, ORG_ID, renderRoute, setOrganization } from '../../../test/helpers';
import { hoursAgo, PATIENT_ID, STAFF_ID, signInStaff } from '../test-fixtures';

const AUDIT = `GET /care/${ORG_ID}/audit`;
const CARE_ID = '65a1b2c3d4e5f6a7b8c9d0f2';

type Row = CareAuditPage['items'][number];
const row = (overrides: Partial<Row> = {}): Row => ({
  at: hoursAgo(1),
  actor: { _id: CARE_ID, first_name: 'Jordan', last_name: 'Lee', role: 'care_team' },
  patient: PATIENT_ID,
  patient_name: 'Ada Lovelace',
  action: 'GET /care/:org/patients/:id/chart',
  outcome: 'allowed',
  status_code: 200,
  ...overrides,
});

beforeEach(() => setOrganization());

describe('the audit trail', () => {
  it("shows a patient's trail in words, newest first, and loads more by the server's cursor", async () => {
    signInStaff('admin');
    const requests = mockApi({
      [AUDIT]: (request) =>
        request.path.includes('cursor=')
          ? json(200, {
              items: [row({ at: hoursAgo(30), action: 'GET /v2/users/:id/subscriptions', actor: null })],
              next_cursor: null,
            })
          : json(200, {
              items: [
                row({
                  action: 'POST /care/:org/visits/:id/approve',
                  actor: { ...row().actor!, role: 'physician' },
                }),
                row({ at: hoursAgo(2), outcome: 'denied', status_code: 403 }),
              ],
              next_cursor: 'next-page',
            }),
    });
    const { user } = renderRoute(`/care/audit?patient=${PATIENT_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Audit trail of Ada Lovelace' });
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Approved a visit')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Physician')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Opened the chart')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Care coordinator')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Denied')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Patient chart' })).toHaveAttribute(
      'href',
      `/care/patients/${PATIENT_ID}`,
    );
    expect(requests.find((r) => r.path.includes('/audit'))?.path).toBe(
      `/care/${ORG_ID}/audit?patient=${PATIENT_ID}&limit=50`,
    );

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Viewed users subscriptions');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(requests.at(-1)?.path).toContain('cursor=next-page');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("shows a staff member's trail with a link to each patient's chart", async () => {
    signInStaff('admin');
    mockApi({
      [AUDIT]: json(200, {
        items: [row(), row({ patient: null, patient_name: null, action: 'GET /care/:org/queue' })],
        next_cursor: null,
      }),
    });
    renderRoute(`/care/audit?actor=${CARE_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Audit trail of Jordan Lee' });
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      `/care/patients/${PATIENT_ID}`,
    );
    expect(screen.getByText('Viewed the review queue')).toBeInTheDocument();
  });

  it('says when nothing is recorded, and is for admins only', async () => {
    signInStaff('admin');
    mockApi({ [AUDIT]: json(200, { items: [], next_cursor: null }) });
    const first = renderRoute(`/care/audit?actor=${STAFF_ID}`);
    await screen.findByRole('heading', { name: 'Nothing recorded yet' });
    first.unmount();

    signInStaff('physician');
    const requests = mockApi({ [AUDIT]: json(200, { items: [], next_cursor: null }) });
    renderRoute(`/care/audit?patient=${PATIENT_ID}`);
    await screen.findByRole('heading', { name: 'Only an admin can read the audit trail' });
    expect(requests.filter((r) => r.path.includes('/audit'))).toHaveLength(0);
  });
});
