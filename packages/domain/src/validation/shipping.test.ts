import { describe, expect, it } from 'vitest';
import { FORM_ERROR_MESSAGES } from '../messages';
import {
  isAddressComplete,
  isValidZipCode,
  normalizeShipping,
  validateSettingsShippingForm,
  validateShippingForm,
  validateSignupShippingForm,
} from './shipping';

const valid = {
  first_name: 'Jane',
  last_name: 'Doe',
  street_address: '1 Main St',
  apt_suite: '',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
  country: 'us',
  phone_number: '(217) 555-0123',
  mobile_number: '',
};

describe('isValidZipCode', () => {
  it('accepts 5 digits with an optional +4', () => {
    expect(isValidZipCode('62701')).toBe(true);
    expect(isValidZipCode('62701-1234')).toBe(true);
    expect(isValidZipCode(' 62701 ')).toBe(true);
  });

  it('rejects everything else', () => {
    for (const zip of ['', '6270', '627011', '62701-123', '62701-12345', '6270a', '62701 1234', 'ABCDE']) {
      expect(isValidZipCode(zip), zip).toBe(false);
    }
    expect(isValidZipCode(null)).toBe(false);
  });
});

describe('validateShippingForm (000 §5)', () => {
  it('returns an empty object when valid', () => {
    expect(validateShippingForm(valid)).toEqual({});
    expect(validateShippingForm({ ...valid, apt_suite: undefined, mobile_number: undefined })).toEqual({});
  });

  it('requires the names', () => {
    expect(validateShippingForm({ ...valid, first_name: '' })).toEqual({
      first_name: 'Enter your first name.',
    });
    expect(validateShippingForm({ ...valid, last_name: '' })).toEqual({ last_name: 'Enter your last name.' });
    expect(validateShippingForm({ ...valid, first_name: 'a'.repeat(36) })).toEqual({
      first_name: 'Enter your first name.',
    });
  });

  it('checks the street address (35 ok, 36 too long)', () => {
    expect(validateShippingForm({ ...valid, street_address: ' ' })).toEqual({
      street_address: 'Please enter your street address.',
    });
    expect(validateShippingForm({ ...valid, street_address: 's'.repeat(35) })).toEqual({});
    expect(validateShippingForm({ ...valid, street_address: 's'.repeat(36) })).toEqual({
      street_address: 'Street address must be less than 35 characters long.',
    });
  });

  it('checks apt/suite (optional, max 35)', () => {
    expect(validateShippingForm({ ...valid, apt_suite: 'a'.repeat(35) })).toEqual({});
    expect(validateShippingForm({ ...valid, apt_suite: 'a'.repeat(36) })).toEqual({
      apt_suite: 'Apt/Suite must be less than 35 characters long.',
    });
  });

  it('asks for the unit when the apt/suite line holds only its designator (002 §5)', () => {
    for (const apt of ['Apt', 'apt.', 'Suite', 'Ste.', 'Unit', '#', 'Apt #', 'FLOOR']) {
      const errors = { apt_suite: 'Apt suite is required' };
      expect(validateShippingForm({ ...valid, apt_suite: apt }), apt).toEqual(errors);
      expect(validateSettingsShippingForm({ ...valid, apt_suite: apt }), apt).toEqual(errors);
      expect(validateSignupShippingForm({ ...valid, apt_suite: apt }), apt).toEqual(errors);
    }
    for (const apt of ['', 'Apt 4B', '#12', 'Suite 300', 'Unit 7', 'Apartment 2', 'Building C', 'Aptos']) {
      expect(validateShippingForm({ ...valid, apt_suite: apt }), apt).toEqual({});
      expect(validateSignupShippingForm({ ...valid, apt_suite: apt }), apt).toEqual({});
    }
  });

  it('checks the city (required, max 35)', () => {
    expect(validateShippingForm({ ...valid, city: '' })).toEqual({ city: 'Please enter your city.' });
    expect(validateShippingForm({ ...valid, city: 'c'.repeat(35) })).toEqual({});
    expect(validateShippingForm({ ...valid, city: 'c'.repeat(36) })).toEqual({
      city: 'City must be less than 35 characters long.',
    });
  });

  it('checks state, zip and country', () => {
    expect(validateShippingForm({ ...valid, state: '' })).toEqual({ state: 'Please enter your state.' });
    expect(validateShippingForm({ ...valid, zip_code: '1234' })).toEqual({
      zip_code: 'Please enter a valid zip code.',
    });
    expect(validateShippingForm({ ...valid, zip_code: '' })).toEqual({
      zip_code: 'Please enter a valid zip code.',
    });
    expect(validateShippingForm({ ...valid, country: '' })).toEqual({
      country: 'Please enter your country.',
    });
  });

  it('requires a valid phone number', () => {
    expect(validateShippingForm({ ...valid, phone_number: '' })).toEqual({
      phone_number: 'Please enter a valid phone number.',
    });
    expect(validateShippingForm({ ...valid, phone_number: '(217) 555-012' })).toEqual({
      phone_number: 'Please enter a valid phone number.',
    });
    expect(validateShippingForm({ ...valid, phone_number: '(117) 555-0123' })).toEqual({
      phone_number: 'Please enter a valid phone number.',
    });
  });

  it('accepts an empty mobile number but checks a given one', () => {
    expect(validateShippingForm({ ...valid, mobile_number: '(' })).toEqual({});
    expect(validateShippingForm({ ...valid, mobile_number: '(312) 555-0188' })).toEqual({});
    expect(validateShippingForm({ ...valid, mobile_number: '(312) 555' })).toEqual({
      mobile_number: 'Please enter a valid mobile number.',
    });
  });
});

