import type { NotificationCategory } from '@portal/domain/notifications/categories';
import './notification-icon.css';

/** Outline icons (24 x 24, stroke) per category. */
const PATHS: Record<NotificationCategory, string> = {
  visit: 'M9 3h6v3H9zM7 5H5v16h14V5h-2M9 12h6M9 16h4',
  lab: 'M9 3h6M10 3v6L5 18a2 2 0 0 0 1.8 3h10.4a2 2 0 0 0 1.8-3l-5-9V3M7.5 15h9',
  message: 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z',
  order: 'M3 7l9-4 9 4-9 4-9-4Zm0 0v10l9 4 9-4V7M12 11v10',
  welcome: 'M12 21s-7-4.4-9.3-9A5 5 0 0 1 12 6a5 5 0 0 1 9.3 6c-2.3 4.6-9.3 9-9.3 9Z',
  subscription: 'M4 12a8 8 0 0 1 14-5.3L20 9M20 4v5h-5M20 12a8 8 0 0 1-14 5.3L4 15M4 20v-5h5',
  payment: 'M3 6h18v12H3zM3 10h18M7 15h4',
  appointments: 'M4 5h16v16H4zM4 9h16M8 3v4M16 3v4M8 13h3v3H8z',
};

export function CategoryIcon({ category }: { category: NotificationCategory }) {
  return (
    <span className={`notification-icon notification-icon--${category}`} aria-hidden="true">
      <svg
        viewBox="0 0 24 24"
        width="20"
        height="20"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d={PATHS[category] ?? PATHS.message} />
      </svg>
    </span>
  );
}
