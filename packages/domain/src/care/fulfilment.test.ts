import { describe, expect, it } from 'vitest';
import { FULFILMENT_STEPS, fulfilmentNotice, fulfilmentRefusal, nextFulfilmentStep } from './fulfilment';

describe('fulfilment steps', () => {
  it('go forward one at a time to delivered', () => {
    expect(FULFILMENT_STEPS.map(nextFulfilmentStep)).toEqual(['processing', 'shipped', 'delivered', null]);
  });

  it('refuse skipping or going back, and shipping without a tracking number', () => {
    expect(fulfilmentRefusal('awaiting_fulfilment', 'processing')).toBeNull();
    expect(fulfilmentRefusal('awaiting_fulfilment', 'shipped', '1Z')).toBe('StepOutOfOrder');
    expect(fulfilmentRefusal('shipped', 'processing')).toBe('StepOutOfOrder');
    expect(fulfilmentRefusal('delivered', 'delivered')).toBe('StepOutOfOrder');
    expect(fulfilmentRefusal('processing', 'shipped')).toBe('TrackingNumberRequired');
    expect(fulfilmentRefusal('processing', 'shipped', '  ')).toBe('TrackingNumberRequired');
    expect(fulfilmentRefusal('processing', 'shipped', '1Z999AA10123456784')).toBeNull();
  });
});

describe('fulfilment notices', () => {
  it('tell the patient each step, the shipped one with its tracking number and carrier', () => {
    expect(fulfilmentNotice('processing', 'Rapamycin')).toBe(
      'Your order is being prepared: the pharmacy is filling your Rapamycin.',
    );
    expect(fulfilmentNotice('shipped', 'Rapamycin', { trackingNumber: ' 1Z999 ', carrier: 'UPS' })).toBe(
      'Your Rapamycin has shipped with UPS. Tracking number: 1Z999.',
    );
    expect(fulfilmentNotice('shipped', 'Rapamycin', { trackingNumber: '1Z999', carrier: ' ' })).toBe(
      'Your Rapamycin has shipped. Tracking number: 1Z999.',
    );
    expect(fulfilmentNotice('delivered', 'Rapamycin')).toMatch(/^Your Rapamycin was delivered\./);
  });
});
