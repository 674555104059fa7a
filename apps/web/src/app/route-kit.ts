import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { ScreenHandle } from './path-titles';

/** Routes that only redirect render nothing (their loader always redirects). */
export const Redirecting = () => null;

/** Every screen is its own chunk, loaded when its route matches. */
export const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const comingSoon = screen(() => import('./pages/coming-soon-page'));

/** A route of the documents not built yet: the coming-soon page under the route's own title. */
export const soon = (
  path: string,
  title: ScreenHandle['title'],
  extra: Partial<RouteObject> = {},
): RouteObject =>
  ({ path, lazy: comingSoon, handle: { title } satisfies ScreenHandle, ...extra }) as RouteObject;
