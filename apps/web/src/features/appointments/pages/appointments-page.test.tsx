import { formatAppointmentDate, formatAppointmentTime } from '@portal/domain/appointments/appointment-view';
import type { Appointment, Physician } from '@portal/domain/contracts/appointment';
import { formatSlotTime } from '@portal/domain/scheduling/format-slot';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getBrand, setBrand } from '../../../lib/brand';
import { patientTimeZone } from '../../../lib/time-zone';
import {
  currentUrl,
  json,
  mockApi,
  ORG_ID,
  patient,
  renderRoute,
  setOrganizationWith,
  signIn,
  USER_ID,
} from '../../../test/helpers';

const PAGE = `/dashboard/${USER_ID}/appointments`;
const PROVIDERS = `/dashboard/${USER_ID}/providers`;
const LIST = `GET /v2/appointments/${ORG_ID}/user/${USER_ID}`;
const PATIENT = `GET /users/${ORG_ID}/user/${USER_ID}/patient`;
const BY_STATE = `GET /physician/${ORG_ID}/state/TX`;
const MAYA = 'aaaaaaaaaaaaaaaaaaaaaa01';
const OMAR = 'aaaaaaaaaaaaaaaaaaaaaa02';

// the fixed clock is 2026-06-10 at noon, local time
const appointment = (id: string, start: string, over: Partial<Appointment['event']> = {}): Appointment => ({
  _id: id,
  event: {
    name: 'Physician Visit',
    start_time: start,
    end_time: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
    canceled: false,
    external_source: 'portal',
    uuid: null,
    location: null,
    ...over,
  },
  event_type: { kind: 'consultation' },
  physician: { _id: MAYA, name: 'Maya Okafor, MD' },
  subscription_id: null,
  created_at: '2026-05-01T00:00:00.000Z',
  room_link: 'https://meet.example.com/okafor',
});

const PAST = appointment('bbbbbbbbbbbbbbbbbbbbbb01', '2026-05-02T16:00:00.000Z');
const CANCELED = appointment('bbbbbbbbbbbbbbbbbbbbbb02', '2026-06-20T16:00:00.000Z', { canceled: true });
const NEXT = appointment('bbbbbbbbbbbbbbbbbbbbbb03', '2026-06-24T16:00:00.000Z');

const physician = (id: string, first: string, over: Partial<Physician> = {}): Physician => ({
  _id: id,
  first_name: first,
  last_name: 'Okafor',
  name: `${first} Okafor, MD`,
  credentials: 'MD',
  npi_num: '1234567893',
  profile_img: { url: null },
  bio: { bio_description: `${first} treats longevity patients.` },
  states: ['CA', 'TX'],
  scheduling_link: null,
  is_provider: true,
  ...over,
});

const SLOTS = [
  { start_time: '2026-06-15T16:00:00.000Z', end_time: '2026-06-15T16:30:00.000Z' },
  { start_time: '2026-06-15T16:30:00.000Z', end_time: '2026-06-15T17:00:00.000Z' },
];
const availability = json(200, {
  kind: 'consultation',
  slot_minutes: 30,
  from: '2026-06-10T00:00:00.000Z',
  to: '2026-06-24T00:00:00.000Z',
  slots: SLOTS,
});

/** The test clinic with the clinic's setting that puts a Book button on the list. */
function withListBooking() {
  setOrganizationWith(false);
  const { organization } = getBrand();
  if (!organization) throw new Error('the test clinic is not set');
  setBrand({
    organization: {
      ...organization,
      settings: { ...organization.settings, appointments: { list_booking: true } },
    },
    organizationId: ORG_ID,
    error: false,
  });
}

const when = (iso: string) => formatAppointmentDate(new Date(iso), patientTimeZone());

beforeEach(() => {
  setOrganizationWith(false);
  signIn(patient({ state: 'TX' }));
});