describe('validateSettingsShippingForm (001 §5)', () => {
  const { mobile_number: _m, ...settingsValid } = valid;

  it('returns an empty object when valid', () => {
    expect(validateSettingsShippingForm(settingsValid)).toEqual({});
    expect(validateSettingsShippingForm({ ...settingsValid, zip_code: '62701-1234' })).toEqual({});
  });

  it("uses 'Invalid zip code.'", () => {
    expect(validateSettingsShippingForm({ ...settingsValid, zip_code: '6270' })).toEqual({
      zip_code: 'Invalid zip code.',
    });
  });

  it('requires the phone number, then checks it', () => {
    expect(validateSettingsShippingForm({ ...settingsValid, phone_number: '' })).toEqual({
      phone_number: 'Please enter your phone number.',
    });
    expect(validateSettingsShippingForm({ ...settingsValid, phone_number: '(217) 55' })).toEqual({
      phone_number: 'The phone must be filled out completely',
    });
    expect(validateSettingsShippingForm({ ...settingsValid, phone_number: '(117) 555-0123' })).toEqual({
      phone_number: 'Please enter a valid phone number.',
    });
    // stored as its ten digits, the number is whole
    expect(validateSettingsShippingForm({ ...settingsValid, phone_number: '2175550123' })).toEqual({});
  });

  it('uses the short-name message', () => {
    expect(validateSettingsShippingForm({ ...settingsValid, first_name: 'J' })).toEqual({
      first_name: 'First name should be at least 2 characters long.',
    });
    expect(validateSettingsShippingForm({ ...settingsValid, last_name: '' })).toEqual({
      last_name: 'Enter your last name.',
    });
  });

  it('shares the address rules', () => {
    expect(
      validateSettingsShippingForm({ ...settingsValid, street_address: '', city: 'c'.repeat(36) }),
    ).toEqual({
      street_address: 'Please enter your street address.',
      city: 'City must be less than 35 characters long.',
    });
  });
});

describe('validateSettingsShippingForm by the 001 §5 error keys', () => {
  it('answers each key where its rule fails', () => {
    const long = 'x'.repeat(36);
    expect(
      validateSettingsShippingForm({
        first_name: '',
        last_name: 'D',
        street_address: '',
        apt_suite: long,
        city: '',
        state: '',
        zip_code: '123',
        country: '',
        phone_number: '',
      }),
    ).toEqual({
      first_name: FORM_ERROR_MESSAGES.FIRST_NAME_EMPTY,
      last_name: FORM_ERROR_MESSAGES.LAST_NAME_SHORT,
      street_address: FORM_ERROR_MESSAGES.STREET_ADDRESS_EMPTY,
      apt_suite: FORM_ERROR_MESSAGES.APT_LONG,
      city: FORM_ERROR_MESSAGES.CITY_EMPTY,
      state: FORM_ERROR_MESSAGES.STATE_REQUIRED,
      zip_code: FORM_ERROR_MESSAGES.ZIP_INVALID,
      country: FORM_ERROR_MESSAGES.COUNTRY_EMPTY,
      phone_number: FORM_ERROR_MESSAGES.PHONE_EMPTY,
    });
    expect(
      validateSettingsShippingForm({
        ...valid,
        first_name: 'J',
        last_name: '',
        street_address: long,
        city: long,
      }),
    ).toEqual({
      first_name: FORM_ERROR_MESSAGES.FIRST_NAME_SHORT,
      last_name: FORM_ERROR_MESSAGES.LAST_NAME_EMPTY,
      street_address: FORM_ERROR_MESSAGES.STREET_ADDRESS_LONG,
      city: FORM_ERROR_MESSAGES.CITY_LONG,
    });
  });
});

