import { maskPhoneInput } from '@portal/domain/format/mask';
import {
  normalizeShipping,
  type ShippingField,
  type ShippingFormValues,
  shippingFormDefaults,
  validateShippingForm,
} from '@portal/domain/validation/shipping';
import { useEffect, useMemo, useRef, useState } from 'react';
import { getZip } from '../../api/address';
import type { Patient } from '../../lib/patient';
import { useForm } from '../../lib/use-form';

export type { ShippingField, ShippingFormValues };

/** What a save of the shipping form sends in PUT /users/{org}/{id} (000 §7). */
export interface ShippingPayload {
  shipping_info: Omit<ShippingFormValues, 'mobile_number'>;
  /** Only when the form asked for it and the patient gave one: the national digits (000 §5). */
  mobile_number?: string;
}

export interface ShippingFormController {
  values: FormValues;
  isValid: boolean;
  /** Whether the Mobile number field (with the SMS consent note) is shown: the patient has no mobile number. */
  showMobile: boolean;
  errorFor: (field: ShippingField) => string | undefined;
  setValue: (field: ShippingField, value: string) => void;
  touch: (field: ShippingField) => void;
  /** Shows every error; true when valid. */
  submit: () => boolean;
  /** Fills street, city and state (e.g. from an address suggestion); the ZIP is looked up as usual. */
  fillAddress: (address: Partial<Pick<ShippingFormValues, 'street_address' | 'city' | 'state'>>) => void;
  /** True while the ZIP's city and state are being looked up. */
  zipLooking: boolean;
  /** The normalized values to save. */
  payload: () => ShippingPayload;
}

/** Every field as the inputs hold it: text. */
type FormValues = Record<ShippingField, string>;

type ShippingUser = Pick<Patient, 'first_name' | 'last_name' | 'shipping_info' | 'mobile_number'>;

const PHONE_FIELDS: ReadonlySet<ShippingField> = new Set(['phone_number', 'mobile_number']);

/**
 * The checkout shipping form (000 §5 "Shipping form"): prefilled from the saved address and the account's
 * name, touch validation by the domain rules, the phone mask (###) ###-####, and a typed 5-digit ZIP filling
 * city and state from the offline US ZIP data.
 */
export function useShippingForm({
  user,
  askMobile,
  validate = validateShippingForm,
}: {
  user: ShippingUser | null;
  /** Defaults to "the patient has no mobile number". */
  askMobile?: boolean;
  /** The rules and messages; the checkout's by default (settings use 001 §5's). Must be a stable function. */
  validate?: (values: ShippingFormValues) => Partial<Record<ShippingField, string>>;
}): ShippingFormController {
  const initial = useMemo(() => shippingFormDefaults(user ?? {}) as FormValues, [user]);
  const form = useForm<FormValues, ShippingField>(initial, validate);
  const showMobile = askMobile ?? !user?.mobile_number;
  const { setValue: set } = form;
  const [zipLooking, setZipLooking] = useState(false);
  // The ZIP the saved address came with needs no lookup: its city and state are already the patient's.
  const lookedUp = useRef(initial.zip_code);

  const zip = form.values.zip_code.trim();
  useEffect(() => {
    if (!/^\d{5}$/.test(zip) || lookedUp.current === zip) return;
    lookedUp.current = zip;
    const controller = new AbortController();
    setZipLooking(true);
    getZip(zip, controller.signal)
      .then((found) => {
        set('city', found.city);
        set('state', found.state);
      })
      // An unknown ZIP leaves the fields as typed; the patient can still fill them.
      .catch(() => undefined)
      .finally(() => {
        if (!controller.signal.aborted) setZipLooking(false);
      });
    return () => controller.abort();
  }, [zip, set]);

  const values = form.values;
  return {
    values,
    isValid: form.isValid,
    showMobile,
    errorFor: form.errorFor,
    setValue: (field, value) =>
      set(field, PHONE_FIELDS.has(field) ? maskPhoneInput(value, values[field]) : value),
    touch: form.touch,
    submit: form.submit,
    fillAddress: (address) => {
      for (const [field, value] of Object.entries(address) as [ShippingField, string | undefined][]) {
        if (value) set(field, value);
      }
    },
    zipLooking,
    payload: () => {
      const { mobile_number, ...shipping_info } = normalizeShipping(values);
      const mobile = showMobile && mobile_number ? mobile_number : undefined;
      return mobile ? { shipping_info, mobile_number: mobile } : { shipping_info };
    },
  };
}
