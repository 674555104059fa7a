import { describe, expect, it } from 'vitest';
import type { NotificationCategory } from './categories';
import { notificationDestination } from './destination';

const U = '64a1b2c3d4e5f6a7b8c9d0e1';
const go = (category: NotificationCategory, message = 'x', data = {}) =>
  notificationDestination({ category, message, data }, U);

describe('notificationDestination (001 §4)', () => {
  it('follows the table of categories', () => {
    expect(go('visit')).toBe('/orders');
    expect(go('lab')).toBe(`/dashboard/${U}/labs`);
    expect(go('message')).toBe(`/dashboard/${U}/messages`);
    expect(go('order')).toBe('/orders');
    expect(go('welcome')).toBe(`/dashboard/${U}/profile`);
    expect(go('subscription')).toBe(`/dashboard/${U}/subscriptions`);
    expect(go('payment')).toBe(`/dashboard/${U}/settings/billing`);
    expect(go('appointments')).toBe(`/dashboard/${U}/appointments`);
  });

  it("opens the report of 'Lab Results are now ready', and the labs when it has no report", () => {
    expect(go('lab', 'Lab Results are now ready', { reportId: 'r1' })).toBe(
      `/dashboard/${U}/lab-analysis/r1`,
    );
    expect(go('lab', 'Lab Results are now ready')).toBe(`/dashboard/${U}/labs`);
    expect(go('lab', 'Your lab kit shipped', { reportId: 'r1' })).toBe(`/dashboard/${U}/labs`);
  });
});
