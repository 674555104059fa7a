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
  mailTo,
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
  await browser.close();
});

/** A screenshot at 1280 px and one at 390 px, back at 1280 after. */
async function snapBoth(page: Page, name: string) {
  await snap(page, name);
  await page.setViewportSize(MOBILE);
  await snap(page, name);
  await page.setViewportSize(DESKTOP);
}

describe('staff management and the audit trail', () => {
  it('an admin invites a coordinator who joins from the e-mail, reads a chart, is deactivated; the trail shows the read', async () => {
    const patient = await portal.signup(uniqueEmail('audit-patient'), 'Secret123', 'Avery');
    const email = uniqueEmail('invited-coordinator');

    const admin = await newPage(browser, DESKTOP);
    const invitee = await newPage(browser, DESKTOP);
    await keepFailure(admin.page, 'care-staff-admin', async () => {
      // the admin invites a care coordinator
      await logIn(admin.page, 'admin@evergreen.test', 'Demo1234!', /\/care$/);
      await admin.page
        .getByRole('navigation', { name: 'Workspace' })
        .getByRole('link', { name: 'Staff' })
        .click();
      await admin.page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
      await admin.page.getByRole('row', { name: /care@evergreen\.test/ }).waitFor();
      await snapBoth(admin.page, 'care-staff');
      await expectAccessible(admin.page, 'staff page', { title: 'Staff', bothWidths: true });

      await admin.page.getByRole('button', { name: 'Invite', exact: true }).click();
      const dialog = admin.page.getByRole('dialog', { name: 'Invite a staff member' });
      await dialog.getByLabel('E-mail').fill(email);
      await dialog.getByLabel('First name').fill('Casey');
      await dialog.getByLabel('Last name').fill('Rivera');
      await dialog.getByLabel('Role').selectOption('care_team');
      await snap(admin.page, 'care-staff-invite', { fullPage: false });
      await expectAccessible(admin.page, 'invite dialog');
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await admin.page.getByText(`Invitation sent to ${email}.`).waitFor();
      await admin.page
        .getByRole('row', { name: /Casey Rivera/ })
        .getByText('Invited', { exact: true })
        .waitFor();
    });

    await keepFailure(invitee.page, 'care-staff-invitee', async () => {
      // the e-mail arrives with the link to the invitation page
      const mail = await mailTo(email);
      const link = mail.text.match(/https?:\/\/\S+\/care\/invitation\/[0-9a-f]{24}\/[A-Za-z0-9_-]+/)?.[0];
      expect(link, mail.text).toBeTruthy();
      const path = new URL(link!).pathname;
      await invitee.page.goto(url(path));
      await invitee.page.getByRole('heading', { level: 1, name: /^Welcome to .+, Casey$/ }).waitFor();
      await invitee.page.getByText(email).waitFor();
      await snapBoth(invitee.page, 'care-invitation');
      await expectAccessible(invitee.page, 'invitation page', {
        title: 'Join the care team',
        bothWidths: true,
      });

      await invitee.page.getByLabel('Password', { exact: true }).fill('Coordinator-2026');
      await invitee.page.getByLabel('Confirm password').fill('Coordinator-2026');
      await invitee.page.getByRole('button', { name: 'Join and sign in' }).click();
      await invitee.page.waitForURL(/\/care$/);
      await invitee.page.getByRole('heading', { level: 1, name: 'Review queue' }).waitFor();
      await invitee.page.getByText('Care coordinator').first().waitFor();

      // as a coordinator they read the patient's chart: the audit trail will show it
      await invitee.page.goto(url(`/care/patients/${patient.userId}`));
      await invitee.page.getByRole('heading', { level: 1, name: /^Avery/ }).waitFor();

      // a used link says so
      const again = await newPage(browser, DESKTOP);
      await again.page.goto(url(path));
      await again.page
        .getByRole('heading', { level: 1, name: 'This invitation has already been used' })
        .waitFor();
      await again.context.close();
    });

    await keepFailure(admin.page, 'care-staff-deactivate', async () => {
      await admin.page.reload();
      await admin.page.getByRole('button', { name: 'Deactivate Casey Rivera' }).click();
      const confirm = admin.page.getByRole('dialog', { name: 'Deactivate Casey Rivera?' });
      await snap(admin.page, 'care-staff-deactivate', { fullPage: false });
      await confirm.getByRole('button', { name: 'Deactivate' }).click();
      await admin.page.getByText('Casey Rivera was deactivated.').waitFor();
      await admin.page
        .getByRole('row', { name: /Casey Rivera/ })
        .getByText('Deactivated', { exact: true })
        .waitFor();
    });

    await keepFailure(invitee.page, 'care-staff-deactivated', async () => {
      // their session ends at once: the next read is refused and they are sent to log in
      await invitee.page.goto(url('/care'));
      await invitee.page.waitForURL(/\/login/);
    });

    await keepFailure(admin.page, 'care-audit', async () => {
      // the admin opens the chart and follows its audit trail: the coordinator's read is there
      await admin.page.goto(url(`/care/patients/${patient.userId}`));
      await admin.page.getByRole('link', { name: 'Audit trail of this patient' }).click();
      await admin.page.waitForURL(
        (u) => u.pathname === '/care/audit' && u.searchParams.get('patient') === patient.userId,
      );
      await admin.page.getByRole('heading', { level: 1, name: /^Audit trail of Avery/ }).waitFor();
      const read = admin.page
        .getByRole('row', { name: /Casey Rivera/ })
        .filter({ hasText: 'Opened the chart' });
      await read.first().waitFor();
      expect(await read.first().textContent()).toContain('Care coordinator');
      await snapBoth(admin.page, 'care-audit');
      await expectAccessible(admin.page, 'audit trail', { title: 'Audit trail', bothWidths: true });
    });

    await admin.context.close();
    await invitee.context.close();
  });
});
