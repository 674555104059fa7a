import { NAME_MAX, NAME_MIN } from '../constants';
import { MESSAGES } from '../messages';

/**
 * The message for a first or last name that is empty, shorter than 2 or longer than 35 characters once
 * trimmed (001 §5 settings, the checkout shipping form and the API's patient update), or undefined.
 */
export function nameError(name: string, which: 'first' | 'last'): string | undefined {
  const length = name.trim().length;
  if (length === 0) return which === 'first' ? MESSAGES.firstNameRequired : MESSAGES.lastNameRequired;
  if (length < NAME_MIN) return which === 'first' ? MESSAGES.firstNameTooShort : MESSAGES.lastNameTooShort;
  if (length > NAME_MAX) return which === 'first' ? MESSAGES.firstNameTooLong : MESSAGES.lastNameTooLong;
  return undefined;
}
