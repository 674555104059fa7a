import type { CareFulfilmentOrder, CareFulfilmentPage } from '@portal/domain/contracts/fulfilment';
import { screen, waitFor, within } from '@testing-library/react';
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

const ORDER_ID = '65a1b2c3d4e5f6a7b8c9d0e1';
const LIST = `GET /care/${ORG_ID}/fulfilment`;
const ADVANCE = `POST /care/${ORG_ID}/fulfilment/${ORDER_ID}/advance`;

function order(overrides: Partial<CareFulfilmentOrder> = {}): CareFulfilmentOrder {
  return {
    _id: ORDER_ID,
    status: 'awaiting_fulfilment',
    source: 'approval',
    patient: { _id: PATIENT_ID, first_name: 'Ada', last_name: 'Lovelace' },
    subscription: '65a1b2c3d4e5f6a7b8c9d0e2',
    order: null,
    product: { name: 'Generic Rapamycin (Sirolimus)', dosage: '2 mg', quantity: 8 },
    shipping_address: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      street_address: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip_code: '78701',
    },
    tracking_number: null,
    carrier: null,
    created_at: hoursAgo(26),
    processing_at: null,
    shipped_at: null,
    delivered_at: null,
    moved_by: null,
    ...overrides,
  };
}

const page = (items: CareFulfilmentOrder[]): CareFulfilmentPage => ({
  items,
  next_cursor: null,
  counts: { awaiting_fulfilment: 1, processing: 1, shipped: 0 },
});

/** The list as the server holds it, by step; an advance moves the order along. */
function pharmacy(start: CareFulfilmentOrder) {
  let current = start;
  const requests = mockApi({
    [LIST]: (request: RecordedRequest) => {
      const status = new URL(request.path, 'http://x').searchParams.get('status');
      return json(200, page(current.status === status ? [current] : []));
    },
    [ADVANCE]: (request: RecordedRequest) => {
      const body = request.body as {
        to: CareFulfilmentOrder['status'];
        tracking_number?: string;
        carrier?: string;
      };
      current = {
        ...current,
        status: body.to,
        tracking_number: body.tracking_number ?? current.tracking_number,
        carrier: body.carrier ?? current.carrier,
        moved_by: { _id: 'x', first_name: 'Carl', last_name: 'Team' },
      };
      return json(200, current);
    },
  });
  return requests;
}

beforeEach(() => setOrganization());

describe('the fulfilment page', () => {
  it('lists the waiting orders with patient, product, address and age, and moves one to processing', async () => {
    signInStaff('care_team');
    const requests = pharmacy(order());
    const { user } = renderRoute('/care/fulfilment');
    await screen.findByRole('heading', { level: 1, name: 'Fulfilment' });
    const rows = await screen.findAllByRole('row');
    const row = within(rows[1] as HTMLElement);
    expect(row.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      `/care/patients/${PATIENT_ID}`,
    );
    expect(row.getByText('Generic Rapamycin (Sirolimus) · 2 mg · × 8')).toBeInTheDocument();
    expect(row.getByText('1 Main St')).toBeInTheDocument();
    expect(row.getByText('Austin, TX 78701')).toBeInTheDocument();
    expect(row.getByText('1 d 2 h ago')).toBeInTheDocument();
    expect(row.getByText('First order (approved)')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Awaiting Fulfilment (1)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    await user.click(row.getByRole('button', { name: /^Start processing/ }));
    await screen.findByText('Ada Lovelace’s Generic Rapamycin (Sirolimus) is now processing.');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ to: 'processing' });
    await screen.findByText('No orders awaiting fulfilment');
  });

  it('ships from the Processing tab only with a tracking number, asked in a dialog', async () => {
    signInStaff('care_team');
    const requests = pharmacy(order({ status: 'processing', processing_at: hoursAgo(2) }));
    const { user } = renderRoute('/care/fulfilment');
    await screen.findByRole('tab', { name: 'Processing (1)' });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Awaiting Fulfilment (1)',
      'Processing (1)',
      'Shipped (0)',
      'Delivered',
    ]);
    // the tabs follow the arrow keys
    tabs[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Processing (1)' })).toHaveFocus();

    await user.click(await screen.findByRole('button', { name: /^Mark shipped/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark shipped' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm shipping' }));
    expect(within(dialog).getByText('Enter the tracking number to ship the order.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Tracking number'), '1Z999AA10123456784');
    await user.type(within(dialog).getByLabelText('Carrier (optional)'), 'UPS');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm shipping' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      to: 'shipped',
      tracking_number: '1Z999AA10123456784',
      carrier: 'UPS',
    });
    await screen.findByText(/is now shipped\.$/);

    await user.click(screen.getByRole('tab', { name: /^Shipped/ }));
    await screen.findByText('1Z999AA10123456784');
    expect(screen.getByRole('button', { name: /^Mark delivered/ })).toBeInTheDocument();
  });

  it('shows the server’s refusal inside the dialog', async () => {
    signInStaff('care_team');
    mockApi({
      [LIST]: json(200, page([order({ status: 'processing' })])),
      [ADVANCE]: json(409, {
        text: 'StepOutOfOrder',
        message: 'This order is shipped: it cannot be marked shipped now.',
      }),
    });
    const { user } = renderRoute('/care/fulfilment');
    await user.click(await screen.findByRole('tab', { name: /^Processing/ }));
    await user.click(await screen.findByRole('button', { name: /^Mark shipped/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark shipped' });
    await user.type(within(dialog).getByLabelText('Tracking number'), '1Z9');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm shipping' }));
    await within(dialog).findByText(/cannot be marked shipped now/);
  });
});
