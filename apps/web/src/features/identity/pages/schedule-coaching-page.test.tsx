import { formatSlotTime } from '@portal/domain/scheduling/format-slot';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { patientTimeZone } from '../../../lib/time-zone';
import { json, mockApi, renderRoute, setOrganization, signIn, USER_ID } from '../../../test/helpers';

const SUBSCRIPTION = '0123456789abcdef0123456b';
const SLOT = { start_time: '2030-03-05T18:00:00.000Z', end_time: '2030-03-05T18:30:00.000Z' };
const LINK = 'https://booking.example.com/evergreen/coach';

function api() {
  return mockApi({
    'GET /v2/appointments/availability': json(200, {
      kind: 'coaching',
      slot_minutes: 30,
      from: '2030-03-04T00:00:00.000Z',
      to: '2030-03-18T00:00:00.000Z',
      slots: [SLOT],
    }),
    'POST /v2/appointments': json(201, {
      _id: '0123456789abcdef0123456c',
      event: {
        name: 'Coaching Session',
        ...SLOT,
        canceled: false,
        external_source: 'portal',
        uuid: null,
        location: null,
      },
      event_type: { kind: 'coaching' },
      physician: null,
      subscription_id: SUBSCRIPTION,
      created_at: '2030-03-01T00:00:00.000Z',
    }),
  });
}

describe('Schedule coaching', () => {
  beforeEach(() => {
    setOrganization();
    signIn();
  });

  it('books a coaching session for the subscription of the route and keeps the external link', async () => {
    const requests = api();
    const { user } = renderRoute(
      `/schedule-coaching/${SUBSCRIPTION}?coachingLink=${encodeURIComponent(LINK)}`,
    );
    await screen.findByRole('heading', { name: 'Schedule your coaching session' });
    expect(screen.getByRole('link', { name: /Book on the scheduling page/ })).toHaveAttribute('href', LINK);
    // the slots are asked for once the page has rendered
    await waitFor(() =>
      expect(requests[0]?.path).toBe(
        `/v2/appointments/availability?kind=coaching&days=14&subscription_id=${SUBSCRIPTION}`,
      ),
    );

    await user.click(
      await screen.findByRole('button', {
        name: formatSlotTime(new Date(SLOT.start_time), patientTimeZone()),
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: 'Your call is booked' });
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      kind: 'coaching',
      start_time: SLOT.start_time,
      time_zone: patientTimeZone(),
      subscription_id: SUBSCRIPTION,
    });
    expect(screen.getByRole('link', { name: 'View your appointments' })).toHaveAttribute(
      'href',
      `/dashboard/${USER_ID}/appointments`,
    );
    expect(screen.queryByRole('button', { name: 'Continue to checkout' })).not.toBeInTheDocument();
  });

  it('ignores a coachingLink that is not a web address', async () => {
    api();
    renderRoute(
      `/schedule-coaching/${SUBSCRIPTION}?coachingLink=${encodeURIComponent('javascript:alert(1)')}`,
    );
    await screen.findByRole('heading', { name: 'Schedule your coaching session' });
    expect(screen.queryByRole('link', { name: /Book on the scheduling page/ })).not.toBeInTheDocument();
  });

  it('says so when no time is open', async () => {
    mockApi({
      'GET /v2/appointments/availability': json(200, {
        kind: 'coaching',
        slot_minutes: 30,
        from: '2030-03-04T00:00:00.000Z',
        to: '2030-03-18T00:00:00.000Z',
        slots: [],
      }),
    });
    renderRoute(`/schedule-coaching/${SUBSCRIPTION}`);
    await screen.findByText(/No times are open in the next 14 days/);
  });
});
