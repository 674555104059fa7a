import { unfoldIcs } from '@portal/domain/scheduling/ics';
import { describe, expect, it } from 'vitest';
import {
  renderBookingEmail,
  renderCancellationEmail,
  renderInvitation,
  renderReminderEmail,
  renderRescheduleEmail,
} from './appointment-email';

const base = {
  brand: 'Rose & Thorn <Health>',
  firstName: 'Ana "Mae"',
  link: 'https://portal.rose.example/dashboard/u1/appointments',
  supportEmail: 'help@rose.example',
};
const when = 'Tuesday, December 1, 2026 at 10:00 AM PST';

describe('the appointment e-mails', () => {
  it('booked: the time as given, the link, and every value escaped in HTML', () => {
    const email = renderBookingEmail({ ...base, when });
    expect(email.subject).toBe('Your Rose & Thorn <Health> appointment is booked');
    expect(email.text).toContain(`Your appointment with Rose & Thorn <Health> is booked for ${when}.`);
    expect(email.text).toContain(base.link);
    expect(email.html).toContain('Hi Ana &quot;Mae&quot;,');
    expect(email.html).toContain(
      `with Rose &amp; Thorn &lt;Health&gt; is booked for <strong>${when}</strong>.`,
    );
    expect(email.html).not.toContain('<Health>');
  });

  it('moved: the new time and the old one', () => {
    const email = renderRescheduleEmail({
      ...base,
      when,
      previousWhen: 'Friday, October 30, 2026 at 7:00 AM PDT',
    });
    expect(email.subject).toBe('Your Rose & Thorn <Health> appointment has moved');
    expect(email.text).toContain(`has moved to ${when}.`);
    expect(email.text).toContain('It was on Friday, October 30, 2026 at 7:00 AM PDT.');
    expect(email.html).toContain(`has moved to <strong>${when}</strong>.`);
  });

  it('reminder: the time as given, escaped in HTML', () => {
    const email = renderReminderEmail({ ...base, when });
    expect(email.subject).toBe('Reminder: your Rose & Thorn <Health> appointment');
    expect(email.text).toContain(
      `This is a reminder of your appointment with Rose & Thorn <Health> on ${when}.`,
    );
    expect(email.html).toContain(`with Rose &amp; Thorn &lt;Health&gt; on <strong>${when}</strong>.`);
  });

  it('canceled by the patient, and by the clinic with its message escaped in HTML', () => {
    const own = renderCancellationEmail({ ...base, when });
    expect(own.subject).toBe('Your Rose & Thorn <Health> appointment is canceled');
    expect(own.text).toContain(`Your appointment with Rose & Thorn <Health> on ${when} is canceled.`);
    expect(own.text).not.toContain('message');

    const message = 'Sorry <script>alert(1)</script> & see you soon.\nCall us back.';
    const clinic = renderCancellationEmail({ ...base, when, clinicMessage: message });
    expect(clinic.text).toContain(
      `Rose & Thorn <Health> canceled your appointment on ${when}. Their message to you:\n\n${message}`,
    );
    expect(clinic.html).toContain(
      'Sorry &lt;script&gt;alert(1)&lt;/script&gt; &amp; see you soon.<br>Call us back.',
    );
    expect(clinic.html).not.toContain('<script>');
    expect(clinic.html).toContain('Book another time');
  });
});

describe('the invitation', () => {
  const appointment = {
    id: '0123456789abcdef01234567',
    sequence: 2,
    start: new Date('2026-12-01T18:00:00Z'),
    end: new Date('2026-12-01T18:30:00Z'),
  };
  const invite = (method: 'REQUEST' | 'CANCEL') =>
    renderInvitation({
      method,
      appointment,
      brand: base.brand,
      link: base.link,
      supportEmail: base.supportEmail,
      patient: { name: 'Ana Mae', email: 'ana@example.com' },
      timeZone: 'America/Los_Angeles',
      stamp: new Date('2026-11-28T08:00:00Z'),
    });

  it('names the clinic only, points at the appointments page and keeps the UID and sequence', () => {
    const calendar = invite('REQUEST');
    expect(calendar.method).toBe('REQUEST');
    const lines = unfoldIcs(calendar.content);
    expect(lines).toContain('METHOD:REQUEST');
    expect(lines).toContain('UID:0123456789abcdef01234567@portal.rose.example');
    expect(lines).toContain('SEQUENCE:2');
    expect(lines).toContain('DTSTART:20261201T180000Z');
    expect(lines).toContain('SUMMARY:Rose & Thorn <Health> appointment');
    expect(lines).toContain(`LOCATION:${base.link}`);
    expect(lines.find((l) => l.startsWith('DESCRIPTION:'))).toBe(
      `DESCRIPTION:Rose & Thorn <Health> appointment on Tuesday\\, December 1 at 10:00 AM PST.\\nYour appointments: ${base.link}`,
    );
    expect(lines.find((l) => l.startsWith('ORGANIZER'))).toBe(
      'ORGANIZER;CN="Rose & Thorn <Health>":mailto:help@rose.example',
    );
  });

  it('a cancellation is METHOD:CANCEL for the same UID', () => {
    const calendar = invite('CANCEL');
    expect(calendar.method).toBe('CANCEL');
    const lines = unfoldIcs(calendar.content);
    expect(lines).toContain('METHOD:CANCEL');
    expect(lines).toContain('STATUS:CANCELLED');
    expect(lines).toContain('UID:0123456789abcdef01234567@portal.rose.example');
  });
});
