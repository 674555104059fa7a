import type { FulfilmentStep } from '@portal/domain/care/fulfilment';
import { escapeHtml } from '../../platform/html';
import type { NotificationEmail } from '../notifications/notifier';

const SUBJECTS: Record<Exclude<FulfilmentStep, 'awaiting_fulfilment'>, string> = {
  processing: 'Your order is being prepared',
  shipped: 'Your order has shipped',
  delivered: 'Your order was delivered',
};

/**
 * The e-mail of a fulfilment step. Like every notification e-mail it names no medication (e-mail is read
 * on shared screens and kept by mail providers): it says "your order", and for a shipped one the carrier
 * and tracking number, which the patient needs to follow the parcel and which reveal nothing clinical.
 */
export function renderFulfilmentEmail(p: {
  step: Exclude<FulfilmentStep, 'awaiting_fulfilment'>;
  brand: string;
  firstName: string;
  link: string;
  trackingNumber?: string | null;
  carrier?: string | null;
}): NotificationEmail {
  const subject = `${SUBJECTS[p.step]} - ${p.brand}`;
  const lines: string[] = [];
  if (p.step === 'processing')
    lines.push('Our pharmacy is preparing your order. We will tell you when it ships.');
  if (p.step === 'shipped') {
    lines.push(`Your order is on its way${p.carrier ? ` with ${p.carrier}` : ''}.`);
    lines.push(`Tracking number: ${p.trackingNumber ?? ''}`);
  }
  if (p.step === 'delivered')
    lines.push('Your order was delivered. If anything is not right, message us: we are glad to help.');
  const text = [`Hi ${p.firstName},`, '', ...lines, '', 'See your orders:', p.link].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5">
<p>Hi ${escapeHtml(p.firstName)},</p>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(p.link)}" style="display:inline-block;padding:12px 20px;background:#0f8a5f;color:#fff;border-radius:8px;text-decoration:none">See your orders</a></p>
</body></html>`;
  return { subject, text, html };
}
