import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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

/** Two browsers: the patient's and the care team's, as two people on two machines. */
let patientBrowser: Browser;
let staffBrowser: Browser;
let portal: PortalApi;

beforeAll(async () => {
  [patientBrowser, staffBrowser] = await Promise.all([launch(), launch()]);
  portal = await PortalApi.forHost();
});
afterAll(async () => {
  await Promise.all([patientBrowser?.close(), staffBrowser?.close()]);
});

const history = (page: Page) => page.getByRole('log', { name: 'Message history' });

/** The built file that holds the clinic workspace's shell (the build's module-files.json). */
function careShellFile(): string {
  const files = path.join(inject('buildDir'), 'apps/web/dist/.vite/module-files.json');
  const file = (JSON.parse(readFileSync(files, 'utf8')) as Record<string, string>)[
    'src/app/shells/care-shell.tsx'
  ];
  if (!file) throw new Error('The build has no file for the care shell');
  return file;
}

/**
 * The packages the patient's Messages page loads before its first frame: those of the files its own file
 * imports statically, directly or through others (the build's manifest and chunk-packages.json).
 */
function messagesPageFirstLoadPackages(): Set<string> {
  const vite = path.join(inject('buildDir'), 'apps/web/dist/.vite');
  const manifest = JSON.parse(readFileSync(path.join(vite, 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const packages = JSON.parse(readFileSync(path.join(vite, 'chunk-packages.json'), 'utf8')) as Record<
    string,
    string[]
  >;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  visit('src/features/messages/pages/messages-page.tsx');
  if (seen.size < 2) throw new Error('The build has no Messages page');
  return new Set([...seen].flatMap((key) => packages[manifest[key]!.file] ?? []));
}

describe('the Messages page first load', () => {
  it('brings React and the query library but not the schema library, which waits for the real-time client', () => {
    const packages = messagesPageFirstLoadPackages();
    expect(packages).toContain('react-dom');
    expect(packages).toContain('@tanstack/query-core');
    expect(packages).not.toContain('zod');
  });
});

describe('chat between a patient and the care team', () => {
  it('both sides write in real time, with a file each, typing, Seen, the dot and the notification (1280 and 390 px)', async () => {
    const email = uniqueEmail('chat');
    const patientApi = await portal.signup(email, 'Secret123', 'Casey');
    await patientApi.completeProfile();
    const patientName = 'Casey Checkout';
    // a 40 x 30 green PNG
    const photo = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAPUlEQVRIie3VQQ0AMAwCwDlCEFrwPhnb45L+mzSUO1mfzLF4Th3hqneaAonKLCSGxWJxWAwWi8VhMV+xeAGyydENYRUD6wAAAABJRU5ErkJggg==',
      'base64',
    );
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

    const patient = await newPage(patientBrowser, DESKTOP);
    const staff = await newPage(staffBrowser, DESKTOP);
    try {
      // the patient writes first, with a photo
      await keepFailure(patient.page, 'chat-patient-first', async () => {
        await logIn(patient.page, email, 'Secret123', /\/dashboard\//);
        const scripts: string[] = [];
        patient.page.on('request', (request) => {
          if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
        });
        await patient.page.goto(url(`/dashboard/${patientApi.userId}/messages`));
        await patient.page.getByRole('heading', { name: 'No messages yet' }).waitFor();
        // the chat's pieces the workspace shares (message blocks, contracts) come without the workspace itself
        expect(scripts.length).toBeGreaterThan(0);
        expect(scripts).not.toContain(`/${careShellFile()}`);
        await patient.page.getByRole('button', { name: 'Attach a file' }).click();
        const dialog = patient.page.getByRole('dialog', { name: 'Attach a file' });
        await dialog.getByLabel('File to attach').setInputFiles({
          name: 'rash.png',
          mimeType: 'image/png',
          buffer: photo,
        });
        await patient.page.getByLabel('Message to your care team').fill('Hello! A photo of the rash.');
        await patient.page.getByRole('button', { name: 'Send' }).click();
        await history(patient.page).getByText('Hello! A photo of the rash.').waitFor();
        await history(patient.page).getByText('Delivered').waitFor();
        await expectAccessible(patient.page, 'messages', { title: 'Messages' });
      });

      // the care team finds it in the inbox and opens the thread: the patient sees Seen
      await keepFailure(staff.page, 'chat-staff-inbox', async () => {
        await logIn(staff.page, 'care@evergreen.test', 'Demo1234!', /\/care$/);
        await staff.page.goto(url('/care/messages?filter=unread'));
        await staff.page.getByRole('link', { name: patientName, exact: true }).click();
        await staff.page.getByText('Hello! A photo of the rash.').waitFor();
        await staff.page.getByRole('img', { name: /rash/ }).waitFor();
        await expectAccessible(staff.page, 'care thread', { title: 'Conversation' });
      });
      await history(patient.page).getByText('Seen').waitFor();

      // the team types (the patient sees it), then answers with a PDF
      await keepFailure(staff.page, 'chat-staff-reply', async () => {
        const box = staff.page.getByLabel('Reply to Casey');
        await box.pressSequentially('Thanks Casey, here is your care plan', { delay: 20 });
        await patient.page.getByText('Jordan Lee is typing…').waitFor();
        await staff.page.getByLabel('Attach a file').setInputFiles({
          name: 'Care plan.pdf',
          mimeType: 'application/pdf',
          buffer: pdf,
        });
        await staff.page.getByRole('button', { name: 'Send', exact: true }).click();
        await staff.page.getByText('Thanks Casey, here is your care plan').last().waitFor();
      });
      await keepFailure(patient.page, 'chat-patient-reply', async () => {
        await history(patient.page).getByText('Thanks Casey, here is your care plan').waitFor();
        await history(patient.page).getByText('Care plan.pdf').waitFor();
        await history(patient.page).getByText('Jordan Lee').first().waitFor();
        // the patient answers: it reaches the team without a reload
        await patient.page.getByLabel('Message to your care team').fill('Got it, thank you!');
        await patient.page.getByLabel('Message to your care team').press('Enter');
      });
      await staff.page.getByText('Got it, thank you!').waitFor();
      await staff.page.getByText('Seen by the patient').waitFor();

      // away from Messages, a new message lights the dot and the bell by itself; opening Messages clears the dot
      await keepFailure(patient.page, 'chat-patient-dot', async () => {
        await patient.page.goto(url(`/dashboard/${patientApi.userId}`));
        const messagesLink = patient.page.getByRole('link', { name: /^Messages/ }).first();
        await expect.poll(() => messagesLink.textContent()).not.toContain('(unread)');
        await staff.page.getByLabel('Reply to Casey').fill('One more thing: take it with food.');
        await staff.page.getByLabel('Reply to Casey').press('Enter');
        await expect.poll(() => messagesLink.textContent()).toContain('(unread)');
        await patient.page.goto(url(`/dashboard/${patientApi.userId}/notifications`));
        await patient.page
          .getByRole('main')
          .getByText('You have a new message from your care team.')
          .first()
          .waitFor();
        await patient.page.goto(url(`/dashboard/${patientApi.userId}/messages`));
        await history(patient.page).getByText('One more thing: take it with food.').waitFor();
        await patient.page.mouse.move(300, 300);
        await patient.page.mouse.move(420, 360);
        await expect
          .poll(() =>
            patient.page
              .getByRole('link', { name: /^Messages/ })
              .first()
              .textContent(),
          )
          .not.toContain('(unread)');
        await snap(patient.page, 'chat-patient', { fullPage: false });
        await snap(staff.page, 'chat-staff', { fullPage: false });
      });
    } finally {
      await patient.context.close();
      await staff.context.close();
    }

    // the same conversation on a phone: axe and no sideways scroll
    const phone = await newPage(patientBrowser, MOBILE);
    try {
      await keepFailure(phone.page, 'chat-patient-390', async () => {
        await logIn(phone.page, email, 'Secret123', /\/dashboard\//);
        await phone.page.goto(url(`/dashboard/${patientApi.userId}/messages`));
        await history(phone.page).getByText('One more thing: take it with food.').waitFor();
        await expectAccessible(phone.page, 'messages at 390 px', { title: 'Messages' });
        await snap(phone.page, 'chat-patient-390', { fullPage: false });
      });
    } finally {
      await phone.context.close();
    }
  }, 240_000);
});
