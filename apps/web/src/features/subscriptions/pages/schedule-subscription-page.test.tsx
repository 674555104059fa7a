import { formatSlotTime } from '@portal/domain/scheduling/format-slot';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { patientTimeZone } from '../../../lib/time-zone';
import { json, mockApi, renderRoute, setOrganization, signIn } from '../../../test/helpers';

const SUBSCRIPTION = '0123456789abcdef0123456b';
const SLOT = { start_time: '2030-03-05T18:00:00.000Z', end_time: '2030-03-05T18:30:00.000Z' };

describe('Schedule the free consultation of the retention offer', () => {
  beforeEach(() => {
    setOrganization();
    signIn();
  });

  it('books a consultation for the subscription of the route and counts no attempt', async () => {
    const requests = mockApi({
      'GET /v2/appointments/availability': json(200, {
        kind: 'consultation',
        slot_minutes: 30,
        from: '2030-03-04T00:00:00.000Z',
        to: '2030-03-18T00:00:00.000Z',
        slots: [SLOT],
      }),
      'POST /v2/appointments': json(201, {
        _id: '0123456789abcdef0123456c',
        event: {
          name: 'Longevity Consultation',
          ...SLOT,
          canceled: false,
          external_source: 'portal',
          uuid: null,
          location: null,
        },
        event_type: { kind: 'consultation' },
        physician: null,
        subscription_id: SUBSCRIPTION,
        created_at: '2030-03-01T00:00:00.000Z',
      }),
    });
    const { user } = renderRoute(
      `/schedule-subscription/${SUBSCRIPTION}?canIncrementCancellationAttempt=true`,
    );
    await screen.findByRole('heading', { name: 'Book your free longevity consultation' });
    // the slots are asked for once the page has rendered
    await waitFor(() =>
      expect(requests[0]?.path).toBe(
        `/v2/appointments/availability?kind=consultation&days=14&subscription_id=${SUBSCRIPTION}`,
      ),
    );
    await user.click(
      await screen.findByRole('button', {
        name: formatSlotTime(new Date(SLOT.start_time), patientTimeZone()),
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: 'Your call is booked' });
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      kind: 'consultation',
      start_time: SLOT.start_time,
      subscription_id: SUBSCRIPTION,
    });
    expect(requests.some((r) => r.path.includes('cancellation-info'))).toBe(false);
  });
});
