/**
 * Where labs may be sold and ordered (002 §5, §8, §9): not in New York, New Jersey or Rhode Island, where
 * the online prescribing of lab testing is prohibited. The client checks the patient's state against this
 * list by abbreviation; the server's refusal ("Invalid state for walk-in phlebotomy") shows the same message.
 */
import { RESTRICTED_LAB_STATES } from '../constants';
import { MESSAGES } from '../messages';

/** The full names of the restricted states, for a state given by name rather than abbreviation. */
const RESTRICTED_STATE_NAMES: Readonly<Record<string, (typeof RESTRICTED_LAB_STATES)[number]>> = {
  'new york': 'NY',
  'new jersey': 'NJ',
  'rhode island': 'RI',
};

/** The server's message for a lab in a restricted state (002 §8). */
export const LAB_STATE_SERVER_MESSAGE = 'Invalid state for walk-in phlebotomy';

/**
 * True when labs cannot be sold or ordered in the state: NY, NJ or RI by abbreviation (002 §5), in any case
 * and spacing, or by full name. An unknown or empty state is not refused here: the address rules require
 * one, and the server checks again.
 */
export function isLabRestrictedState(state: string | null | undefined): boolean {
  const text = (state ?? '').trim();
  const abbreviation = text.toUpperCase();
  return (
    (RESTRICTED_LAB_STATES as readonly string[]).includes(abbreviation) ||
    RESTRICTED_STATE_NAMES[text.toLowerCase().replace(/\s+/g, ' ')] !== undefined
  );
}

/** Whether labs can be offered in a state, with the message of 002 §8 when not. */
export type LabAvailability = { available: true } | { available: false; message: string };

/** Labs in a state: available, or refused with "Due to regulatory restrictions … NY, NJ and RI." */
export function labAvailability(state: string | null | undefined): LabAvailability {
  return isLabRestrictedState(state)
    ? { available: false, message: MESSAGES.labRestrictedState }
    : { available: true };
}

/**
 * The restricted-state message for the server's "Invalid state for walk-in phlebotomy" (002 §8), null for
 * any other server message (which the caller maps as usual).
 */
export function labStateMessageFromServer(message: string | null | undefined): string | null {
  return message?.trim() === LAB_STATE_SERVER_MESSAGE ? MESSAGES.labRestrictedState : null;
}
