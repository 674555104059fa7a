/** Why a patient pauses (001 §3 "Pause reasons"). */
export const PAUSE_REASONS = [
  { id: 'not_using', label: 'Not using it enough' },
  { id: 'expensive', label: 'Too expensive' },
  { id: 'away', label: 'Away or traveling' },
  { id: 'alternative', label: 'Alternative treatment' },
  { id: 'other', label: 'Other' },
] as const;
export type PauseReasonId = (typeof PAUSE_REASONS)[number]['id'];

/** Why a patient cancels (001 §3 "Cancel reasons"); expensive and other read as in the pause list. */
export const CANCEL_REASONS = [
  { id: 'expensive', label: 'Too expensive' },
  { id: 'not_taking', label: 'Not taking medications anymore' },
  { id: 'not_working', label: 'Medications not working for me' },
  { id: 'not_needed', label: "I don't need it anymore" },
  { id: 'other', label: 'Other' },
] as const;
export type CancelReasonId = (typeof CANCEL_REASONS)[number]['id'];

/** The longest description a patient may type for 'Other'. */
export const REASON_DESCRIPTION_MAX = 1000;

/**
 * The reason to send for a pause or cancel choice, or null when nothing may be sent (001 §5: "Pause or
 * cancel needs a reason or description"). 'Other' sends the typed description; it needs text.
 */
export function reasonToSend(
  choice: string | null,
  description: string,
  allowed: readonly { id: string }[],
): string | null {
  if (!choice || !allowed.some((r) => r.id === choice)) return null;
  if (choice !== 'other') return choice;
  const text = description.trim();
  return text ? text.slice(0, REASON_DESCRIPTION_MAX) : null;
}

/** The label of a stored reason: a listed id gives its label, anything else is a patient's own words. */
export function reasonLabel(value: string, allowed: readonly { id: string; label: string }[]): string {
  return allowed.find((r) => r.id === value)?.label ?? value;
}
