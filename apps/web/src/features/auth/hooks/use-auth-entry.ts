import { useMemo } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../../lib/safe-redirect';

/** The four kinds of entry page (000 §2 Auth container). */
export type AuthPageType = 'product' | 'campaign' | 'signup' | 'general';

export interface AuthEntry {
  pageType: AuthPageType;
  /**
   * Which form a landing route shows: /product/login/{id} and /campaign/login/{id} log in, the
   * /product/{type}/{id} and /campaign/{type}/{id} landings sign up; /login and /get-started are themselves.
   */
  form: 'login' | 'signup';
  /** The product template in play: the route's product id, else the `product` query parameter. */
  productId: string | null;
  campaignId: string | null;
  redirectPath: string | null;
  expired: boolean;
  /** Prefills the e-mail field. */
  email: string | null;
  /** A one-time token used as the password (login auto-submits). */
  token: string | null;
  /** The query to carry over to the other entry form (login <-> signup), with the route's product added. */
  carriedQuery: string;
  /**
   * The other form's page: a campaign landing switches between its login and signup variants, anything else
   * between /login and /get-started, with the carried query.
   */
  switchPath: string;
}

/** Reads the entry route: its product or campaign and the query parameters of 000 §2. */
export function useAuthEntry(): AuthEntry {
  const params = useParams();
  const { pathname } = useLocation();
  const [search] = useSearchParams();

  return useMemo(() => {
    const productId = params.productId ?? search.get('product');
    const campaignId = pathname.startsWith('/campaign/') ? (params.campaignId ?? null) : null;
    let pageType: AuthPageType = 'general';
    if (campaignId) pageType = 'campaign';
    else if (productId) pageType = 'product';
    else if (pathname === '/get-started') pageType = 'signup';
    const landingSignup = params.type !== undefined && params.type !== 'login';
    const form = pathname === '/get-started' || landingSignup ? 'signup' : 'login';

    const carried = new URLSearchParams(search);
    carried.delete('expired');
    carried.delete('token');
    if (productId && !carried.has('product')) carried.set('product', productId);
    const carriedQuery = carried.toString();

    const query = carriedQuery ? `?${carriedQuery}` : '';
    const other = form === 'login' ? 'signup' : 'login';
    const switchPath = campaignId
      ? `/campaign/${other}/${encodeURIComponent(campaignId)}${query}`
      : `${other === 'login' ? '/login' : '/get-started'}${query}`;

    return {
      pageType,
      form,
      switchPath,
      productId,
      campaignId,
      redirectPath: safeRedirectPath(search.get('redirectPath')),
      expired: search.get('expired') === 'true',
      email: search.get('email'),
      token: search.get('token'),
      carriedQuery: query,
    };
  }, [params.productId, params.campaignId, params.type, pathname, search]);
}
