import { describe, expect, it } from 'vitest';
import { ChangePasswordBody, MobileVerifyBody, UpdateShippingBody } from './settings';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

describe('ChangePasswordBody', () => {
  it('applies the settings password rules with their messages', () => {
    expect(ChangePasswordBody.safeParse({ current_password: 'old', new_password: 'NewPass12' }).success).toBe(
      true,
    );
    expect(
      messages(ChangePasswordBody.safeParse({ current_password: '', new_password: 'NewPass12' })),
    ).toEqual(['Please enter your current password.']);
    expect(
      messages(ChangePasswordBody.safeParse({ current_password: 'x', new_password: 'short1A' })),
    ).toEqual([
      'Password must be at least 8 characters long and contain an uppercase letter, a lowercase letter and a number.',
    ]);
    expect(
      messages(ChangePasswordBody.safeParse({ current_password: 'SamePass1', new_password: 'SamePass1' })),
    ).toEqual(['Your new password cannot be the same as your current password.']);
  });

  it('refuses unknown fields', () => {
    expect(
      ChangePasswordBody.safeParse({ current_password: 'a', new_password: 'NewPass12', admin: true }).success,
    ).toBe(false);
  });
});

describe('UpdateShippingBody', () => {
  const address = {
    first_name: 'Jane',
    last_name: 'Doe',
    street_address: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zip_code: '78701-1234',
    phone_number: '(512) 555-0188',
  };

  it('accepts a full address and defaults the country to us', () => {
    const parsed = UpdateShippingBody.parse({ shipping_info: address });
    expect(parsed.shipping_info.country).toBe('us');
  });

  it('uses the 001 §5 messages', () => {
    expect(
      messages(
        UpdateShippingBody.safeParse({
          shipping_info: { ...address, zip_code: '7870', street_address: 'x'.repeat(36), phone_number: '' },
        }),
      ),
    ).toEqual([
      'Street address must be less than 35 characters long.',
      'Invalid zip code.',
      'Please enter your phone number.',
    ]);
  });
});

describe('MobileVerifyBody', () => {
  it('needs exactly five digits', () => {
    expect(MobileVerifyBody.safeParse({ code: '01234' }).success).toBe(true);
    expect(messages(MobileVerifyBody.safeParse({ code: '0123' }))).toEqual([
      'Please enter verification code.',
    ]);
  });
});
