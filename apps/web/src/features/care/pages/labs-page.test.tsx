import type { CareLabListItem, CareLabPage } from '@portal/domain/contracts/care-labs';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  json,
  mockApi,
  ORG_ID,
  type RecordedRequest,
  renderRoute,
  setOrganization,
} from '../../../test/helpers';
import { hoursAgo, PATIENT_ID, signInStaff } from '../test-fixtures';

export const REPORT_ID = '65a1b2c3d4e5f6a7b8c9d0d1';
const LIST = `GET /care/${ORG_ID}/labs`;

function item(overrides: Partial<CareLabListItem> = {}): CareLabListItem {
  return {
    _id: REPORT_ID,
    patient: {
      _id: PATIENT_ID,
      first_name: 'Ada',
      last_name: 'Lovelace',
      sex: 'female',
      birthday: '1990-01-01',
    },
    panel: { _id: '65a1b2c3d4e5f6a7b8c9d0d2', name: 'Longevity Panel' },
    status: 'created',
    status_changed_at: hoursAgo(5),
    ordered_at: hoursAgo(30),
    has_requisition: false,
    has_results_pdf: false,
    markers_entered: 0,
    ...overrides,
  };
}

const page = (items: CareLabListItem[]): CareLabPage => ({ items, next_cursor: null });

/** The server's reports, answered by the status asked for. */
function clinic(reports: CareLabListItem[]) {
  return mockApi({
    [LIST]: (request: RecordedRequest) => {
      const status = new URL(request.path, 'http://x').searchParams.get('status');
      return json(200, page(reports.filter((r) => r.status === status)));
    },
  });
}

beforeEach(() => setOrganization());

describe('the labs page', () => {
  it('lists the created orders first, with patient, panel, files and markers, and moves by tab', async () => {
    signInStaff('care_team');
    const requests = clinic([
      item(),
      item({
        _id: '65a1b2c3d4e5f6a7b8c9d0d3',
        status: 'received',
        patient: { _id: PATIENT_ID, first_name: 'Alan', last_name: 'Turing', sex: 'male', birthday: null },
        has_requisition: true,
        has_results_pdf: true,
        markers_entered: 12,
      }),
    ]);
    const { user } = renderRoute('/care/labs');
    await screen.findByRole('heading', { level: 1, name: 'Labs' });
    expect(screen.getByRole('link', { name: 'Labs' })).toHaveAttribute('href', '/care/labs');
    const created = screen.getByRole('tab', { name: 'Created' });
    expect(created).toHaveAttribute('aria-selected', 'true');
    const rows = await screen.findAllByRole('row');
    const row = within(rows[1] as HTMLElement);
    expect(row.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      `/care/patients/${PATIENT_ID}`,
    );
    expect(row.getByRole('link', { name: 'Longevity Panel, Ada Lovelace' })).toHaveAttribute(
      'href',
      `/care/labs/${REPORT_ID}`,
    );
    expect(row.getByText('None')).toBeInTheDocument();
    expect(requests[requests.length - 1]?.path).toContain('status=created');

    // arrows move between tabs like the fulfilment page's
    created.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    const received = screen.getByRole('tab', { name: 'Received' });
    expect(received).toHaveAttribute('aria-selected', 'true');
    expect(received).toHaveFocus();
    const turing = await screen.findByRole('link', { name: 'Alan Turing' });
    const receivedRow = within(turing.closest('tr') as HTMLElement);
    expect(receivedRow.getByText('Requisition')).toBeInTheDocument();
    expect(receivedRow.getByText('Results PDF')).toBeInTheDocument();
    expect(receivedRow.getByText('12')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ada Lovelace' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Reviewed' }));
    await screen.findByText('No lab orders reviewed');
  });

  it('shows the error with Try again, which reads the list again', async () => {
    signInStaff('physician');
    let calls = 0;
    mockApi({
      [LIST]: () => {
        calls += 1;
        return calls === 1
          ? json(500, { text: 'ServerError', message: 'The labs could not be read.' })
          : json(200, page([item()]));
      },
    });
    const { user } = renderRoute('/care/labs');
    await screen.findByText('The labs could not be read.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('link', { name: 'Ada Lovelace' });
  });

  it('is not offered to an admin, who cannot manage labs', async () => {
    signInStaff('admin');
    clinic([]);
    renderRoute('/care/labs');
    await screen.findByRole('heading', { level: 1, name: 'Labs' });
    expect(screen.queryByRole('link', { name: 'Labs' })).not.toBeInTheDocument();
  });
});
