import type { AddressSuggestion } from '@portal/domain/contracts/address';

/**
 * US street address suggestions from a maps service (000 §7). Off by default: the 'none' adapter makes no
 * network call and answers nothing, and the web then shows a plain street field.
 */
export interface AddressAutocomplete {
  readonly enabled: boolean;
  suggest(query: string, signal?: AbortSignal): Promise<AddressSuggestion[]>;
}

export type MapsProvider = 'none' | 'google';

const none: AddressAutocomplete = { enabled: false, suggest: async () => [] };

const GOOGLE_AUTOCOMPLETE_URL = 'https://places.googleapis.com/v1/places:autocomplete';
const TIMEOUT_MS = 4000;

type GoogleAnswer = {
  suggestions?: {
    placePrediction?: {
      placeId?: string;
      text?: { text?: string };
      structuredFormat?: { mainText?: { text?: string }; secondaryText?: { text?: string } };
    };
  }[];
};

/** "Springfield, IL, USA" -> city Springfield, state IL; anything else leaves them for the patient. */
export function parseSecondaryText(text: string | undefined): { city: string | null; state: string | null } {
  const parts = (text ?? '').split(',').map((p) => p.trim());
  const [city, state] = parts;
  return {
    city: city || null,
    state: state && /^[A-Z]{2}$/.test(state) ? state : null,
  };
}

/** Google Places (New) autocomplete, restricted to US addresses. */
function google(apiKey: string, fetchImpl: typeof fetch): AddressAutocomplete {
  return {
    enabled: true,
    async suggest(query, signal) {
      const timeout = AbortSignal.timeout(TIMEOUT_MS);
      const response = await fetchImpl(GOOGLE_AUTOCOMPLETE_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Goog-Api-Key': apiKey },
        body: JSON.stringify({ input: query, includedRegionCodes: ['us'] }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (!response.ok) throw new Error(`maps autocomplete answered ${response.status}`);
      const answer = (await response.json()) as GoogleAnswer;
      return (answer.suggestions ?? []).flatMap(({ placePrediction: p }) => {
        const street = p?.structuredFormat?.mainText?.text;
        if (!p?.placeId || !street) return [];
        return [
          {
            id: p.placeId,
            label: p.text?.text ?? street,
            street_address: street,
            ...parseSecondaryText(p.structuredFormat?.secondaryText?.text),
          },
        ];
      });
    },
  };
}

export function createAddressAutocomplete(
  config: { MAPS_PROVIDER: MapsProvider; MAPS_API_KEY?: string | undefined },
  fetchImpl: typeof fetch = fetch,
): AddressAutocomplete {
  if (config.MAPS_PROVIDER === 'google' && config.MAPS_API_KEY) return google(config.MAPS_API_KEY, fetchImpl);
  return none;
}
