import { NAME_MAX, NAME_MIN } from '../constants';
import { FORM_ERROR_MESSAGES, MESSAGES } from '../messages';

/**
 * The 001 §5 error (FIRST_NAME_EMPTY, FIRST_NAME_SHORT, LAST_NAME_EMPTY, LAST_NAME_SHORT) for a first or last name that is empty, shorter than 2 or longer than 35 characters once
 * trimmed (001 §5 settings, the checkout shipping form and the API's patient update), or undefined.
 */
export function nameError(name: string, which: 'first' | 'last'): string | undefined {
  const length = name.trim().length;
  if (length === 0)
    return which === 'first' ? FORM_ERROR_MESSAGES.FIRST_NAME_EMPTY : FORM_ERROR_MESSAGES.LAST_NAME_EMPTY;
  if (length < NAME_MIN)
    return which === 'first' ? FORM_ERROR_MESSAGES.FIRST_NAME_SHORT : FORM_ERROR_MESSAGES.LAST_NAME_SHORT;
  if (length > NAME_MAX) return which === 'first' ? MESSAGES.firstNameTooLong : MESSAGES.lastNameTooLong;
  return undefined;
}
