import { ADDRESS_FIELD_MAX, DEFAULT_COUNTRY, NAME_MAX, NAME_MIN, PHONE_MASKED_LENGTH } from '../constants';
import { isValidUsNumber, maskPhone, nationalNumber } from '../format/phone';
import { FORM_ERROR_MESSAGES, MESSAGES } from '../messages';
import type { FieldErrors } from './auth';
import { nameError } from './name';

/** Values of a shipping address form; apt_suite and mobile_number are optional. */
export interface ShippingFormValues {
  first_name: string;
  last_name: string;
  street_address: string;
  apt_suite?: string | null;
  city: string;
  state: string;
  zip_code: string;
  country: string;
  phone_number: string;
  mobile_number?: string | null;
}

/** Fields of the shipping form that can carry an error. */
export type ShippingField =
  | 'first_name'
  | 'last_name'
  | 'street_address'
  | 'apt_suite'
  | 'city'
  | 'state'
  | 'zip_code'
  | 'country'
  | 'phone_number'
  | 'mobile_number';

const ZIP = /^\d{5}(?:-\d{4})?$/;

/** True for a US zip code: 5 digits, optionally followed by a dash and 4 digits (surrounding spaces ignored). */
export function isValidZipCode(zip: string | null | undefined): boolean {
  return typeof zip === 'string' && ZIP.test(zip.trim());
}

/**
 * A unit designator with no unit ('Apt', 'Suite', 'Ste.', 'Unit', '#'): the patient began the second line
 * and left out the number, and a parcel would go back. The line itself stays optional.
 */
