import { useMemo } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../../lib/safe-redirect';

/** The four kinds of entry page (000 §2 Auth container). */
export type AuthPageType = 'product' | 'campaign' | 'signup' | 'general';

export interface AuthEntry {
  pageType: AuthPageType;
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

    const carried = new URLSearchParams(search);
    carried.delete('expired');
    carried.delete('token');
    if (productId && !carried.has('product')) carried.set('product', productId);
    const carriedQuery = carried.toString();

    return {
      pageType,
      productId,
      campaignId,
      redirectPath: safeRedirectPath(search.get('redirectPath')),
      expired: search.get('expired') === 'true',
      email: search.get('email'),
      token: search.get('token'),
      carriedQuery: carriedQuery ? `?${carriedQuery}` : '',
    };
  }, [params.productId, params.campaignId, pathname, search]);
}
