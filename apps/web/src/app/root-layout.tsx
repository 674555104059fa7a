import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useDocumentTitle } from './page-title';

/**
 * The root of every route: names the page and the clinic in the document title. After an in-app navigation, focus moves to the new page's main region so screen
 * reader and keyboard users start at the content (the first load keeps the browser's default).
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useDocumentTitle();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('main');
    if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
