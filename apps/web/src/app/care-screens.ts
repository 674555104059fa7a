import type { ComponentType } from 'react';

type ScreenModule = Promise<{ default: ComponentType }>;

/**
 * The clinic's workspace (issue 12 §8): its shell and screens, each its own chunk as before. Their imports
 * live here, in a chunk fetched on the first navigation into /care, rather than in the route table: with
 * their preload lists they were about 1.4 KB gzipped of every patient's first download.
 */
export const CARE_SCREENS = {
  shell: (): ScreenModule => import('./shells/care-shell'),
  queue: (): ScreenModule => import('../features/care/pages/queue-page'),
  chart: (): ScreenModule => import('../features/care/pages/chart-page'),
  tasks: (): ScreenModule => import('../features/care/pages/tasks-page'),
  schedule: (): ScreenModule => import('../features/care/pages/schedule-page'),
  availability: (): ScreenModule => import('../features/care/pages/availability-page'),
  fulfilment: (): ScreenModule => import('../features/care/pages/fulfilment-page'),
  labs: (): ScreenModule => import('../features/care/pages/labs-page'),
  labReport: (): ScreenModule => import('../features/care/pages/lab-report-page'),
  staff: (): ScreenModule => import('../features/care/pages/staff-page'),
  audit: (): ScreenModule => import('../features/care/pages/audit-page'),
  settings: (): ScreenModule => import('../features/care/pages/settings-page'),
  shop: (): ScreenModule => import('../features/care/pages/shop-page'),
  catalogue: (): ScreenModule => import('../features/care/pages/catalogue-page'),
  inbox: (): ScreenModule => import('../features/care/pages/inbox-page'),
  thread: (): ScreenModule => import('../features/care/pages/thread-page'),
  invitation: (): ScreenModule => import('../features/care/pages/invitation-page'),
  staffOnly: (): ScreenModule => import('./pages/staff-only-page'),
};

export type CareScreen = keyof typeof CARE_SCREENS;