const DESIGNATOR_ONLY = /^(apt|apartment|suite|ste|unit|fl|floor|rm|room|bldg|building|#|no)\.?\s*#?$/i;

/** The apt/suite line's error: too long, or a designator without its unit (002 §5 'Apt suite is required'). */
function aptSuiteError(value: string | null | undefined, tooLong: string): string | undefined {
  const apt = text(value);
  if (apt.length > ADDRESS_FIELD_MAX) return tooLong;
  if (DESIGNATOR_ONLY.test(apt)) return MESSAGES.formAptSuiteRequired;
  return undefined;
}

/** Trimmed string, '' for null or undefined. */
function text(value: string | null | undefined): string {
  return (value ?? '').trim();
}

/**
 * Errors of the address fields shared by the consultation checkout and the settings (street, apt, city,
 * state, country), by the 001 §5 error keys whose texts are also 000 §5's.
 */
function addressErrors(v: ShippingFormValues): FieldErrors<ShippingField> {
  const errors: FieldErrors<ShippingField> = {};
  const street = text(v.street_address);
  if (street === '') errors.street_address = FORM_ERROR_MESSAGES.STREET_ADDRESS_EMPTY;
  else if (street.length > ADDRESS_FIELD_MAX) errors.street_address = FORM_ERROR_MESSAGES.STREET_ADDRESS_LONG;
  const apt = aptSuiteError(v.apt_suite, FORM_ERROR_MESSAGES.APT_LONG);
  if (apt) errors.apt_suite = apt;
  const city = text(v.city);
  if (city === '') errors.city = FORM_ERROR_MESSAGES.CITY_EMPTY;
  else if (city.length > ADDRESS_FIELD_MAX) errors.city = FORM_ERROR_MESSAGES.CITY_LONG;
  if (text(v.state) === '') errors.state = FORM_ERROR_MESSAGES.STATE_REQUIRED;
  if (text(v.country) === '') errors.country = FORM_ERROR_MESSAGES.COUNTRY_EMPTY;
  return errors;
}

/** True when the entry, laid into the phone mask, falls short of the 14 characters of a whole number. */
export function isIncompletePhone(value: string | null | undefined): boolean {
  return maskPhone(text(value)).length < PHONE_MASKED_LENGTH;
}

/** True when the national number starts with 1: no US area code does, so it is a country code typed in. */
function startsWithCountryCode(value: string): boolean {
  return nationalNumber(value).startsWith('1');
}

/** True when the trimmed name is 2 to 35 characters long. */
function isValidName(name: string): boolean {
  const length = text(name).length;
  return length >= NAME_MIN && length <= NAME_MAX;
}

/** Validates the checkout shipping form (000 §5): names, address, zip, country, phone and optional mobile number. */
export function validateShippingForm(v: ShippingFormValues): FieldErrors<ShippingField> {
  const errors: FieldErrors<ShippingField> = {};
  if (!isValidName(v.first_name)) errors.first_name = MESSAGES.firstNameRequired;
  if (!isValidName(v.last_name)) errors.last_name = MESSAGES.lastNameRequired;
  Object.assign(errors, addressErrors(v));
  if (!isValidZipCode(v.zip_code)) errors.zip_code = MESSAGES.zipInvalid;
  if (!isValidUsNumber(text(v.phone_number))) errors.phone_number = MESSAGES.phoneInvalid;
  const mobile = text(v.mobile_number);
  if (nationalNumber(mobile) !== '' && !isValidUsNumber(mobile))
    errors.mobile_number = MESSAGES.mobileInvalid;
  return errors;
}

/** Validates the settings shipping address form by the error keys of 001 §5: 'Invalid zip code.' and a required, whole phone number. */
export function validateSettingsShippingForm(
  v: Omit<ShippingFormValues, 'mobile_number'>,
): FieldErrors<Exclude<ShippingField, 'mobile_number'>> {
  const errors: FieldErrors<Exclude<ShippingField, 'mobile_number'>> = {};
  const first = nameError(v.first_name, 'first');
  if (first) errors.first_name = first;
  const last = nameError(v.last_name, 'last');
  if (last) errors.last_name = last;
  Object.assign(errors, addressErrors(v));
  if (!isValidZipCode(v.zip_code)) errors.zip_code = FORM_ERROR_MESSAGES.ZIP_INVALID;
  const phone = text(v.phone_number);
  if (nationalNumber(phone) === '') errors.phone_number = FORM_ERROR_MESSAGES.PHONE_EMPTY;
  // 001 §5: masked, at least 14 characters, then a valid US number
  else if (isIncompletePhone(phone)) errors.phone_number = MESSAGES.formPhoneIncomplete;
  else if (!isValidUsNumber(phone)) errors.phone_number = MESSAGES.phoneInvalid;
  return errors;
}

/**
 * Validates the address form of the signup checkout (002 §2.8) with the form messages 002 §5 catalogues.
 * It accepts exactly what the consultation checkout accepts (the server checks the one rule): only the
 * wording differs, as the documents give it for each flow.
 */
export function validateSignupShippingForm(v: ShippingFormValues): FieldErrors<ShippingField> {
  const errors: FieldErrors<ShippingField> = {};
  if (!isValidName(v.first_name)) errors.first_name = MESSAGES.formFirstNameInvalid;
  if (!isValidName(v.last_name)) errors.last_name = MESSAGES.formLastNameInvalid;
  const street = text(v.street_address);
  if (street === '') errors.street_address = MESSAGES.formAddressRequired;
  else if (street.length > ADDRESS_FIELD_MAX) errors.street_address = MESSAGES.formAddressInvalid;
  const apt = aptSuiteError(v.apt_suite, MESSAGES.aptSuiteTooLong);
  if (apt) errors.apt_suite = apt;
  const city = text(v.city);
  if (city === '') errors.city = MESSAGES.formCityRequired;
  else if (city.length > ADDRESS_FIELD_MAX) errors.city = MESSAGES.cityTooLong;
  if (text(v.state) === '') errors.state = MESSAGES.formStateRequired;
  const zip = text(v.zip_code);
  if (zip === '') errors.zip_code = MESSAGES.formZipRequired;
  else if (!isValidZipCode(zip)) errors.zip_code = MESSAGES.zipInvalid;
  if (text(v.country) === '') errors.country = MESSAGES.formCountryRequired;
  const phone = text(v.phone_number);
  if (startsWithCountryCode(phone)) errors.phone_number = MESSAGES.formRemoveCountryCode;
  else if (isIncompletePhone(phone)) errors.phone_number = MESSAGES.formPhoneIncomplete;
  else if (!isValidUsNumber(phone)) errors.phone_number = MESSAGES.phoneInvalid;
  const mobile = text(v.mobile_number);
  if (nationalNumber(mobile) !== '') {
    if (startsWithCountryCode(mobile)) errors.mobile_number = MESSAGES.formRemoveCountryCode;
    else if (isIncompletePhone(mobile)) errors.mobile_number = MESSAGES.formMobileIncomplete;
    else if (!isValidUsNumber(mobile)) errors.mobile_number = MESSAGES.mobileInvalid;
  }
  return errors;
}

/** Returns a copy with trimmed fields, the state upper-cased, the country lower-cased (default us), the phone masked and the mobile number as its national digits. */
export function normalizeShipping<T extends ShippingFormValues>(v: T): T {
  const out: T = {
    ...v,
    first_name: text(v.first_name),
    last_name: text(v.last_name),
    street_address: text(v.street_address),
    apt_suite: text(v.apt_suite),
    city: text(v.city),
    state: text(v.state).toUpperCase(),
    zip_code: text(v.zip_code),
    country: text(v.country).toLowerCase() || DEFAULT_COUNTRY,
    phone_number: maskPhone(text(v.phone_number)),
  };
  if (v.mobile_number !== undefined)
    out.mobile_number = v.mobile_number === null ? null : nationalNumber(v.mobile_number);
  return out;
}

/** Shipping info fields that make an address complete. */
export interface ShippingInfoFields {
  first_name?: string | null;
  last_name?: string | null;
  street_address?: string | null;
  apt_suite?: string | null;
  city?: string | null;
  state?: string | null;
  zip_code?: string | null;
  country?: string | null;
  phone_number?: string | null;
}

/** True when the shipping info has a street address, city, state, zip code, country and phone number (apt/suite and names may be blank). */
export function isAddressComplete(info: ShippingInfoFields | null | undefined): boolean {
  if (!info) return false;
  const required = [
    info.street_address,
    info.city,
    info.state,
    info.zip_code,
    info.country,
    info.phone_number,
  ];
  return required.every((f) => typeof f === 'string' && f.trim() !== '');
}

/** What the checkout form is prefilled from: the saved shipping info, else the account's name. */
export interface ShippingPrefillSource {
  first_name?: string | null;
  last_name?: string | null;
  shipping_info?: (ShippingInfoFields & { mobile_number?: string | null }) | null;
}

/**
 * Initial values of the checkout shipping form (000 §2 Screen 10): the saved address, the names falling back
 * to the account's, country default us, the phone shown with its mask; the mobile number starts empty.
 */
export function shippingFormDefaults(source: ShippingPrefillSource): ShippingFormValues {
  const info = source.shipping_info ?? {};
  return {
    first_name: text(info.first_name) || text(source.first_name),
    last_name: text(info.last_name) || text(source.last_name),
    street_address: text(info.street_address),
    apt_suite: text(info.apt_suite),
    city: text(info.city),
    state: text(info.state).toUpperCase(),
    zip_code: text(info.zip_code),
    country: text(info.country).toLowerCase() || DEFAULT_COUNTRY,
    phone_number: maskPhone(text(info.phone_number)),
    mobile_number: '',
  };
}
