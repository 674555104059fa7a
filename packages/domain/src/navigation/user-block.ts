import { USER_BLOCK_SCROLL_CHARS } from '../constants';

/**
 * Which lines of the navigation's user block scroll (001 §2 Navigation, §9): the name when first and last name
 * together are over 21 characters, the e-mail when it is over 21.
 */
export function userBlockScrolls(user: {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
}): {
  name: boolean;
  email: boolean;
} {
  const nameLength = (user.first_name ?? '').length + (user.last_name ?? '').length;
  return {
    name: nameLength > USER_BLOCK_SCROLL_CHARS,
    email: (user.email ?? '').length > USER_BLOCK_SCROLL_CHARS,
  };
}
