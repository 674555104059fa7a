import { calendarDateIn } from '@portal/domain/appointments/schedule-view';
import type {
  Availability,
  CarePhysician,
  CareSchedule,
  PhysicianAvailability,
} from '@portal/domain/contracts/appointment';
import type { ClinicSettings } from '@portal/domain/contracts/care';
import { formatSlotDay, formatSlotTime } from '@portal/domain/scheduling/format-slot';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import { PortalApi } from './support/api';
import {
  DESKTOP,
  keepFailure,
  launch,
  logIn,
  MOBILE,
  newPage,
  snap,
  uniqueEmail,
  uniqueName,
} from './support/browser';

let browser: Browser;
let portal: PortalApi;
let admin: PortalApi;
let physician: CarePhysician;
let original: PhysicianAvailability;
let originalSettings: ClinicSettings;

const availabilityUrl = () => `/care/${admin.org}/physicians/${physician._id}/availability`;

beforeAll(async () => {
  browser = await launch();
  portal = await PortalApi.forHost();
  admin = await portal.login('admin@evergreen.test', 'Demo1234!');
  const physicians = await admin.ok<CarePhysician[]>('GET', `/care/${admin.org}/physicians`);
  physician = physicians.find((p) => p.active && p.name.includes('Okafor')) ?? physicians[0]!;
  original = await admin.ok<PhysicianAvailability>('GET', availabilityUrl());
  originalSettings = await admin.ok<ClinicSettings>('GET', `/care/${admin.org}/settings`);
});
afterAll(async () => {
  // the physician's hours as the other browser tests know them
  if (original) await admin.ok('PUT', availabilityUrl(), original);
  if (originalSettings)
    await admin.ok('PUT', `/care/${admin.org}/settings`, { appointments: originalSettings.appointments });
  await browser?.close();
});

async function openSchedule(page: Page) {
  await page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', { name: 'Schedule', exact: true })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Schedule' }).waitFor();
}

