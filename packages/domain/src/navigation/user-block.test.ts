import { describe, expect, it } from 'vitest';
import { userBlockScrolls } from './user-block';

describe('userBlockScrolls (001 §9: over 21 characters scrolls)', () => {
  it('scrolls the name when first and last name together are over 21 characters', () => {
    // "Alexandria" (10) + "Montgomery" (10) = 20; "Maximiliana" (11) + "Montgomery" (10) = 21: neither is over
    expect(userBlockScrolls({ first_name: 'Alexandria', last_name: 'Montgomery' }).name).toBe(false);
    expect(userBlockScrolls({ first_name: 'Maximiliana', last_name: 'Montgomery' }).name).toBe(false);
    // "Maximilianas" (12) + "Montgomery" (10) = 22
    expect(userBlockScrolls({ first_name: 'Maximilianas', last_name: 'Montgomery' }).name).toBe(true);
  });

  it('scrolls the e-mail when it is over 21 characters', () => {
    // "jane.doe@example.com" is 20, "jane.does@example.com" 21, "jane.doess@example.com" 22
    expect(userBlockScrolls({ email: 'jane.doe@example.com' }).email).toBe(false);
    expect(userBlockScrolls({ email: 'jane.does@example.com' }).email).toBe(false);
    expect(userBlockScrolls({ email: 'jane.doess@example.com' }).email).toBe(true);
  });

  it('treats missing values as empty', () => {
    expect(userBlockScrolls({ first_name: null, last_name: undefined, email: null })).toEqual({
      name: false,
      email: false,
    });
  });
});
