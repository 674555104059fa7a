import type { ZipLookup } from '@portal/domain/contracts/address';
import zipcodes from 'zipcodes';

/**
 * The city and state of a US ZIP code from the bundled offline data (no network call). The data also
 * holds Canadian postal areas: shipping is US only (000 §5), so those are not found.
 */
export function lookupUsZip(zip: string): ZipLookup | null {
  const found = zipcodes.lookup(zip);
  if (found?.country !== 'US' || !/^[A-Z]{2}$/.test(found.state)) return null;
  return { zip: found.zip, city: found.city, state: found.state, country: 'us' };
}
