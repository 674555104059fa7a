import { z } from 'zod';

/** A five-digit US ZIP code in a path (the plus-four part is not looked up). */
export const ZipParam = z.string().regex(/^\d{5}$/, 'Please enter a valid zip code.');

/** GET /v2/address/zip/{zip}: the city and state of a US ZIP code, to fill the shipping form. */
export const ZipLookup = z.object({
  zip: z.string(),
  city: z.string(),
  /** Two-letter abbreviation. */
  state: z.string(),
  country: z.literal('us'),
});
export type ZipLookup = z.infer<typeof ZipLookup>;

/** GET /v2/address/config: whether street address suggestions are offered (a maps provider is configured). */
export const AddressConfig = z.object({ autocomplete: z.boolean() });
export type AddressConfig = z.infer<typeof AddressConfig>;

export const AddressSuggestionsQuery = z.object({ q: z.string().trim().min(3).max(100) }).strict();

/** One US street address suggestion (000 §7 "A maps service provides US-only address autocomplete"). */
export const AddressSuggestion = z.object({
  id: z.string(),
  /** The whole line as shown in the list. */
  label: z.string(),
  street_address: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});
export type AddressSuggestion = z.infer<typeof AddressSuggestion>;
