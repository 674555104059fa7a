import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, deliveryChannels, resolvePreferences } from './preferences';

const verified = { mobileVerified: true, hasMobile: true };

describe('notification preferences', () => {
  it('defaults: e-mail for lab, message, appointments and payment; SMS for appointments', () => {
    const d = DEFAULT_NOTIFICATION_PREFERENCES;
    const emailed = Object.entries(d)
      .filter(([, c]) => c.email)
      .map(([k]) => k);
    const texted = Object.entries(d)
      .filter(([, c]) => c.sms)
      .map(([k]) => k);
    expect(emailed.sort()).toEqual(['appointments', 'lab', 'message', 'payment']);
    expect(texted).toEqual(['appointments']);
  });

  it('lays stored choices over the defaults and ignores what is not a boolean', () => {
    const p = resolvePreferences({ lab: { email: false }, order: { sms: true, email: 'yes' }, bogus: {} });
    expect(p.lab).toEqual({ email: false, sms: false });
    expect(p.order).toEqual({ email: false, sms: true });
    expect(p.payment).toEqual({ email: true, sms: false });
    expect(resolvePreferences(null)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it('sends SMS only to a verified mobile number', () => {
    const p = DEFAULT_NOTIFICATION_PREFERENCES;
    expect(deliveryChannels(p, 'appointments', verified)).toEqual(['email', 'sms']);
    expect(deliveryChannels(p, 'appointments', { mobileVerified: false, hasMobile: true })).toEqual([
      'email',
    ]);
    expect(deliveryChannels(p, 'appointments', { mobileVerified: true, hasMobile: false })).toEqual([
      'email',
    ]);
    expect(deliveryChannels(p, 'order', verified)).toEqual([]);
  });
});