for (const [label, viewport, daysAhead] of [
  ['1280', DESKTOP, 5],
  ['390', MOBILE, 6],
] as const) {
  describe(`the clinic's scheduling at ${label} px`, () => {
    it('an admin gives a physician early hours on one date, books a patient into them, moves it, and sets booking from the Appointments list', async () => {
      const firstName = uniqueName('Quill');
      const patient = await portal.signup(uniqueEmail(`care-schedule-${label}`), 'Secret123', firstName);
      const fullName = `${firstName} Checkout`;
      // a date some days on in the physician's zone, whose weekly hours the override replaces with 06:00-07:00
      const date = calendarDateIn(new Date(Date.now() + daysAhead * 86_400_000), original.time_zone);

      const staff = await newPage(browser, viewport);
      try {
        await keepFailure(staff.page, `care-schedule-${label}`, async () => {
          const { page } = staff;
          const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
          await logIn(page, 'admin@evergreen.test', 'Demo1234!', /\/care$/);
          await openSchedule(page);

          // the physician's availability: a date with other hours
          await page
            .getByRole('navigation', { name: "Physicians' availability" })
            .getByRole('link', { name: physician.name })
            .click();
          await page.getByRole('heading', { level: 1, name: `Availability of ${physician.name}` }).waitFor();
          await page.getByRole('group', { name: 'Monday' }).waitFor();
          await page.getByRole('button', { name: 'Add a date' }).click();
          const override = page.locator('li.care-availability__override').last();
          await override.getByLabel('Date').fill(date);
          await override.getByLabel('Day off').click();
          const hours = override.getByRole('group', { name: `Hours on ${date}` });
          await hours.getByLabel(/^From/).fill('06:00');
          await hours.getByLabel(/^To/).fill('07:00');
          // the physician's video room, which their patients' waiting room opens
          const room = `https://meet.jit.si/evergreen-schedule-${label}`;
          await page.getByLabel('Video room link').fill(room);
          await snap(page, `care-availability-${label}`);
          await expectAccessible(page, 'availability editor', { title: 'Availability' });
          await page.getByRole('button', { name: 'Save availability' }).click();
          await page
            .getByText('Availability saved. New bookings follow these hours; booked appointments stay.')
            .waitFor();
          const saved = await admin.ok<PhysicianAvailability>('GET', availabilityUrl());
          expect(saved.overrides).toContainEqual({ date, blocks: [{ start: '06:00', end: '07:00' }] });
          expect(saved.weekly).toEqual(original.weekly);
          expect(saved.room_link).toBe(room);

          // the open times the patient would be offered on that date: 06:00 and 06:30 of the physician's day
          const offered = await admin.ok<Availability>(
            'GET',
            `/care/${admin.org}/availability?patient_id=${patient.userId}&kind=coaching&physician_id=${physician._id}&days=14`,
          );
          const onDate = offered.slots.filter(
            (s) => calendarDateIn(new Date(s.start_time), original.time_zone) === date,
          );
          expect(onDate).toHaveLength(2);
          const start = new Date(onDate[0]!.start_time);

          // booking on the patient's behalf from the schedule
          await page.getByRole('link', { name: 'Back to the schedule' }).click();
          await page.getByRole('heading', { level: 1, name: 'Schedule' }).waitFor();
          await page.getByRole('button', { name: 'Book appointment' }).click();
          const dialog = page.getByRole('dialog', { name: 'Book an appointment' });
          await dialog.getByLabel('Find the patient').fill(firstName);
          await dialog.getByRole('button', { name: new RegExp(fullName) }).click();
          await dialog.getByText(`Patient: ${fullName}`).waitFor();
          await dialog.getByLabel('Kind of call').selectOption({ label: 'Coaching session' });
          await dialog.getByLabel('Physician').selectOption({ label: physician.name });
          await dialog.getByRole('button', { name: formatSlotDay(start, browserZone), exact: true }).click();
          const time = dialog.getByRole('button', { name: formatSlotTime(start, browserZone), exact: true });
          await time.click();
          await expect.poll(() => time.getAttribute('aria-pressed')).toBe('true');
          await snap(page, `care-book-${label}`, { fullPage: false });
          await expectAccessible(page, 'book on behalf', { title: 'Schedule' });
          await dialog.getByRole('button', { name: 'Book', exact: true }).click();
          await dialog.waitFor({ state: 'hidden' });
          await page.getByText(new RegExp(`^Booked ${fullName} for `)).waitFor();

          // the schedule shows the booked day, the booking on it
          await page.waitForURL(new RegExp(`date=${calendarDateIn(start, browserZone)}`));
          const item = page.getByRole('listitem').filter({ hasText: fullName });
          await item.getByText(`Coaching with ${physician.name}`).waitFor();
          await snap(page, `care-schedule-booked-${label}`);
          await expectAccessible(page, 'schedule with the booking', { title: 'Schedule' });

          // and moves it to the other open time of that date
          await item.getByRole('button', { name: 'Reschedule' }).click();
          const move = page.getByRole('dialog', { name: 'Reschedule this appointment' });
          const later = new Date(onDate[1]!.start_time);
          await move.getByRole('button', { name: formatSlotDay(later, browserZone), exact: true }).click();
          await move.getByRole('button', { name: formatSlotTime(later, browserZone), exact: true }).click();
          await expectAccessible(page, 'reschedule', { title: 'Schedule' });
          await move.getByRole('button', { name: 'Move to this time' }).click();
          await move.waitFor({ state: 'hidden' });
          await page.getByText(new RegExp(`^Moved ${fullName}'s appointment to `)).waitFor();

          const day = await admin.ok<CareSchedule>(
            'GET',
            `/care/${admin.org}/schedule?date=${date}&time_zone=${encodeURIComponent(original.time_zone)}`,
          );
          const booked = day.appointments.filter((a) => a.patient._id === patient.userId);
          expect(booked).toHaveLength(1);
          expect(booked[0]!.event.start_time).toBe(later.toISOString());
          expect(booked[0]!.physician?._id).toBe(physician._id);

          // the clinic's settings: the Appointments list's Book button, and the appointment types
          await page
            .getByRole('navigation', { name: 'Workspace' })
            .getByRole('link', { name: 'Settings', exact: true })
            .click();
          await page.getByRole('heading', { level: 1, name: 'Clinic settings' }).waitFor();
          const appointments = page.getByRole('region', { name: 'Appointments', exact: true });
          const listBooking = appointments.getByRole('checkbox', {
            name: 'Patients can book from their Appointments list',
          });
          const wasOn = await listBooking.isChecked();
          await listBooking.click();
          await appointments.getByRole('button', { name: 'Save list booking' }).click();
          await appointments
            .getByText(
              wasOn
                ? 'Settings saved. Patients book from the steps of their visits only.'
                : 'Settings saved. Patients can book from their Appointments list.',
            )
            .waitFor();
          const types = page.getByRole('region', { name: 'Appointment types' });
          await types.getByLabel('Length (minutes)').waitFor();
          await snap(page, `care-settings-appointments-${label}`);
          await expectAccessible(page, 'clinic settings', { title: 'Clinic settings' });
          const brand = await portal.ok<{ settings: { appointments?: { list_booking?: boolean } } }>(
            'GET',
            '/organization/search?domain=localhost',
          );
          expect(brand.settings.appointments?.list_booking === true).toBe(!wasOn);
        });
      } finally {
        await staff.context.close();
      }
    });
  });
}
