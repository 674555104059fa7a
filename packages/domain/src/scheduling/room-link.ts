/**
 * A physician's video room (issue 16 §5): the link the waiting room opens for their calls. https only, so a
 * patient is never sent to a page that is not private in transit; a host with a dot, so a typo such as
 * "https://meet" is caught before a patient meets it.
 */
export const ROOM_LINK_MAX = 500;
export const ROOM_LINK_PATTERN = /^https:\/\/[^\s/?#]+\.[^\s]*$/i;
export const ROOM_LINK_MESSAGE = 'Enter the room’s https:// link, such as https://meet.jit.si/dr-okafor.';
export const ROOM_LINK_TOO_LONG = `The link can be at most ${ROOM_LINK_MAX} characters.`;

/** What is wrong with a room link (trimmed first), or null when it will do. */
export function roomLinkProblem(value: string): string | null {
  const link = value.trim();
  if (link.length > ROOM_LINK_MAX) return ROOM_LINK_TOO_LONG;
  return ROOM_LINK_PATTERN.test(link) ? null : ROOM_LINK_MESSAGE;
}
