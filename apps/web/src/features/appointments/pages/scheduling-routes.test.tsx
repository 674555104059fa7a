import type { Appointment } from '@portal/domain/contracts/appointment';
import { formatSlotTime } from '@portal/domain/scheduling/format-slot';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { patientTimeZone } from '../../../lib/time-zone';
import {
  json,
  mockApi,
  ORG_ID,
  patient,
  renderRoute,
  setOrganizationWith,
  signIn,
  USER_ID,
} from '../../../test/helpers';

const LIST = `GET /v2/appointments/${ORG_ID}/user/${USER_ID}`;
const SLOT = { start_time: '2026-06-15T16:00:00.000Z', end_time: '2026-06-15T16:30:00.000Z' };

const booked = (uuid: string | null, name = 'Maya Okafor, MD'): Appointment => ({
  _id: 'bbbbbbbbbbbbbbbbbbbbbb01',
  event: {
    name: 'Physician Visit',
    ...SLOT,
    canceled: false,
    external_source: uuid ? 'calendly' : 'portal',
    uuid,
    location: null,
  },
  event_type: { kind: 'consultation' },
  physician: { _id: 'aaaaaaaaaaaaaaaaaaaaaa01', name },
  subscription_id: null,
  created_at: '2026-06-10T11:00:00.000Z',
});

beforeEach(() => {
  setOrganizationWith(false);
  signIn(patient({ state: 'TX' }));
});

describe('scheduling routes (001 §2)', () => {
  it('/schedule-onboarding books the welcome call through the scheduler', async () => {
    const requests = mockApi({
      'GET /v2/appointments/availability': json(200, {
        kind: 'consultation',
        slot_minutes: 30,
        from: '2026-06-10T00:00:00.000Z',
        to: '2026-06-24T00:00:00.000Z',
        slots: [SLOT],
      }),
      'POST /v2/appointments': json(201, booked(null)),
    });
    const { user } = renderRoute('/schedule-onboarding');
    await screen.findByRole('heading', { name: 'Book your onboarding call' });
    await user.click(
      await screen.findByRole('button', {
        name: formatSlotTime(new Date(SLOT.start_time), patientTimeZone()),
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: 'Your call is booked' });
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ kind: 'consultation' });
  });

  it('/schedule-onboarding opens the clinic’s booking page when the outside scheduler keeps the times', async () => {
    const page =
      'https://calendly.com/evergreen/visit?name=Ana+Lee&email=ana%40example.com&utm_content=u1&utm_term=consultation&utm_campaign=consultation';
    const requests = mockApi({
      'GET /v2/appointments/availability': json(200, {
        kind: 'consultation',
        slot_minutes: 0,
        from: '2026-06-10T00:00:00.000Z',
        to: '2026-06-24T00:00:00.000Z',
        slots: [],
        booking_link: page,
      }),
    });
    renderRoute('/schedule-onboarding');
    const open = await screen.findByRole('link', { name: 'Open the booking page (opens in a new tab)' });
    expect(open).toHaveAttribute('href', page);
    expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    expect(
      screen.getByText(
        /Times for this call are on the clinic's booking page, with your name and account e-mail/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(screen.queryByText(/No times are open/)).not.toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('/schedule-coaching/{id} names the coaching membership when it asks for the booking page', async () => {
    const membership = 'cccccccccccccccccccccc01';
    const requests = mockApi({
      'GET /v2/appointments/availability': json(200, {
        kind: 'coaching',
        slot_minutes: 0,
        from: '2026-06-10T00:00:00.000Z',
        to: '2026-06-24T00:00:00.000Z',
        slots: [],
        booking_link: 'https://calendly.com/evergreen/coaching',
      }),
    });
    renderRoute(`/schedule-coaching/${membership}`);
    await screen.findByRole('link', { name: 'Open the booking page (opens in a new tab)' });
    const asked = requests.find((r) => r.path.startsWith('/v2/appointments/availability'));
    expect(asked?.path).toContain('kind=coaching');
    expect(asked?.path).toContain(`subscription_id=${membership}`);
  });

  it('/appointment/cb shows the booking the scheduler names, from the portal appointments', async () => {
    mockApi({ [LIST]: json(200, [booked('other-booking', 'Daniel Reyes, DO'), booked('cal-123')]) });
    renderRoute('/appointment/cb?invitee_uuid=cal-123');
    await screen.findByRole('heading', { name: 'Your appointment is booked' });
    expect(screen.getByText('With Maya Okafor, MD')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your appointments' })).toHaveAttribute(
      'href',
      `/dashboard/${USER_ID}/appointments`,
    );
  });

  it('/appointment/cb waits for a booking whose notice has not arrived yet', async () => {
    let calls = 0;
    mockApi({ [LIST]: () => json(200, ++calls < 2 ? [] : [booked('cal-456')]) });
    renderRoute('/appointment/cb?uid=cal-456');
    await screen.findByText('Confirming your booking');
    await screen.findByRole('heading', { name: 'Your appointment is booked' });
    expect(calls).toBeGreaterThanOrEqual(2);
  });
});
