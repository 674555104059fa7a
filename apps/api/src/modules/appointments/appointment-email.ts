import { escapeHtml } from '../../platform/html';

/**
 * The booking confirmation. It says only that an appointment with the clinic exists and when: no kind of
 * call, physician or health detail, since e-mail is read on shared screens and kept by mail providers.
 */
export function renderBookingEmail(p: {
  brand: string;
  firstName: string;
  when: string;
  link: string;
  supportEmail: string;
}) {
  const subject = `Your ${p.brand} appointment is booked`;
  const text = [
    `Hi ${p.firstName},`,
    '',
    `Your appointment with ${p.brand} is booked for ${p.when}.`,
    '',
    'You can see the details, join the call or cancel it from your appointments:',
    p.link,
    '',
    `Questions? Write to ${p.supportEmail}.`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5">
<p>Hi ${escapeHtml(p.firstName)},</p>
<p>Your appointment with ${escapeHtml(p.brand)} is booked for <strong>${escapeHtml(p.when)}</strong>.</p>
<p><a href="${escapeHtml(p.link)}" style="display:inline-block;padding:12px 20px;background:#0f8a5f;color:#fff;border-radius:8px;text-decoration:none">View your appointments</a></p>
<p>Questions? Write to <a href="mailto:${escapeHtml(p.supportEmail)}">${escapeHtml(p.supportEmail)}</a>.</p>
</body></html>`;
  return { subject, text, html };
}
