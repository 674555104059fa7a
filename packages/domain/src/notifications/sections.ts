export const NOTIFICATION_SECTIONS = ['Today', 'Last 7 Days', 'Last 30 Days', 'Earlier'] as const;
export type NotificationSection = (typeof NOTIFICATION_SECTIONS)[number];

const DAY = 24 * 60 * 60_000;

/**
 * The page section of a notification by age (001 §2, §4): Today is the viewer's calendar day; then within
 * 7 days, within 30 days, and the rest. A time ahead of the clock counts as today.
 */
export function sectionOf(createdAt: Date | string, now: Date = new Date()): NotificationSection {
  const at = typeof createdAt === 'string' ? new Date(createdAt) : createdAt;
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  if (at.getTime() >= startOfToday.getTime()) return 'Today';
  const age = now.getTime() - at.getTime();
  if (age < 7 * DAY) return 'Last 7 Days';
  if (age < 30 * DAY) return 'Last 30 Days';
  return 'Earlier';
}

/**
 * The notifications grouped in section order, newest first within each; empty sections are left out.
 */
export function groupBySection<T extends { created_at: string }>(
  items: readonly T[],
  now: Date = new Date(),
): { section: NotificationSection; items: T[] }[] {
  const sorted = [...items].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  const groups = new Map<NotificationSection, T[]>();
  for (const item of sorted) {
    const section = sectionOf(item.created_at, now);
    const list = groups.get(section) ?? [];
    list.push(item);
    groups.set(section, list);
  }
  return NOTIFICATION_SECTIONS.filter((s) => groups.has(s)).map((section) => ({
    section,
    items: groups.get(section)!,
  }));
}
