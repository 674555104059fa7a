import type { CarePhysician, PhysicianAvailability } from '@portal/domain/contracts/appointment';
import { HOURS_OVERLAP } from '@portal/domain/scheduling/hours-rules';
import { ROOM_LINK_MESSAGE } from '@portal/domain/scheduling/room-link';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockApi, ORG_ID, renderRoute, setOrganization } from '../../../test/helpers';
import { signInStaff } from '../test-fixtures';

const PHYSICIAN_ID = '65a1b2c3d4e5f6a7b8c9d0e7';
const URL = `/care/${ORG_ID}/physicians/${PHYSICIAN_ID}/availability`;
const PHYSICIANS: CarePhysician[] = [
  { _id: PHYSICIAN_ID, name: 'Maya Okafor, MD', active: true, user_id: null },
];
const SAVED: PhysicianAvailability = {
  time_zone: 'America/Chicago',
  weekly: [
    { weekday: 1, start: '09:00', end: '12:00' },
    { weekday: 2, start: '09:00', end: '17:00' },
  ],
  overrides: [],
};

beforeEach(() => setOrganization());

function setUp(saved = SAVED) {
  signInStaff('physician');
  let stored = saved;
  const requests = mockApi({
    [`GET /care/${ORG_ID}/physicians`]: json(200, PHYSICIANS),
    [`GET ${URL}`]: () => json(200, stored),
    [`PUT ${URL}`]: (request) => {
      stored = request.body as PhysicianAvailability;
      return json(200, stored);
    },
  });
  const rendered = renderRoute(`/care/schedule/availability/${PHYSICIAN_ID}`);
  return { requests, ...rendered };
}

const day = (name: string) => within(screen.getByRole('group', { name }));

describe('the availability editor', () => {
  it('shows the weekly hours by weekday, off days said so, and the zone', async () => {
    setUp();
    await screen.findByRole('heading', { level: 1, name: 'Availability of Maya Okafor, MD' });
    expect(screen.getByLabelText('Time zone')).toHaveValue('America/Chicago');
    expect(day('Monday').getByLabelText('From (Monday)')).toHaveValue('09:00');
    expect(day('Monday').getByLabelText('To (Monday)')).toHaveValue('12:00');
    expect(day('Wednesday').getByText('Off')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the schedule' })).toHaveAttribute(
      'href',
      '/care/schedule',
    );
    expect(document.title).toMatch(/^Availability/);
  });

  it('adds a range and a day off, and saves the whole of it with PUT', async () => {
    const { user, requests } = setUp();
    await screen.findByLabelText('From (Monday)');
    await user.click(day('Monday').getByRole('button', { name: 'Add hours (Monday)' }));
    // the new range starts an hour after the last one ends
    expect(day('Monday').getAllByLabelText('From (Monday)')[1]).toHaveValue('13:00');
    fireEvent.change(day('Monday').getAllByLabelText('To (Monday)')[1]!, { target: { value: '17:30' } });
    await user.click(day('Tuesday').getByRole('button', { name: /^Remove Tuesday/ }));
    expect(day('Tuesday').getByText('Off')).toBeInTheDocument();
    await user.click(day('Saturday').getByRole('button', { name: 'Add hours (Saturday)' }));
    await user.selectOptions(screen.getByLabelText('Time zone'), 'America/New_York');

    await user.click(screen.getByRole('button', { name: 'Add a date' }));
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-07-03' } });
    expect(screen.getByLabelText('Day off')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Add a date' }));
    fireEvent.change(screen.getAllByLabelText('Date')[1]!, { target: { value: '2026-07-01' } });
    await user.click(screen.getAllByLabelText('Day off')[1]!);
    const hours = within(screen.getByRole('group', { name: 'Hours on 2026-07-01' }));
    fireEvent.change(hours.getByLabelText(/^From/), { target: { value: '10:00' } });
    fireEvent.change(hours.getByLabelText(/^To/), { target: { value: '14:00' } });
    await user.type(screen.getByLabelText('Video room link'), 'https://meet.jit.si/okafor');

    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    await screen.findByText('Availability saved. New bookings follow these hours; booked appointments stay.');
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      {
        time_zone: 'America/New_York',
        room_link: 'https://meet.jit.si/okafor',
        weekly: [
          { weekday: 1, start: '09:00', end: '12:00' },
          { weekday: 1, start: '13:00', end: '17:30' },
          { weekday: 6, start: '09:00', end: '17:00' },
        ],
        overrides: [
          { date: '2026-07-01', blocks: [{ start: '10:00', end: '14:00' }] },
          { date: '2026-07-03', blocks: [] },
        ],
      },
    ]);
  });

  it('refuses overlapping hours on the field at fault before sending, with the API’s words', async () => {
    const { user, requests } = setUp();
    await screen.findByLabelText('From (Monday)');
    await user.click(day('Monday').getByRole('button', { name: 'Add hours (Monday)' }));
    fireEvent.change(day('Monday').getAllByLabelText('From (Monday)')[1]!, { target: { value: '11:00' } });
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    const to = day('Monday').getAllByLabelText('To (Monday)')[1]!;
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(day('Monday').getByText(HOURS_OVERLAP)).toBeInTheDocument();
    expect(screen.getByText('Some hours need a look: see the messages below.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Add a date' }));
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    expect(screen.getByText('Enter the date.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('refuses a room link that is not https before sending, and clears one emptied', async () => {
    const { user, requests } = setUp({ ...SAVED, room_link: 'https://meet.jit.si/okafor' });
    const room = await screen.findByLabelText('Video room link');
    expect(room).toHaveValue('https://meet.jit.si/okafor');
    await user.clear(room);
    await user.type(room, 'http://meet.example.com/okafor');
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    expect(room).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(ROOM_LINK_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText('Some hours need a look: see the messages below.')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);

    await user.clear(room);
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    await screen.findByText('Availability saved. New bookings follow these hours; booked appointments stay.');
    expect(
      requests.filter((r) => r.method === 'PUT').map((r) => (r.body as PhysicianAvailability).room_link),
    ).toEqual([null]);
  });

  it('shows the server’s refusal when it names no field of the form', async () => {
    signInStaff('care_team');
    mockApi({
      [`GET /care/${ORG_ID}/physicians`]: json(200, PHYSICIANS),
      [`GET ${URL}`]: json(200, SAVED),
      [`PUT ${URL}`]: json(404, { text: 'NotFound', message: 'The physician was not found.' }),
    });
    const { user } = renderRoute(`/care/schedule/availability/${PHYSICIAN_ID}`);
    await screen.findByLabelText('From (Monday)');
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    await screen.findByText('The physician was not found.');
  });
});
