import { careInboxChannel, organizationPresenceChannel } from '@portal/domain/contracts/messaging';
import { careQueueChannel } from '@portal/domain/contracts/realtime';
import type { Auth } from '../../platform/auth/access';
import { isStaff } from '../../platform/auth/access';

/** Finds who a conversation belongs to (its patient and their clinic). */
export type ConversationOwner = (
  conversationId: string,
) => Promise<{ userId: string; organizationId: string } | undefined>;

const CONVERSATION = /^private-conversation-([0-9a-f]{24})$/;

/**
 * Who may join a channel: the one rule /pusher/auth signs by. A channel the portal does not name is refused,
 * so a signature is never given for a channel nobody checked.
 * - the clinic's review queue and inbox: its staff;
 * - a conversation: its patient, and their clinic's staff;
 * - the clinic's presence channel: its patients and staff.
 */
export async function mayJoinChannel(
  auth: Auth,
  channel: string,
  conversationOwner: ConversationOwner,
): Promise<boolean> {
  if (channel === careQueueChannel(auth.organizationId)) return isStaff(auth.role);
  if (channel === careInboxChannel(auth.organizationId)) return isStaff(auth.role);
  if (channel === organizationPresenceChannel(auth.organizationId)) return true;
  const conversationId = CONVERSATION.exec(channel)?.[1];
  if (conversationId) {
    const owner = await conversationOwner(conversationId);
    if (!owner || owner.organizationId !== auth.organizationId) return false;
    return owner.userId === auth.userId || isStaff(auth.role);
  }
  return false;
}
