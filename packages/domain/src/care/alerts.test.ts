import { describe, expect, it } from 'vitest';
import { ALERT_KINDS, ALERTS, isAlertKind } from './alerts';

describe('the alert catalogue', () => {
  it('names the documents’ alert with its text to the letter (002 §4.11)', () => {
    expect(ALERTS['image-mismatch'].label).toBe('ID/Profile Image Mismatch');
  });

  it('labels every kind, each differently', () => {
    const labels = ALERT_KINDS.map((kind) => ALERTS[kind].label);
    expect(new Set(labels).size).toBe(ALERT_KINDS.length);
    for (const kind of ALERT_KINDS) expect(ALERTS[kind].action.length).toBeGreaterThan(10);
  });

  it('knows its own kinds and nothing else', () => {
    expect(isAlertKind('image-mismatch')).toBe(true);
    expect(isAlertKind('payment-failed')).toBe(true);
    expect(isAlertKind('Image-Mismatch')).toBe(false);
    expect(isAlertKind('constructor')).toBe(false);
    expect(isAlertKind('')).toBe(false);
  });
});
