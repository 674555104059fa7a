/**
 * The real-time channels and events of messaging (decisions 032, 033): a private channel per conversation, a
 * presence channel per organization (001 §7) and the care team's inbox. Plain strings: a screen that only
 * listens imports these without the schemas of the messaging contract.
 */
export const conversationChannel = (conversationId: string) => `private-conversation-${conversationId}`;
export const organizationPresenceChannel = (organizationId: string) =>
  `presence-organization-${organizationId}`;
/** The care team's inbox of one clinic: staff only; says the list changed. */
export const careInboxChannel = (organizationId: string) => `private-care-inbox-${organizationId}`;

export const MESSAGE_EVENT = 'message';
export const TYPING_EVENT = 'typing';
export const READ_EVENT = 'read';
export const INBOX_CHANGED_EVENT = 'inbox-changed';
