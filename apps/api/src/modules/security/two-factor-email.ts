import { escapeHtml } from '../../platform/html';

/** The e-mail sent whenever two-factor sign-in is turned on or off, so a change the patient did not make is seen. */
export function renderTwoFactorEmail(p: {
  brand: string;
  firstName: string;
  enabled: boolean;
  at: Date;
  device: string | null;
  supportEmail: string;
}) {
  const subject = p.enabled
    ? `Two-factor sign-in is on for your ${p.brand} account`
    : `Two-factor sign-in is off for your ${p.brand} account`;
  const when = `${p.at.toISOString().slice(0, 16).replace('T', ' ')} UTC${p.device ? ` from ${p.device}` : ''}`;
  const what = p.enabled
    ? 'Two-factor sign-in was turned on: signing in now also asks for a code from your authenticator app.'
    : 'Two-factor sign-in was turned off: signing in now asks only for your password.';
  const lines = [
    `Hi ${p.firstName},`,
    '',
    `${what} (${when})`,
    '',
    `If this was not you, reset your password at once and write to ${p.supportEmail}.`,
  ];
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5">
<p>Hi ${escapeHtml(p.firstName)},</p>
<p>${escapeHtml(what)} (${escapeHtml(when)})</p>
<p>If this was not you, reset your password at once and write to <a href="mailto:${escapeHtml(p.supportEmail)}">${escapeHtml(p.supportEmail)}</a>.</p>
</body></html>`;
  return { subject, text: lines.join('\n'), html };
}
