import type { InboxFilter, StaffRef } from '@portal/domain/contracts/messaging';

/** The inbox's filters, as its tabs name them. */
export const INBOX_FILTERS: readonly InboxFilter[] = ['all', 'unread', 'mine', 'unassigned'];

export const INBOX_FILTER_LABELS: Readonly<Record<InboxFilter, string>> = {
  all: 'All',
  unread: 'Unread',
  mine: 'Mine',
  unassigned: 'Unassigned',
};

/** What an empty tab says. */
export const INBOX_EMPTY: Readonly<Record<InboxFilter, { title: string; text: string }>> = {
  all: {
    title: 'No conversations yet',
    text: 'Conversations appear here as soon as a patient writes to the care team.',
  },
  unread: { title: 'All caught up', text: 'No conversation has a message the team has not read.' },
  mine: { title: 'Nothing assigned to you', text: 'Conversations assigned to you appear here.' },
  unassigned: {
    title: 'Every conversation has an owner',
    text: 'No conversation waits for someone to take it.',
  },
};

/** The inbox's thread of one conversation; the patient's id rides along, as the thread's API path needs it. */
export function threadPath(conversationId: string, patientId: string): string {
  return `/care/messages/${encodeURIComponent(conversationId)}?patient=${encodeURIComponent(patientId)}`;
}

export const INBOX_PATH = '/care/messages';

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * How long the patient has waited for an answer, in words: 'under a minute', '12 minutes', '3 hours',
 * '2 days 4 hours'.
 */
export function waitingWords(since: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(since)) / 60_000));
  if (Number.isNaN(minutes)) return '';
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest === 0 ? plural(days, 'day') : `${plural(days, 'day')} ${plural(rest, 'hour')}`;
}

/** Who a conversation is assigned to, as its reader sees it: 'You', a name, or 'Unassigned'. */
export function assigneeLabel(assignee: StaffRef | null, meId: string | undefined): string {
  if (!assignee) return 'Unassigned';
  return assignee._id === meId ? 'You' : assignee.display_name;
}
