import { buildIcs } from '@portal/domain/scheduling/ics';
import { escapeHtml } from '../../platform/html';
import type { MailCalendar } from '../../platform/mail';

/*
 * The e-mails of an appointment: booked, moved, canceled. They say only that an appointment with the clinic
 * exists and when: no kind of call, physician or health detail, since e-mail is read on shared screens and
 * kept by mail providers. Times are worded in the patient's zone, named in the sentence ("PST").
 */

/** What every appointment e-mail names: the clinic, the patient, where to see the appointments, whom to ask. */
export type AppointmentEmailBase = {
  brand: string;
  firstName: string;
  /** The patient's appointments page. */
  link: string;
  supportEmail: string;
};

type Paragraph = { text: string; html: string };

const ON_THE_PAGE = {
  lead: 'You can see the details, join the call or cancel it from your appointments:',
  button: 'View your appointments',
};

/** The same message as text and as HTML; every value is escaped in the HTML. */
function render(
  p: AppointmentEmailBase,
  subject: string,
  body: Paragraph[],
  action: { lead: string; button: string } = ON_THE_PAGE,
) {
  const text = [
    `Hi ${p.firstName},`,
    '',
    ...body.flatMap((b) => [b.text, '']),
    action.lead,
    p.link,
    '',
    `Questions? Write to ${p.supportEmail}.`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5">
<p>Hi ${escapeHtml(p.firstName)},</p>
${body.map((b) => `<p>${b.html}</p>`).join('\n')}
<p><a href="${escapeHtml(p.link)}" style="display:inline-block;padding:12px 20px;background:#0f8a5f;color:#fff;border-radius:8px;text-decoration:none">${action.button}</a></p>
<p>Questions? Write to <a href="mailto:${escapeHtml(p.supportEmail)}">${escapeHtml(p.supportEmail)}</a>.</p>
</body></html>`;
  return { subject, text, html };
}

const strong = (value: string) => `<strong>${escapeHtml(value)}</strong>`;

/** The booking confirmation. */
export function renderBookingEmail(p: AppointmentEmailBase & { when: string }) {
  return render(p, `Your ${p.brand} appointment is booked`, [
    {
      text: `Your appointment with ${p.brand} is booked for ${p.when}.`,
      html: `Your appointment with ${escapeHtml(p.brand)} is booked for ${strong(p.when)}.`,
    },
  ]);
}

/** A reschedule: the new time first, the old one for reference. */
export function renderRescheduleEmail(p: AppointmentEmailBase & { when: string; previousWhen: string }) {
  return render(p, `Your ${p.brand} appointment has moved`, [
    {
      text: `Your appointment with ${p.brand} has moved to ${p.when}.`,
      html: `Your appointment with ${escapeHtml(p.brand)} has moved to ${strong(p.when)}.`,
    },
    {
      text: `It was on ${p.previousWhen}. The invitation in this e-mail moves it in your calendar.`,
      html: `It was on ${escapeHtml(p.previousWhen)}. The invitation in this e-mail moves it in your calendar.`,
    },
  ]);
}

/** A reminder before the call: no invitation (the calendar already holds the event), only the time. */
export function renderReminderEmail(p: AppointmentEmailBase & { when: string }) {
  return render(p, `Reminder: your ${p.brand} appointment`, [
    {
      text: `This is a reminder of your appointment with ${p.brand} on ${p.when}.`,
      html: `This is a reminder of your appointment with ${escapeHtml(p.brand)} on ${strong(p.when)}.`,
    },
  ]);
}

/** A cancellation, by the patient or by the clinic with its message to the patient. */
export function renderCancellationEmail(
  p: AppointmentEmailBase & { when: string; clinicMessage?: string | null | undefined },
) {
  const body: Paragraph[] = p.clinicMessage
    ? [
        {
          text: `${p.brand} canceled your appointment on ${p.when}. Their message to you:`,
          html: `${escapeHtml(p.brand)} canceled your appointment on ${strong(p.when)}. Their message to you:`,
        },
        {
          text: p.clinicMessage,
          html: escapeHtml(p.clinicMessage).replace(/\r?\n/g, '<br>'),
        },
      ]
    : [
        {
          text: `Your appointment with ${p.brand} on ${p.when} is canceled.`,
          html: `Your appointment with ${escapeHtml(p.brand)} on ${strong(p.when)} is canceled.`,
        },
      ];
  const removes = 'The invitation in this e-mail removes it from your calendar.';
  body.push({ text: removes, html: removes });
  return render(p, `Your ${p.brand} appointment is canceled`, body, {
    lead: 'You can book another time from your appointments:',
    button: 'Book another time',
  });
}

/**
 * The calendar invitation of one version of an appointment (decision 043): the appointment's id is the UID
 * and its sequence the SEQUENCE, so a calendar moves or removes the event it holds instead of adding one.
 * The event is as bare as the e-mail: "<brand> appointment", with the appointments page as its description
 * and location. The location is that page rather than the video room's address because the room can change
 * after the invitation is sent (the physician's own room, decision 043) while the page always leads to the
 * current one, and a room address kept in calendars and synced to other devices is a door left open.
 */
export function renderInvitation(p: {
  method: MailCalendar['method'];
  appointment: { id: string; sequence: number; start: Date; end: Date };
  brand: string;
  link: string;
  supportEmail: string;
  patient: { name: string; email: string };
  timeZone: string;
  stamp: Date;
}): MailCalendar {
  const content = buildIcs({
    method: p.method,
    appointmentId: p.appointment.id,
    domain: new URL(p.link).hostname,
    sequence: p.appointment.sequence,
    start: p.appointment.start,
    end: p.appointment.end,
    stamp: p.stamp,
    summary: `${p.brand} appointment`,
    description: `Your appointments: ${p.link}`,
    location: p.link,
    url: p.link,
    organizer: { name: p.brand, email: p.supportEmail },
    attendee: p.patient,
    timeZone: p.timeZone,
  });
  return { method: p.method, content };
}