describe('validateSignupShippingForm (002 §5 catalogued form messages)', () => {
  it('accepts what the consultation checkout accepts', () => {
    expect(validateSignupShippingForm(valid)).toEqual({});
    expect(validateSignupShippingForm({ ...valid, mobile_number: '(217) 555-0100' })).toEqual({});
  });

  it('words every empty or bad field as 002 §5 lists it', () => {
    expect(
      validateSignupShippingForm({
        first_name: '',
        last_name: 'D',
        street_address: '',
        apt_suite: '',
        city: '',
        state: '',
        zip_code: '',
        country: '',
        phone_number: '',
        mobile_number: '',
      }),
    ).toEqual({
      first_name: 'First name is required or invalid',
      last_name: 'Last name is required or invalid',
      street_address: 'Address is required',
      city: 'City is required',
      state: 'State is required',
      zip_code: 'Zip code is required',
      country: 'Country is required',
      phone_number: 'The phone must be filled out completely',
    });
    expect(
      validateSignupShippingForm({
        ...valid,
        street_address: 'x'.repeat(36),
        zip_code: '1234',
        city: 'y'.repeat(36),
      }),
    ).toEqual({
      street_address: 'Address is invalid',
      zip_code: 'Please enter a valid zip code.',
      city: 'City must be less than 35 characters long.',
    });
  });

  it('asks for the whole phone and mobile numbers, without a country code', () => {
    expect(validateSignupShippingForm({ ...valid, phone_number: '(217) 555' })).toEqual({
      phone_number: 'The phone must be filled out completely',
    });
    expect(validateSignupShippingForm({ ...valid, phone_number: '(121) 755-5012' })).toEqual({
      phone_number: 'Please remove country code',
    });
    expect(validateSignupShippingForm({ ...valid, phone_number: '(217) 055-0123' })).toEqual({
      phone_number: 'Please enter a valid phone number.',
    });
    expect(validateSignupShippingForm({ ...valid, mobile_number: '(217) 5' })).toEqual({
      mobile_number: 'The mobile phone must be filled out completely',
    });
    expect(validateSignupShippingForm({ ...valid, mobile_number: '(121) 755-5010' })).toEqual({
      mobile_number: 'Please remove country code',
    });
    expect(validateSignupShippingForm({ ...valid, mobile_number: '(217) 055-0100' })).toEqual({
      mobile_number: 'Please enter a valid mobile number.',
    });
  });

  it('accepts exactly the values the consultation checkout accepts', () => {
    const cases = [
      valid,
      { ...valid, phone_number: '(121) 755-5012' },
      { ...valid, phone_number: '(217) 555' },
      { ...valid, mobile_number: '(121) 755-5010' },
      { ...valid, first_name: 'J' },
      { ...valid, zip_code: '62701-1234' },
      { ...valid, apt_suite: 'z'.repeat(36) },
    ];
    for (const values of cases)
      expect(Object.keys(validateSignupShippingForm(values))).toEqual(
        Object.keys(validateShippingForm(values)),
      );
  });
});

describe('normalizeShipping', () => {
  it('trims, normalises state, country, phone and mobile', () => {
    expect(
      normalizeShipping({
        ...valid,
        first_name: ' Jane ',
        state: 'il',
        country: '',
        phone_number: '2175550123',
        mobile_number: '+1 (312) 555-0188',
      }),
    ).toEqual({
      ...valid,
      state: 'IL',
      country: 'us',
      phone_number: '(217) 555-0123',
      mobile_number: '3125550188',
    });
  });
});

describe('isAddressComplete', () => {
  it('needs street, city, state, zip, country and phone', () => {
    expect(isAddressComplete(valid)).toBe(true);
    expect(isAddressComplete({ ...valid, zip_code: '' })).toBe(false);
    expect(isAddressComplete({ ...valid, phone_number: undefined })).toBe(false);
    expect(isAddressComplete(null)).toBe(false);
  });
});

describe('shippingFormDefaults', () => {
  it('prefills the saved address, masking the phone and lower-casing the country', async () => {
    const { shippingFormDefaults } = await import('./shipping');
    expect(
      shippingFormDefaults({
        first_name: 'Account',
        last_name: 'Name',
        shipping_info: {
          ...valid,
          first_name: 'Jane',
          phone_number: '2175550123',
          country: 'US',
          state: 'il',
        },
      }),
    ).toEqual({ ...valid, state: 'IL', mobile_number: '' });
  });

  it('falls back to the account name and country us without an address', async () => {
    const { shippingFormDefaults } = await import('./shipping');
    expect(shippingFormDefaults({ first_name: ' Jane ', last_name: 'Doe', shipping_info: null })).toEqual({
      first_name: 'Jane',
      last_name: 'Doe',
      street_address: '',
      apt_suite: '',
      city: '',
      state: '',
      zip_code: '',
      country: 'us',
      phone_number: '',
      mobile_number: '',
    });
  });
});
