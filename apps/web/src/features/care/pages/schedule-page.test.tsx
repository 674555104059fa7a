import { calendarDateIn } from '@portal/domain/appointments/schedule-view';
import type { CareSchedule, CareScheduleEntry } from '@portal/domain/contracts/appointment';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { patientTimeZone } from '../../../lib/time-zone';
import { currentUrl, json, mockApi, ORG_ID, renderRoute, setOrganization } from '../../../test/helpers';
import { PATIENT_ID, signInStaff } from '../test-fixtures';

const SCHEDULE = `GET /care/${ORG_ID}/schedule`;
const NEXT_ID = '65a1b2c3d4e5f6a7b8c9d201';
const GONE_ID = '65a1b2c3d4e5f6a7b8c9d202';
const CANCEL = `POST /care/${ORG_ID}/appointments/${NEXT_ID}/cancel`;

// the fixed clock is 2026-06-10 at noon, local time: one appointment later today, one cancelled this morning
const entry = (id: string, hoursFromNow: number, canceled = false): CareScheduleEntry => {
  const start = new Date(Date.now() + hoursFromNow * 3_600_000);
  return {
    _id: id,
    event: {
      name: 'Physician Visit',
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 30 * 60_000).toISOString(),
      canceled,
      external_source: 'portal',
      uuid: null,
      location: null,
    },
    event_type: { kind: 'consultation' },
    physician: { _id: '65a1b2c3d4e5f6a7b8c9d2f0', name: 'Maya Okafor, MD' },
    subscription_id: null,
    created_at: '2026-06-01T00:00:00.000Z',
    patient: { _id: PATIENT_ID, name: 'Ada Lovelace' },
  };
};

const day = (appointments: CareScheduleEntry[]): CareSchedule => ({
  from: '2026-06-10T07:00:00.000Z',
  to: '2026-06-11T07:00:00.000Z',
  time_zone: patientTimeZone(),
  appointments,
});

beforeEach(() => {
  setOrganization();
  signInStaff('physician');
});

describe('the clinic schedule (issue 16 §7)', () => {
  it("shows the day's appointments in time order with the patient's chart, Canceled marked", async () => {
    const requests = mockApi({ [SCHEDULE]: json(200, day([entry(NEXT_ID, 2), entry(GONE_ID, -2, true)])) });
    renderRoute('/care/schedule');
    expect(await screen.findByRole('heading', { level: 1, name: 'Schedule' })).toBeInTheDocument();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Canceled')).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(within(items[1]!).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      `/care/patients/${PATIENT_ID}`,
    );
    expect(within(items[1]!).getByText('Consultation with Maya Okafor, MD')).toBeInTheDocument();
    const today = calendarDateIn(new Date(), patientTimeZone());
    const asked = requests.find((r) => r.path.startsWith(`/care/${ORG_ID}/schedule`))!;
    expect(asked.path).toContain(`date=${today}`);
    expect(asked.path).toContain('view=day');
    expect(asked.path).toContain('include_canceled=true');
  });

  it('pages by week through the address', async () => {
    const requests = mockApi({ [SCHEDULE]: json(200, day([])) });
    const { user, router } = renderRoute('/care/schedule?date=2026-06-10');
    expect(await screen.findByRole('heading', { name: 'No appointments' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Week' }));
    await user.click(await screen.findByRole('button', { name: /Next week/ }));
    expect(currentUrl(router)).toBe('/care/schedule?date=2026-06-17&view=week');
    await waitFor(() => expect(requests.at(-1)!.path).toContain('date=2026-06-17'));
    expect(requests.at(-1)!.path).toContain('view=week');
  });

  it('cancels only with a message to the patient', async () => {
    let canceled = false;
    const requests = mockApi({
      [SCHEDULE]: () => json(200, day([entry(NEXT_ID, 2, canceled)])),
      [CANCEL]: () => {
        canceled = true;
        return json(200, entry(NEXT_ID, 2, true));
      },
    });
    const { user } = renderRoute('/care/schedule');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this appointment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel and send' }));
    expect(await within(dialog).findByText('Write a message to the patient.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Message to the patient'), 'Dr. Okafor is ill today.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel and send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ message: 'Dr. Okafor is ill today.' });
    expect(await screen.findByText(/they have your message/)).toBeInTheDocument();
    expect(await screen.findByText('Canceled')).toBeInTheDocument();
  });
});