describe('Appointments page (001 §2, §4)', () => {
  it('lists the appointments newest first: Canceled marked, actions only for those to come', async () => {
    mockApi({ [LIST]: json(200, [PAST, CANCELED, NEXT]), [PATIENT]: json(200, patient({ state: 'TX' })) });
    renderRoute(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'Appointments' });
    const list = await screen.findByRole('list', { name: 'Your appointments' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByText(/, 2026$/).textContent)).toEqual([
      when(NEXT.event.start_time),
      when(CANCELED.event.start_time),
      when(PAST.event.start_time),
    ]);
    expect(
      within(items[0]!).getByText(formatAppointmentTime(new Date(NEXT.event.start_time), patientTimeZone()), {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(within(items[0]!).getByRole('button', { name: 'Reschedule' })).toBeInTheDocument();
    expect(within(items[0]!).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(
      within(items[0]!).getByRole('link', { name: 'Join waiting room (opens in a new tab)' }),
    ).toHaveAttribute('href', 'https://meet.example.com/okafor');
    expect(within(items[1]!).getByText('Canceled')).toBeInTheDocument();
    for (const past of [items[1]!, items[2]!]) {
      expect(within(past).queryByRole('button')).not.toBeInTheDocument();
      expect(within(past).queryByRole('link')).not.toBeInTheDocument();
    }
    // the list offers no booking unless the clinic turns it on
    expect(screen.queryByRole('button', { name: 'Book' })).not.toBeInTheDocument();
    expect(screen.queryByText('No Upcoming Appointments')).not.toBeInTheDocument();
  });

  it("says 'No Upcoming Appointments' when nothing is to come", async () => {
    mockApi({ [LIST]: json(200, [PAST]), [PATIENT]: json(200, patient({ state: 'TX' })) });
    renderRoute(PAGE);
    await screen.findByRole('heading', { name: 'No Upcoming Appointments' });
    const list = screen.getByRole('list', { name: 'Your appointments' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });

  it('cancels after confirming, with the invoiceId of 002 §7.7, and reloads the list', async () => {
    let canceled = false;
    const requests = mockApi({
      [LIST]: () => json(200, [PAST, { ...NEXT, event: { ...NEXT.event, canceled } }]),
      [PATIENT]: json(200, patient({ state: 'TX' })),
      'POST /v2/appointments/cancel': () => {
        canceled = true;
        return json(200, { ...NEXT, event: { ...NEXT.event, canceled: true } });
      },
    });
    const { user } = renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this appointment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ invoiceId: NEXT._id });
    const list = await screen.findByRole('list', { name: 'Your appointments' });
    expect(await within(list).findAllByText('Canceled')).toHaveLength(1);
    expect(within(list).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('keeps the appointment when the patient says so', async () => {
    const requests = mockApi({ [LIST]: json(200, [NEXT]), [PATIENT]: json(200, patient({ state: 'TX' })) });
    const { user } = renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Keep appointment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('reschedules to another open time of the same physician', async () => {
    const moved = appointment(NEXT._id, SLOTS[1]!.start_time);
    const requests = mockApi({
      [LIST]: json(200, [NEXT]),
      [PATIENT]: json(200, patient({ state: 'TX' })),
      'GET /v2/appointments/availability': availability,
      [`POST /v2/appointments/${NEXT._id}/reschedule`]: json(200, moved),
    });
    const { user, router } = renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    expect(currentUrl(router)).toBe(`${PAGE}?reschedule=${NEXT._id}`);
    await screen.findByRole('heading', { name: 'Reschedule Physician Visit' });
    await user.click(
      await screen.findByRole('button', {
        name: formatSlotTime(new Date(SLOTS[1]!.start_time), patientTimeZone()),
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: 'Your call is booked' });
    const asked = requests.find((r) => r.path.startsWith('/v2/appointments/availability'));
    expect(asked?.path).toContain(`physician_id=${MAYA}`);
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      start_time: SLOTS[1]!.start_time,
      time_zone: patientTimeZone(),
    });
  });

  it('sends a booking the clinic’s Calendly keeps to Calendly’s own page to move it', async () => {
    const page = 'https://calendly.com/reschedulings/INV-1';
    const kept = {
      ...appointment(NEXT._id, NEXT.event.start_time, { external_source: 'calendly', uuid: 'INV-1' }),
      reschedule_url: page,
    };
    const requests = mockApi({ [LIST]: json(200, [kept]), [PATIENT]: json(200, patient({ state: 'TX' })) });
    const { router } = renderRoute(PAGE);
    const move = await screen.findByRole('link', { name: 'Reschedule (opens in a new tab)' });
    expect(move).toHaveAttribute('href', page);
    expect(move).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
    expect(currentUrl(router)).toBe(PAGE);
    expect(requests.some((r) => r.path.startsWith('/v2/appointments/availability'))).toBe(false);
  });

  it('does not offer a booking page to move a portal booking the outside scheduler cannot move', async () => {
    mockApi({
      [LIST]: json(200, [NEXT]),
      [PATIENT]: json(200, patient({ state: 'TX' })),
      'GET /v2/appointments/availability': json(200, {
        kind: 'consultation',
        slot_minutes: 0,
        from: '2026-06-10T00:00:00.000Z',
        to: '2026-06-24T00:00:00.000Z',
        slots: [],
        booking_link: 'https://calendly.com/dr/visit',
      }),
    });
    const { user } = renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    await screen.findByText(
      'This appointment cannot be moved here. Please cancel it and book a new time, or message us.',
    );
    expect(screen.queryByRole('link', { name: /Open the booking page/ })).not.toBeInTheDocument();
  });

  it('with the clinic setting, Book goes straight to the one physician and books with them', async () => {
    withListBooking();
    const booked = appointment('bbbbbbbbbbbbbbbbbbbbbb09', SLOTS[0]!.start_time);
    const requests = mockApi({
      [LIST]: json(200, []),
      [PATIENT]: json(200, patient({ state: 'TX' })),
      [BY_STATE]: json(200, [physician(MAYA, 'Maya')]),
      'GET /v2/appointments/availability': availability,
      'POST /v2/appointments': json(201, booked),
    });
    const { user, router } = renderRoute(PAGE);
    await screen.findByRole('heading', { name: 'No Upcoming Appointments' });
    await user.click(await screen.findByRole('button', { name: 'Book' }));
    await screen.findByRole('heading', { name: 'Schedule Appointment' });
    expect(currentUrl(router)).toBe(`${PAGE}?physician=${MAYA}`);
    expect(screen.getByText(/Book with your account e-mail \(jane@example.com\)/)).toBeInTheDocument();
    await user.click(
      await screen.findByRole('button', {
        name: formatSlotTime(new Date(SLOTS[0]!.start_time), patientTimeZone()),
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: 'Your call is booked' });
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      kind: 'consultation',
      start_time: SLOTS[0]!.start_time,
      time_zone: patientTimeZone(),
      physician_id: MAYA,
    });
    expect(requests.find((r) => r.path.startsWith(`/physician/${ORG_ID}/state/TX`))?.path).toContain(
      'is_provider=true',
    );
  });

  it("'Book Physician' lists those licensed in the patient's state; closing a choice comes back to it", async () => {
    mockApi({
      [LIST]: json(200, [NEXT]),
      [PATIENT]: json(200, patient({ state: 'TX' })),
      [BY_STATE]: json(200, [physician(MAYA, 'Maya'), physician(OMAR, 'Omar')]),
      'GET /v2/appointments/availability': availability,
    });
    const { user, router } = renderRoute(`${PAGE}?view=book`);
    await screen.findByRole('heading', { name: 'Book Physician' });
    await user.click(await screen.findByRole('button', { name: 'Book with Omar' }));
    await screen.findByRole('heading', { name: 'Schedule Appointment' });
    expect(screen.getByRole('article', { name: 'Omar Okafor, MD' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await screen.findByRole('heading', { name: 'Book Physician' });
    expect(currentUrl(router)).toBe(`${PAGE}?view=book`);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await screen.findByRole('list', { name: 'Your appointments' });
  });

  it('asks for a home state before listing physicians', async () => {
    signIn(patient({ state: null }));
    mockApi({ [LIST]: json(200, []), [PATIENT]: json(200, patient({ state: null })) });
    renderRoute(`${PAGE}?view=book`);
    await screen.findByText(/Add your home state in/);
  });
});

describe('Providers page (001 §2)', () => {
  it("lists the physicians licensed in the patient's state, each with a way to book", async () => {
    mockApi({
      [PATIENT]: json(200, patient({ state: 'TX' })),
      [BY_STATE]: json(200, [
        physician(MAYA, 'Maya', { profile_img: { url: '/physicians/okafor.jpg' } }),
        physician(OMAR, 'Omar', { scheduling_link: 'https://cal.example.com/omar' }),
      ]),
    });
    renderRoute(PROVIDERS);
    await screen.findByRole('heading', { level: 1, name: 'Providers' });
    const maya = await screen.findByRole('article', { name: 'Maya Okafor, MD' });
    expect(within(maya).getByText('NPI 1234567893')).toBeInTheDocument();
    expect(within(maya).getByText('Maya treats longevity patients.')).toBeInTheDocument();
    expect(within(maya).getByText('CA, TX')).toBeInTheDocument();
    expect(within(maya).getByRole('link', { name: 'Book with Maya' })).toHaveAttribute(
      'href',
      `${PAGE}?physician=${MAYA}`,
    );
    const omar = screen.getByRole('article', { name: 'Omar Okafor, MD' });
    const external = within(omar).getByRole('link', { name: /Book with Omar/ });
    expect(external).toHaveAttribute('href', 'https://cal.example.com/omar');
    expect(external).toHaveAttribute('target', '_blank');
  });

  it('lists no one without a state, and says how to add it', async () => {
    signIn(patient({ state: null }));
    const requests = mockApi({ [PATIENT]: json(200, patient({ state: null })) });
    renderRoute(PROVIDERS);
    await screen.findByText(/Add your home state in/);
    expect(requests.some((r) => r.path.startsWith('/physician/'))).toBe(false);
  });
});
