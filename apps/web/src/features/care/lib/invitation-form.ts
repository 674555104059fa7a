import { PASSWORD_MAX } from '@portal/domain/constants';
import { MESSAGES } from '@portal/domain/messages';
import { isStrongPassword } from '@portal/domain/validation/settings';

/** The portal's rule for a new password (001 §5), the one the server applies to an accepted invitation. */
export const PASSWORD_RULE = MESSAGES.newPasswordWeak;

export function validateInvitationPassword(v: {
  password: string;
  confirm: string;
}): Partial<Record<'password' | 'confirm', string>> {
  const errors: Partial<Record<'password' | 'confirm', string>> = {};
  if (v.password === '') errors.password = MESSAGES.newPasswordRequired;
  else if (v.password.length > PASSWORD_MAX) errors.password = MESSAGES.passwordTooLong;
  else if (!isStrongPassword(v.password)) errors.password = MESSAGES.newPasswordWeak;
  if (v.confirm !== v.password) errors.confirm = MESSAGES.newPasswordsMustMatch;
  return errors;
}
