import { describe, expect, it } from 'vitest';
import { treatmentQuantity } from './treatment-quantity';

describe('treatmentQuantity', () => {
  it('is units x months', () => {
    // 4 units x 12 months = 48
    expect(treatmentQuantity(4, 12)).toBe(48);
    // 8 x 3 = 24
    expect(treatmentQuantity(8, 3)).toBe(24);
  });

  it('counts a one-time plan as one shipment', () => {
    // 0 months -> 30 x 1 = 30
    expect(treatmentQuantity(30, 0)).toBe(30);
  });
});
