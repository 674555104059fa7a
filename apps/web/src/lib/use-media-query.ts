import { DESKTOP_MIN_WIDTH } from '@portal/domain/constants';
import { useSyncExternalStore } from 'react';

/** Desktop means 1024 px wide or more (001 §9, 002 §9). */
export const DESKTOP_QUERY = `(min-width: ${DESKTOP_MIN_WIDTH}px)`;

function supported(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function';
}

/** Without matchMedia (tests), a (min-width: Npx) query is answered from the window's width. */
function matchesByWidth(query: string): boolean {
  const min = /min-width:\s*(\d+)px/.exec(query);
  return window.innerWidth >= (min ? Number(min[1]) : DESKTOP_MIN_WIDTH);
}

/** Whether a media query matches, following changes. Without matchMedia (tests) the window width decides. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      if (!supported()) {
        window.addEventListener('resize', listener);
        return () => window.removeEventListener('resize', listener);
      }
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => (supported() ? window.matchMedia(query).matches : matchesByWidth(query)),
    () => false,
  );
}

export function useIsDesktop(): boolean {
  return useMediaQuery(DESKTOP_QUERY);
}
