import type { Notification, NotificationsPage } from '../../../api/notifications';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let counter = 0;
/** A notification `ageMs` old; ids are 24 hex characters. */
export function note(over: Partial<Notification> & { ageMs?: number } = {}): Notification {
  counter += 1;
  const { ageMs = MINUTE, ...rest } = over;
  return {
    _id: counter.toString(16).padStart(24, 'a'),
    read: false,
    created_at: new Date(Date.now() - ageMs).toISOString(),
    message: `Notice ${counter}`,
    category: 'message',
    data: {},
    ...rest,
  };
}

export const ages = { minute: MINUTE, hours: (n: number) => n * 60 * MINUTE, days: (n: number) => n * DAY };

/** Pages of 10 of a list, as GET /v2/notifications answers them. */
export function pageOf(all: Notification[], page: number, unread: number, limit = 10): NotificationsPage {
  const totalPages = Math.max(1, Math.ceil(all.length / limit));
  const docs = all.slice((page - 1) * limit, page * limit);
  return {
    docs,
    page,
    totalPages,
    totalDocs: all.length,
    hasNextPage: page < totalPages,
    hasPrevPage: page > 1,
    unread,
    // the real cursor is opaque; this one names the last notification the page showed
    next_cursor: page < totalPages ? `after-${docs.at(-1)?._id}` : null,
  };
}

type Observed = { callback: IntersectionObserverCallback; element?: Element; root: Element | null };

/** IntersectionObserver for jsdom: the test says when a sentinel comes into view. */
export function stubIntersectionObserver() {
  const observers: Observed[] = [];
  class FakeObserver {
    private readonly entry: Observed;
    constructor(callback: IntersectionObserverCallback, options: IntersectionObserverInit = {}) {
      this.entry = { callback, root: (options.root as Element | null) ?? null };
      observers.push(this.entry);
    }
    observe(element: Element) {
      this.entry.element = element;
    }
    unobserve() {}
    disconnect() {
      const i = observers.indexOf(this.entry);
      if (i >= 0) observers.splice(i, 1);
    }
    takeRecords() {
      return [];
    }
  }
  globalThis.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
  return {
    /** Brings every observed element matching the selector into view. */
    show(selector: string) {
      for (const o of [...observers]) {
        if (o.element?.matches(selector))
          o.callback(
            [{ isIntersecting: true, target: o.element } as IntersectionObserverEntry],
            {} as IntersectionObserver,
          );
      }
    },
  };
}
