import { careQueueChannel } from '@portal/domain/contracts/realtime';
import type { Auth } from '../../platform/auth/access';
import { isStaff } from '../../platform/auth/access';

/**
 * Who may join a channel: the one rule /pusher/auth signs by. A channel the portal does not name is refused,
 * so a signature is never given for a channel nobody checked.
 */
export function mayJoinChannel(auth: Auth, channel: string): boolean {
  if (channel === careQueueChannel(auth.organizationId)) return isStaff(auth.role);
  return false;
}
