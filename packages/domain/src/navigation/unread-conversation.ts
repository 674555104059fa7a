/** A conversation as far as the Messages dot reads it (001 §3 Conversation). */
interface ConversationReadState {
  patient_read?: unknown;
}

function isUnread(value: unknown): boolean {
  return (
    value !== null && typeof value === 'object' && (value as ConversationReadState).patient_read === false
  );
}

/**
 * The Messages dot (001 §4 Navigation): a conversation the patient has not read. GET /v2/conversations/patient
 * may answer one conversation, a list, or a page `{ docs }`; anything else, or a missing flag, shows no dot.
 */
export function hasUnreadConversation(body: unknown): boolean {
  if (Array.isArray(body)) return body.some(isUnread);
  if (body !== null && typeof body === 'object' && Array.isArray((body as { docs?: unknown }).docs)) {
    return (body as { docs: unknown[] }).docs.some(isUnread);
  }
  return isUnread(body);
}
