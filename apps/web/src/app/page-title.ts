import { useEffect } from 'react';
import { useLocation, useMatches, useParams } from 'react-router';
import { brandName, useBrand } from '../lib/brand';
import { documentTitle, type ScreenHandle, titleForPath } from './route-meta';

/** The name of the screen from the deepest route that gives one, else from its path (route-meta). */
export function useScreenName(): string {
  const matches = useMatches();
  const params = useParams();
  const { pathname } = useLocation();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const title = (matches[index]?.handle as ScreenHandle | undefined)?.title;
    const name = typeof title === 'function' ? title(params) : title;
    if (name) return name;
  }
  return titleForPath(pathname);
}

/**
 * Keeps the document title naming the page and the clinic ("Orders · Evergreen Longevity", WCAG 2.4.2), on
 * every route, as the page or the brand changes.
 */
export function useDocumentTitle(): void {
  const page = useScreenName();
  const { organization } = useBrand();
  const clinic = brandName(organization);
  useEffect(() => {
    document.title = documentTitle(page, clinic);
  }, [page, clinic]);
}
