import { type EntryPage, entryHero } from '@portal/domain/branding/entry-hero';
import { useLocation } from 'react-router';
import { useBrand } from '../../lib/brand';

/**
 * Which entry screen a path shows, for its picture (000 §2 page types): a product landing (its route or the
 * `product` query), the signup screen, or the login picture for everything else (a campaign landing shows
 * its own picture beside the form).
 */
export function entryPageOf(pathname: string, search: string): EntryPage {
  if (pathname.startsWith('/campaign/')) return 'login';
  if (pathname.startsWith('/product/') || new URLSearchParams(search).has('product')) return 'product';
  return pathname === '/get-started' ? 'signup' : 'login';
}

/**
 * The hero picture of the entry screens (002 §3: login.image_v3, signup.image, product_signup.image). Its box
 * is sized by the shell before the file arrives, and width and height give its ratio, so it shifts nothing.
 * It is the first thing on the page, so it loads at once.
 */
export function EntryHeroImage({ className }: { className: string }) {
  const { organization } = useBrand();
  const { pathname, search } = useLocation();
  const hero = entryHero(organization?.settings, entryPageOf(pathname, search));
  if (!hero) return null;
  return (
    <img
      key={hero.src}
      className={className}
      src={hero.src}
      alt={hero.alt}
      width={1200}
      height={1600}
      decoding="async"
    />
  );
}
