import { describe, expect, it } from 'vitest';
import { billingEveryText, monthsText, renewsEveryText } from './plan-texts';

describe('monthsText', () => {
  it('uses the singular for 1 and the plural otherwise', () => {
    expect(monthsText(1)).toBe('1 month');
    expect(monthsText(3)).toBe('3 months');
    expect(monthsText(12)).toBe('12 months');
    expect(monthsText(0)).toBe('0 months');
  });
});

describe('renewsEveryText', () => {
  it('renders Renews every N month(s)', () => {
    expect(renewsEveryText(1)).toBe('Renews every 1 month');
    expect(renewsEveryText(3)).toBe('Renews every 3 months');
  });
});

describe('billingEveryText', () => {
  it('renders Billing every N month(s)', () => {
    expect(billingEveryText(1)).toBe('Billing every 1 month');
    expect(billingEveryText(6)).toBe('Billing every 6 months');
  });
});
