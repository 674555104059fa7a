import type { AppointmentTypeSettings } from '@portal/domain/contracts/appointment';
import type { ClinicSettings } from '@portal/domain/contracts/care';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockApi, ORG_ID, renderRoute, setOrganization } from '../../../test/helpers';
import { signInStaff } from '../test-fixtures';
import { formatMinutes, minutesOf } from './settings-page';

const SETTINGS = `GET /care/${ORG_ID}/settings`;
const SAVE = `PUT /care/${ORG_ID}/settings`;
const FIELD = 'Reminder after (minutes)';

const settings = (minutes = 30, listBooking = false): ClinicSettings => ({
  messaging: { reminder_delay_minutes: minutes },
  appointments: { list_booking: listBooking },
});

beforeEach(() => setOrganization());

/** The ids an element's aria-describedby names, as their texts. */
function descriptionsOf(element: HTMLElement): string[] {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `missing #${id}`);
}

describe('the clinic settings page', () => {
  it("shows the clinic's reminder delay in a Messages section, its hint tied to the field; the bar links here", async () => {
    signInStaff('admin');
    mockApi({ [SETTINGS]: json(200, settings(30)) });
    renderRoute('/care/settings');
    await screen.findByRole('heading', { level: 1, name: 'Clinic settings' });
    const section = within(await screen.findByRole('region', { name: 'Messages' }));
    const field = section.getByLabelText(FIELD);
    expect(field).toHaveValue('30');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(descriptionsOf(field)).toEqual([
      expect.stringMatching(
        /^If a patient has not read a message from the care team after this many minutes, they get one e-mail or text, by their notification preferences\. It never contains the message\./,
      ),
    ]);
    expect(section.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Workspace' }));
    expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    expect(document.title).toMatch(/^Clinic settings/);
  });

  it('saves a new delay: the server gets a number, the field shows what it stored, the save is announced', async () => {
    signInStaff('admin');
    let stored = settings(30);
    const requests = mockApi({
      [SETTINGS]: () => json(200, stored),
      [SAVE]: (request) => {
        stored = { ...stored, ...(request.body as Partial<ClinicSettings>) };
        return json(200, stored);
      },
    });
    const { user } = renderRoute('/care/settings');
    const field = await screen.findByLabelText(FIELD);
    await user.clear(field);
    await user.type(field, ' 45 ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const saved = await screen.findByText(
      'Settings saved. A patient who has not read a message from the care team gets their reminder after 45 minutes.',
    );
    expect(saved.closest('[role="status"]')).not.toBeNull();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([
      expect.objectContaining({
        path: `/care/${ORG_ID}/settings`,
        body: { messaging: { reminder_delay_minutes: 45 } },
      }),
    ]);
    expect(field).toHaveValue('45');
    expect(field).not.toHaveAttribute('aria-invalid');

    // editing again clears the announcement, so it never describes a value not yet saved
    await user.type(field, '0');
    expect(screen.queryByText(/^Settings saved/)).toBeNull();
  });

  it("checks the value as the server does before sending, with the contract's messages on the field", async () => {
    signInStaff('admin');
    const requests = mockApi({ [SETTINGS]: json(200, settings(30)) });
    const { user } = renderRoute('/care/settings');
    const field = await screen.findByLabelText(FIELD);
    const save = screen.getByRole('button', { name: 'Save' });
    for (const [typed, message] of [
      ['0', 'Enter at least 1 minute.'],
      ['10081', 'Enter at most 10,080 minutes (one week).'],
      ['1.5', 'Enter a whole number of minutes.'],
      ['an hour', 'Enter a number of minutes.'],
      ['', 'Enter a number of minutes.'],
    ] as const) {
      await user.clear(field);
      if (typed) await user.type(field, typed);
      await user.click(save);
      await screen.findByText(message);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(descriptionsOf(field)).toEqual([expect.stringMatching(/^If a patient/), message]);
    }
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it("shows the server's refusal on the field, and one it cannot place above the form", async () => {
    signInStaff('admin');
    let answer = json(400, {
      text: 'ValidationError',
      message: 'Enter at most 10,080 minutes (one week).',
      fields: [
        {
          path: 'body.messaging.reminder_delay_minutes',
          message: 'Enter at most 10,080 minutes (one week).',
        },
      ],
    });
    mockApi({ [SETTINGS]: json(200, settings(30)), [SAVE]: () => answer });
    const { user } = renderRoute('/care/settings');
    const field = await screen.findByLabelText(FIELD);
    await user.clear(field);
    await user.type(field, '60');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Enter at most 10,080 minutes (one week).');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(descriptionsOf(field)).toContain('Enter at most 10,080 minutes (one week).');
    expect(screen.queryByText(/^Settings saved/)).toBeNull();

    // typing again clears it; a refusal of the whole request is shown on the form
    await user.type(field, '0');
    expect(field).not.toHaveAttribute('aria-invalid');
    answer = json(403, { text: 'Forbidden', message: 'You do not have access to this resource.' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const messages = within(screen.getByRole('region', { name: 'Messages' }));
    expect(await messages.findByRole('alert')).toHaveTextContent('You do not have access to this resource.');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('says so while loading, and when the settings cannot be read offers to try again', async () => {
    signInStaff('admin');
    let release: (r: Response) => void = () => {};
    let calls = 0;
    mockApi({
      [SETTINGS]: () => {
        calls += 1;
        if (calls === 1)
          return json(500, { text: 'NetworkError', message: 'Something went wrong. Please try again.' });
        return new Promise<Response>((resolve) => {
          release = resolve;
        });
      },
    });
    const { user } = renderRoute('/care/settings');
    const failed = await screen.findByRole('alert');
    expect(failed).toHaveTextContent('The clinic settings could not be loaded.');
    expect(failed).toHaveTextContent('Something went wrong. Please try again.');
    expect(screen.queryByLabelText(FIELD)).toBeNull();
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls).toBe(2));
    release(json(200, settings(90)));
    expect(await screen.findByLabelText(FIELD)).toHaveValue('90');
    expect(within(screen.getByRole('region', { name: 'Messages' })).queryByRole('alert')).toBeNull();
    expect(screen.queryByText('The clinic settings could not be loaded.')).toBeNull();
  });

  it('shows a spinner until the settings arrive', async () => {
    signInStaff('admin');
    // The read is answered once it has been made: the loading line can show before the read leaves (the
    // page's reads are batched), and answering a read not yet made left it open for ever.
    const waiting: ((r: Response) => void)[] = [];
    mockApi({ [SETTINGS]: () => new Promise<Response>((resolve) => waiting.push(resolve)) });
    renderRoute('/care/settings');
    await screen.findByText('Loading the clinic settings');
    await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    for (const answer of waiting) answer(json(200, settings(30)));
    expect(await screen.findByLabelText(FIELD)).toHaveValue('30');
    expect(screen.queryByText('Loading the clinic settings')).toBeNull();
  });

  it.each(['care_team', 'physician'] as const)(
    'tells a %s that only an admin changes them, reads nothing and offers no link',
    async (role) => {
      signInStaff(role);
      const requests = mockApi({ [SETTINGS]: json(200, settings(30)) });
      renderRoute('/care/settings');
      await screen.findByRole('heading', { name: "Only an admin can change the clinic's settings" });
      expect(screen.queryByLabelText(FIELD)).toBeNull();
      expect(requests.filter((r) => r.path.startsWith(`/care/${ORG_ID}/settings`))).toEqual([]);
      const nav = within(screen.getByRole('navigation', { name: 'Workspace' }));
      expect(nav.queryByRole('link', { name: 'Settings' })).toBeNull();
    },
  );
});

describe('the minutes field', () => {
  it('reads digits (and a thousands comma) as a number, nothing as missing, anything else as text', () => {
    expect(minutesOf(' 45 ')).toBe(45);
    expect(minutesOf('10,080')).toBe(10_080);
    expect(minutesOf('1.5')).toBe(1.5);
    expect(minutesOf('')).toBeUndefined();
    expect(minutesOf('an hour')).toBe('an hour');
  });

  it('says a delay in days, hours and minutes', () => {
    expect(formatMinutes(1)).toBe('1 minute');
    expect(formatMinutes(45)).toBe('45 minutes');
    expect(formatMinutes(60)).toBe('1 hour');
    expect(formatMinutes(90)).toBe('1 hour 30 minutes');
    expect(formatMinutes(1_441)).toBe('1 day 1 minute');
    expect(formatMinutes(10_080)).toBe('7 days');
  });

  it("words a visit's How it Works step, refuses an empty title, and goes back to the portal's wording", async () => {
    signInStaff('admin');
    const T1 = '65a1b2c3d4e5f6a7b8c9d0a1';
    const T2 = '65a1b2c3d4e5f6a7b8c9d0a2';
    const base = {
      lead: 'Portal lead.',
      steps: [{ title: 'Your profile', text: 'Portal step.' }],
      customized: false,
    };
    const requests = mockApi({
      [SETTINGS]: json(200, settings(30)),
      [`GET /care/${ORG_ID}/visit-intros`]: json(200, {
        intros: [
          { ...base, template: T1, name: 'General intake', is_global: true, title: 'Portal title' },
          { ...base, template: T2, name: 'Rapamycin', is_global: false, title: 'Portal title' },
        ],
      }),
      [`PUT /care/${ORG_ID}/visit-intros/${T2}`]: (request) => {
        const body = request.body as Record<string, unknown>;
        return json(
          200,
          'reset' in body
            ? { ...base, template: T2, title: 'Portal title' }
            : { ...base, ...body, template: T2, customized: true },
        );
      },
    });
    const { user } = renderRoute('/care/settings');
    const section = within(await screen.findByRole('region', { name: 'Visit introductions' }));
    await user.selectOptions(await section.findByLabelText('Visit'), T2);
    const title = section.getByLabelText('Title');
    await user.clear(title);
    await user.click(section.getByRole('button', { name: 'Save introduction' }));
    await section.findByText('Give the introduction a title.');
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.type(title, 'Your rapamycin visit');
    await user.click(section.getByRole('button', { name: 'Add a step' }));
    await user.type(section.getByLabelText('Step 2 title'), 'Your health');
    await user.type(section.getByLabelText('Step 2 text'), 'Questions your physician reviews.');
    await user.click(section.getByRole('button', { name: 'Save introduction' }));
    await section.findByText('Introduction saved. Patients see it from their next visit.');
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      title: 'Your rapamycin visit',
      lead: 'Portal lead.',
      steps: [
        { title: 'Your profile', text: 'Portal step.' },
        { title: 'Your health', text: 'Questions your physician reviews.' },
      ],
    });

    await user.click(section.getByRole('button', { name: "Use the portal's wording" }));
    await section.findByText("Back to the portal's wording.");
    expect(requests.filter((r) => r.method === 'PUT').at(-1)?.body).toEqual({ reset: true });
    expect(section.getByLabelText('Title')).toHaveValue('Portal title');
  });
});

const TYPES = `GET /care/${ORG_ID}/appointment-types`;
const SAVE_TYPES = `PUT /care/${ORG_ID}/appointment-types`;
const builtIn = {
  duration_minutes: 30,
  buffer_before_minutes: 0,
  buffer_after_minutes: 0,
  minimum_notice_minutes: 120,
  horizon_days: 60,
  slot_interval_minutes: null,
};
const types = (): AppointmentTypeSettings => ({
  types: [
    { kind: 'user-verification', name: 'Identity verification call', custom: false, ...builtIn },
    { kind: 'coaching', name: 'Coaching session', custom: false, ...builtIn },
    { kind: 'consultation', name: 'Consultation', custom: false, ...builtIn },
  ],
});

describe('the clinic settings page: appointments', () => {
  it('turns booking from the Appointments list on, sending only that setting', async () => {
    signInStaff('admin');
    let stored = settings(30, false);
    const requests = mockApi({
      [SETTINGS]: () => json(200, stored),
      [TYPES]: json(200, types()),
      [SAVE]: (request) => {
        stored = { ...stored, ...(request.body as Partial<ClinicSettings>) };
        return json(200, stored);
      },
    });
    const { user } = renderRoute('/care/settings');
    const section = within(await screen.findByRole('region', { name: 'Appointments' }));
    const box = section.getByRole('checkbox', { name: 'Patients can book from their Appointments list' });
    expect(box).not.toBeChecked();
    await user.click(box);
    await user.click(section.getByRole('button', { name: 'Save list booking' }));
    await section.findByText('Settings saved. Patients can book from their Appointments list.');
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { appointments: { list_booking: true } },
    ]);
    expect(box).toBeChecked();
  });

  it('shows each kind’s rules, built-in ones said so, and saves one kind’s new rules', async () => {
    signInStaff('admin');
    const requests = mockApi({
      [SETTINGS]: json(200, settings()),
      [TYPES]: json(200, types()),
      [SAVE_TYPES]: (request) => {
        const sent = (request.body as { types: Record<string, unknown>[] }).types[0]!;
        const next = types();
        next.types = next.types.map((t) => (t.kind === sent.kind ? { ...t, ...sent, custom: true } : t));
        return json(200, next);
      },
    });
    const { user } = renderRoute('/care/settings');
    const section = within(await screen.findByRole('region', { name: 'Appointment types' }));
    const kind = await section.findByLabelText('Kind of call');
    expect(kind).toHaveDisplayValue('Identity verification call · built-in rules');
    await user.selectOptions(kind, 'consultation');
    const length = section.getByLabelText('Length (minutes)');
    expect(length).toHaveValue('30');
    await user.clear(length);
    await user.type(length, '45');
    await user.type(section.getByLabelText('Start times every (minutes)'), '60');
    await user.clear(section.getByLabelText('Free after (minutes)'));
    await user.type(section.getByLabelText('Free after (minutes)'), '15');
    await user.click(section.getByRole('button', { name: 'Save consultation' }));
    await section.findByText('Consultation saved. Open times follow it from now on; booked calls stay.');
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      {
        types: [
          {
            kind: 'consultation',
            ...builtIn,
            duration_minutes: 45,
            buffer_after_minutes: 15,
            slot_interval_minutes: 60,
          },
        ],
      },
    ]);
    expect(section.getByLabelText('Kind of call')).toHaveDisplayValue('Consultation');
  });

  it('refuses rules out of bounds on the field before sending', async () => {
    signInStaff('admin');
    const requests = mockApi({ [SETTINGS]: json(200, settings()), [TYPES]: json(200, types()) });
    const { user } = renderRoute('/care/settings');
    const section = within(await screen.findByRole('region', { name: 'Appointment types' }));
    const length = await section.findByLabelText('Length (minutes)');
    await user.clear(length);
    await user.type(length, '2');
    await user.clear(section.getByLabelText('Bookable ahead (days)'));
    await user.click(section.getByRole('button', { name: 'Save identity verification call' }));
    expect(length).toHaveAttribute('aria-invalid', 'true');
    expect(section.getByText('The duration must be from 5 to 480 minutes.')).toBeInTheDocument();
    expect(section.getByText('How far ahead must be a whole number of days.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });
});
