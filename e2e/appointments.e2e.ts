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
  url,
} from './support/browser';

let browser: Browser;
let portal: PortalApi;

beforeAll(async () => {
  browser = await launch();
  portal = await PortalApi.forHost();
});
afterAll(async () => {
  await browser?.close();
});

type Listed = {
  _id: string;
  event: { start_time: string; canceled: boolean };
  physician: { _id: string } | null;
};

/** Picks the first open day's time at `index` in the slot picker, confirms, and waits for the booking. */
async function pickAndConfirm(page: Page, index: number) {
  const times = page.getByRole('group', { name: /Choose a time on/ });
  await times.getByRole('button').nth(index).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('heading', { name: 'Your call is booked' }).waitFor();
}

describe('appointments and providers (issue 16)', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`a patient finds a provider licensed in their state, books, reschedules and cancels (${viewport.width} px)`, async () => {
      const email = uniqueEmail('appointments');
      const firstName = viewport === DESKTOP ? 'Avery' : 'Blake';
      const api = await portal.signup(email, 'Secret123', firstName);
      await api.completeProfile(); // home state CA
      const { context, page } = await newPage(browser, viewport);
      const tag = `appointments-${viewport.width}`;
      await keepFailure(page, tag, async () => {
        await logIn(page, email, 'Secret123', /\/dashboard\//);

        await page.goto(url(`/dashboard/${api.userId}/providers`));
        await page.getByRole('heading', { level: 1, name: 'Providers' }).waitFor();
        await page.getByText('Licensed in CA', { exact: true }).waitFor();
        const first = page.getByRole('article').first();
        await first.getByRole('link', { name: /^Book with / }).waitFor();
        await expectAccessible(page, `${tag}-providers`, { title: 'Providers' });
        await snap(page, `${tag}-providers`);
        const doctor = (await first.getByRole('heading', { level: 2 }).textContent()) ?? '';
        await first.getByRole('link', { name: /^Book with / }).click();

        await page.getByRole('heading', { name: 'Schedule Appointment' }).waitFor();
        await page.getByText(`Book with your account e-mail (${email})`, { exact: false }).waitFor();
        await page
          .getByRole('group', { name: /Choose a time on/ })
          .getByRole('button')
          .first()
          .waitFor();
        await expectAccessible(page, `${tag}-schedule`, { title: 'Appointments' });
        await snap(page, `${tag}-schedule`);
        await pickAndConfirm(page, 0);
        await page.getByText(`With ${doctor}`).waitFor();

        const booked = await api.ok<Listed[]>('GET', `/v2/appointments/${api.org}/user/${api.userId}`);
        expect(booked).toHaveLength(1);
        const firstStart = booked[0]!.event.start_time;

        // the clinic sees the booking in its schedule, on the day it was booked for
        const staff = await newPage(browser, viewport);
        await logIn(staff.page, 'physician@evergreen.test', 'Demo1234!', /\/care/);
        await staff.page.goto(url(`/care/schedule?date=${firstStart.slice(0, 10)}`));
        const entry = staff.page.getByRole('listitem').filter({ hasText: firstName });
        await entry.getByRole('link').first().waitFor();
        await expect.poll(() => entry.count()).toBe(1);
        await expectAccessible(staff.page, `${tag}-care-schedule`, { title: 'Schedule' });
        await snap(staff.page, `${tag}-care-schedule`);
        await staff.context.close();

        await page.getByRole('link', { name: 'View your appointments' }).click();
        const list = page.getByRole('list', { name: 'Your appointments' });
        await list.getByRole('listitem').first().waitFor();
        await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
        await expectAccessible(page, `${tag}-list`, { title: 'Appointments' });
        await snap(page, `${tag}-list`);

        await list.getByRole('button', { name: 'Reschedule' }).click();
        await page.getByRole('heading', { name: /^Reschedule / }).waitFor();
        await pickAndConfirm(page, 1);
        const moved = await api.ok<Listed[]>('GET', `/v2/appointments/${api.org}/user/${api.userId}`);
        const live = moved.filter((a) => !a.event.canceled);
        expect(live).toHaveLength(1);
        expect(live[0]!.event.start_time).not.toBe(firstStart);
        expect(live[0]!.physician?._id).toBe(booked[0]!.physician?._id);

        await page.getByRole('link', { name: 'View your appointments' }).click();
        await list.getByRole('button', { name: 'Cancel' }).click();
        const dialog = page.getByRole('dialog', { name: 'Cancel this appointment?' });
        await dialog.waitFor();
        await expectAccessible(page, `${tag}-cancel`, { title: 'Appointments' });
        await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await list.getByText('Canceled').first().waitFor();
        await expect.poll(() => list.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
        await snap(page, `${tag}-canceled`);
        const after = await api.ok<Listed[]>('GET', `/v2/appointments/${api.org}/user/${api.userId}`);
        expect(after.filter((a) => !a.event.canceled)).toHaveLength(0);
      });
      await context.close();
    });
  }
});
