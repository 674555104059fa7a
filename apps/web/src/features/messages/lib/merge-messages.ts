import type { Message } from '@portal/domain/contracts/messaging';

const timeOf = (m: Message) => {
  const t = Date.parse(m.created_at);
  return Number.isNaN(t) ? 0 : t;
};

/** Oldest first; messages of the same instant by id (ids grow with time). */
function compareMessages(a: Message, b: Message): number {
  return timeOf(a) - timeOf(b) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
}

/**
 * One list of the messages of several reads (the newest page, older pages, real-time events, sent messages):
 * each once by `_id`, the later copy winning, oldest first. Care-team notes never show to the patient.
 */
export function mergeMessages(...lists: readonly (readonly Message[])[]): Message[] {
  const byId = new Map<string, Message>();
  for (const list of lists) for (const message of list) byId.set(message._id, message);
  return [...byId.values()].filter((m) => !m.internal_message).sort(compareMessages);
}

/** The patient wrote it (shown on the right as 'You'). */
export function isOwnMessage(message: Message, userId: string): boolean {
  return message.sender === userId || (!message.author.is_admin && message.author._id === userId);
}

/** The patient's latest message, which alone carries 'Seen' or 'Delivered' (001 §2). */
export function latestOwnMessageId(messages: readonly Message[], userId: string): string | null {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index]!;
    if (isOwnMessage(message, userId)) return message._id;
  }
  return null;
}

/** Up to two initials of a name, for an author without a photo. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}
