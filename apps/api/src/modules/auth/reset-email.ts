import { escapeHtml } from '../../platform/html';

/** The password reset e-mail, in plain text and HTML. */
export function renderResetEmail(p: {
  brand: string;
  firstName: string;
  link: string;
  minutes: number;
  supportEmail: string;
}) {
  const subject = `Reset your ${p.brand} password`;
  const text = [
    `Hi ${p.firstName},`,
    '',
    `We received a request to reset the password of your ${p.brand} account. Open this link to choose a new password:`,
    '',
    p.link,
    '',
    `The link works once and expires in ${p.minutes} minutes. If you did not ask for this, you can ignore this e-mail: your password stays the same.`,
    '',
    `Questions? Write to ${p.supportEmail}.`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5">
<p>Hi ${escapeHtml(p.firstName)},</p>
<p>We received a request to reset the password of your ${escapeHtml(p.brand)} account.</p>
<p><a href="${escapeHtml(p.link)}" style="display:inline-block;padding:12px 20px;background:#0f8a5f;color:#fff;border-radius:8px;text-decoration:none">Choose a new password</a></p>
<p>The link works once and expires in ${p.minutes} minutes. If you did not ask for this, you can ignore this e-mail: your password stays the same.</p>
<p>Questions? Write to <a href="mailto:${escapeHtml(p.supportEmail)}">${escapeHtml(p.supportEmail)}</a>.</p>
</body></html>`;
  return { subject, text, html };
}
