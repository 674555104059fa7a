import { calendarDateIn } from '@portal/domain/appointments/schedule-view';
import type { CarePhysician, CareSchedule, CareScheduleEntry } from '@portal/domain/contracts/appointment';
import { formatSlotTime } from '@portal/domain/scheduling/format-slot';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { patientTimeZone } from '../../../lib/time-zone';
import { currentUrl, json, mockApi, ORG_ID, renderRoute, setOrganization } from '../../../test/helpers';
import { PATIENT_ID, signInStaff } from '../test-fixtures';

const SCHEDULE = `GET /care/${ORG_ID}/schedule`;
const NEXT_ID = '65a1b2c3d4e5f6a7b8c9d201';
const GONE_ID = '65a1b2c3d4e5f6a7b8c9d202';
const CANCEL = `POST /care/${ORG_ID}/appointments/${NEXT_ID}/cancel`;
const PHYSICIANS = `GET /care/${ORG_ID}/physicians`;
const NEW_ID = '65a1b2c3d4e5f6a7b8c9d203';
const OKAFOR = '65a1b2c3d4e5f6a7b8c9d2f0';
const physicians: CarePhysician[] = [
  { _id: OKAFOR, name: 'Maya Okafor, MD', active: true, user_id: null },
  { _id: '65a1b2c3d4e5f6a7b8c9d2f1', name: 'Retired Doctor, MD', active: false, user_id: null },
];

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
    await screen.findByRole('heading', { level: 1, name: 'Schedule' });
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
    await screen.findByRole('heading', { name: 'No appointments' });
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
    await within(dialog).findByText('Write a message to the patient.');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Message to the patient'), 'Dr. Okafor is ill today.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel and send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ message: 'Dr. Okafor is ill today.' });
    await screen.findByText(/they have your message/);
    // the refetched day may draw its list again: asked until it holds
    await waitFor(() => expect(screen.getByText('Canceled')).toBeInTheDocument());
  });

  it('lists each active physician’s availability link', async () => {
    mockApi({ [SCHEDULE]: json(200, day([])), [PHYSICIANS]: json(200, physicians) });
    renderRoute('/care/schedule');
    const nav = within(await screen.findByRole('navigation', { name: "Physicians' availability" }));
    expect(nav.getByRole('link', { name: 'Maya Okafor, MD' })).toHaveAttribute(
      'href',
      `/care/schedule/availability/${OKAFOR}`,
    );
    expect(nav.queryByRole('link', { name: 'Retired Doctor, MD' })).toBeNull();
  });

  it('books on a patient’s behalf: finds the patient, shows their open times, books, and shows the day', async () => {
    const slotStart = new Date(Date.now() + 26 * 3_600_000);
    const slot = {
      start_time: slotStart.toISOString(),
      end_time: new Date(slotStart.getTime() + 30 * 60_000).toISOString(),
    };
    let booked: CareScheduleEntry[] = [];
    const requests = mockApi({
      [SCHEDULE]: () => json(200, day(booked)),
      [PHYSICIANS]: json(200, physicians),
      [`GET /care/${ORG_ID}/patients`]: json(200, [
        { _id: PATIENT_ID, name: 'Ada Lovelace', email: 'ada@example.com' },
      ]),
      [`GET /care/${ORG_ID}/availability`]: json(200, {
        kind: 'coaching',
        slot_minutes: 30,
        from: new Date().toISOString(),
        to: new Date(Date.now() + 14 * 86_400_000).toISOString(),
        slots: [slot],
      }),
      [`POST /care/${ORG_ID}/appointments`]: () => {
        const made = entry(NEW_ID, 26);
        booked = [made];
        return json(201, made);
      },
    });
    const { user, router } = renderRoute('/care/schedule');
    await user.click(await screen.findByRole('button', { name: 'Book appointment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Book an appointment' }));
    expect(dialog.getByRole('button', { name: 'Book' })).toBeDisabled();
    await user.type(dialog.getByLabelText('Find the patient'), 'ada');
    await user.click(await dialog.findByRole('button', { name: /Ada Lovelace/ }));
    expect(dialog.getByText('Ada Lovelace')).toBeInTheDocument();
    await user.selectOptions(dialog.getByLabelText('Kind of call'), 'coaching');
    await user.selectOptions(dialog.getByLabelText('Physician'), OKAFOR);
    const time = await dialog.findByRole('button', {
      name: formatSlotTime(slotStart, patientTimeZone()),
    });
    await user.click(time);
    expect(time).toHaveAttribute('aria-pressed', 'true');
    await user.click(dialog.getByRole('button', { name: 'Book' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      patient_id: PATIENT_ID,
      kind: 'coaching',
      start_time: slot.start_time,
      physician_id: OKAFOR,
    });
    const slotsAsked = requests.filter((r) => r.path.startsWith(`/care/${ORG_ID}/availability`)).at(-1)!;
    expect(slotsAsked.path).toContain(`patient_id=${PATIENT_ID}`);
    expect(slotsAsked.path).toContain('kind=coaching');
    expect(slotsAsked.path).toContain(`physician_id=${OKAFOR}`);
    await screen.findByText(/^Booked Ada Lovelace for /);
    // the schedule moves to the booked day, where the booking is listed
    const bookedDay = calendarDateIn(slotStart, patientTimeZone());
    expect(currentUrl(router)).toBe(`/care/schedule?date=${bookedDay}`);
    // asked again until it holds: the day's list is drawn once when the day loads and again when the
    // booking's invalidation refetches it, so an element found in the first drawing may be gone
    await waitFor(() => expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument());
  });

  it('explains a time taken meanwhile and keeps the dialog open', async () => {
    const slotStart = new Date(Date.now() + 26 * 3_600_000);
    mockApi({
      [SCHEDULE]: json(200, day([])),
      [PHYSICIANS]: json(200, physicians),
      [`GET /care/${ORG_ID}/patients`]: json(200, [
        { _id: PATIENT_ID, name: 'Ada Lovelace', email: 'ada@example.com' },
      ]),
      [`GET /care/${ORG_ID}/availability`]: json(200, {
        kind: 'consultation',
        slot_minutes: 30,
        from: new Date().toISOString(),
        to: new Date(Date.now() + 14 * 86_400_000).toISOString(),
        slots: [
          {
            start_time: slotStart.toISOString(),
            end_time: new Date(slotStart.getTime() + 1_800_000).toISOString(),
          },
        ],
      }),
      [`POST /care/${ORG_ID}/appointments`]: json(409, {
        text: 'SlotTaken',
        message: 'This time was just booked by someone else. Please choose another time.',
      }),
    });
    const { user } = renderRoute('/care/schedule');
    await user.click(await screen.findByRole('button', { name: 'Book appointment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Book an appointment' }));
    await user.type(dialog.getByLabelText('Find the patient'), 'ada');
    await user.click(await dialog.findByRole('button', { name: /Ada Lovelace/ }));
    await user.click(
      await dialog.findByRole('button', { name: formatSlotTime(slotStart, patientTimeZone()) }),
    );
    await user.click(dialog.getByRole('button', { name: 'Book' }));
    await dialog.findByText('This time was just booked by someone else. Please choose another time.');
    expect(dialog.getByRole('button', { name: 'Book' })).toBeDisabled();
  });

  it('reschedules an appointment to another open time of its physician', async () => {
    const newStart = new Date(Date.now() + 50 * 3_600_000);
    let moved = false;
    const requests = mockApi({
      [SCHEDULE]: () => json(200, day([entry(NEXT_ID, moved ? 50 : 2)])),
      [`GET /care/${ORG_ID}/availability`]: json(200, {
        kind: 'consultation',
        slot_minutes: 30,
        from: new Date().toISOString(),
        to: new Date(Date.now() + 14 * 86_400_000).toISOString(),
        slots: [
          {
            start_time: newStart.toISOString(),
            end_time: new Date(newStart.getTime() + 1_800_000).toISOString(),
          },
        ],
      }),
      [`POST /care/${ORG_ID}/appointments/${NEXT_ID}/reschedule`]: () => {
        moved = true;
        return json(200, entry(NEXT_ID, 50));
      },
    });
    const { user, router } = renderRoute('/care/schedule');
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reschedule this appointment' }));
    expect(dialog.getByRole('button', { name: 'Move to this time' })).toBeDisabled();
    await user.click(
      await dialog.findByRole('button', { name: formatSlotTime(newStart, patientTimeZone()) }),
    );
    await user.click(dialog.getByRole('button', { name: 'Move to this time' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ start_time: newStart.toISOString() });
    const asked = requests.find((r) => r.path.startsWith(`/care/${ORG_ID}/availability`))!;
    expect(asked.path).toContain(`patient_id=${PATIENT_ID}`);
    expect(asked.path).toContain('kind=consultation');
    expect(asked.path).toContain(`physician_id=${OKAFOR}`);
    await screen.findByText(/^Moved Ada Lovelace's appointment to /);
    expect(currentUrl(router)).toBe(`/care/schedule?date=${calendarDateIn(newStart, patientTimeZone())}`);
  });
});
