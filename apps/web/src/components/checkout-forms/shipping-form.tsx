import { SMS_MAX_PER_MONTH } from '@portal/domain/constants';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { type AddressSuggestion, addressConfigQueryOptions, getAddressSuggestions } from '../../api/address';
import { statesQueryOptions } from '../../api/organization';
import { Select } from '../ui/select';
import { TextInput } from '../ui/text-input';
import type { ShippingField, ShippingFormController } from './use-shipping-form';
import './checkout-forms.css';

export interface ShippingFormProps {
  form: ShippingFormController;
  /** Section heading; none when the page supplies its own. */
  heading?: ReactNode;
  disabled?: boolean;
}

const COUNTRIES = [{ value: 'us', label: 'United States' }] as const;

/** The SMS consent shown under the mobile number (000 §2 Screen 10, §9: up to 10 messages per month). */
export const SMS_CONSENT_NOTE = `By entering your mobile number you agree to receive text messages about your visit, treatment and account (up to ${SMS_MAX_PER_MONTH} messages per month). Message and data rates may apply. Reply STOP to opt out or HELP for help.`;

/** Street suggestions when a maps provider is configured; nothing is asked for otherwise. */
function useStreetSuggestions(query: string): AddressSuggestion[] {
  const { data: config } = useQuery(addressConfigQueryOptions());
  const enabled = config?.autocomplete === true;
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  useEffect(() => {
    if (!enabled || query.trim().length < 3) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getAddressSuggestions(query.trim(), controller.signal)
        .then(setSuggestions)
        .catch(() => setSuggestions([]));
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [enabled, query]);
  return suggestions;
}

/**
 * The shipping address of a checkout (000 §5 "Shipping form"), controlled by {@link useShippingForm}. Labels:
 * First name, Last name, Street address, Apt/Suite, City, State, ZIP code, Country, Phone number and, when
 * the patient has none, Mobile number with the SMS consent note.
 */
export function ShippingForm({ form, heading, disabled }: ShippingFormProps) {
  const listId = useId();
  const { data: states } = useQuery(statesQueryOptions());
  const suggestions = useStreetSuggestions(form.values.street_address);

  const bind = (field: ShippingField) => ({
    name: field,
    value: String(form.values[field] ?? ''),
    onChange: (event: { target: { value: string } }) => form.setValue(field, event.target.value),
    onBlur: () => form.touch(field),
    error: form.errorFor(field),
    disabled,
  });

  const street = bind('street_address');
  const onStreetChange = (event: { target: { value: string } }) => {
    const picked = suggestions.find((s) => s.label === event.target.value);
    if (!picked) return street.onChange(event);
    form.fillAddress({
      street_address: picked.street_address,
      city: picked.city ?? undefined,
      state: picked.state ?? undefined,
    });
  };

  const stateOptions = (states ?? []).map((s) => ({ value: s.abbreviation, label: s.name }));
  const current = form.values.state;
  // A saved or looked-up state missing from the list still shows as chosen.
  if (current && stateOptions.length > 0 && !stateOptions.some((o) => o.value === current)) {
    stateOptions.push({ value: current, label: current });
  }

  return (
    <fieldset className="co-shipping" disabled={disabled}>
      {heading ? <legend className="co-section__title">{heading}</legend> : null}
      <div className="co-grid">
        <TextInput label="First name" autoComplete="given-name" maxLength={35} {...bind('first_name')} />
        <TextInput label="Last name" autoComplete="family-name" maxLength={35} {...bind('last_name')} />
        <TextInput
          label="Street address"
          autoComplete="address-line1"
          fieldClassName="co-grid__wide"
          list={suggestions.length > 0 ? listId : undefined}
          {...street}
          onChange={onStreetChange}
        />
        {suggestions.length > 0 ? (
          <datalist id={listId}>
            {suggestions.map((s) => (
              <option key={s.id} value={s.label} />
            ))}
          </datalist>
        ) : null}
        <TextInput label="Apt/Suite" autoComplete="address-line2" {...bind('apt_suite')} />
        <TextInput
          label="ZIP code"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={10}
          hint={form.zipLooking ? 'Looking up city and state…' : undefined}
          {...bind('zip_code')}
        />
        <TextInput label="City" autoComplete="address-level2" {...bind('city')} />
        {stateOptions.length > 0 ? (
          <Select
            label="State"
            autoComplete="address-level1"
            placeholder="Select a state"
            options={stateOptions}
            {...bind('state')}
          />
        ) : (
          <TextInput label="State" autoComplete="address-level1" maxLength={2} {...bind('state')} />
        )}
        <Select label="Country" autoComplete="country" options={COUNTRIES} {...bind('country')} />
        <TextInput
          label="Phone number"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          placeholder="(555) 555-5555"
          {...bind('phone_number')}
        />
        {form.showMobile ? (
          <TextInput
            label="Mobile number"
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            placeholder="(555) 555-5555"
            fieldClassName="co-grid__wide"
            hint={SMS_CONSENT_NOTE}
            {...bind('mobile_number')}
          />
        ) : null}
      </div>
    </fieldset>
  );
}
