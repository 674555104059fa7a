import type { PublicCampaign } from '@portal/domain/contracts/campaign';
import { useEffect, useState } from 'react';
import type { ProductTemplate, PublicProduct } from '../../../api/products';
import type { AuthEntry } from './use-auth-entry';

/** The landing copy above the form: the campaign's hero text, or the product's name and description. */
export interface LandingHero {
  eyebrow: string | null;
  title: string;
  description: string | null;
  image: string | null;
  productName: string | null;
}

export interface Landing {
  /** The campaign or product is loading; the form waits for it so routing knows the product. */
  loading: boolean;
  /** A campaign that failed to load sends the visitor to the plain signup or login page (000 §2). */
  redirectTo: string | null;
  hero: LandingHero | null;
  /** The product template the form routes with after auth. */
  productId: string | null;
}

function firstImage(images: readonly string[] | undefined): string | null {
  return images?.find((src) => typeof src === 'string' && src !== '') ?? null;
}

type Lookup<T> = { isPending: boolean; isError: boolean; data: T | undefined };

/**
 * One look-up of a landing, asked once per id and not retried (a missing campaign sends the visitor on at
 * once). A plain request rather than the query library: /login ships without it, and the API module of the
 * look-up loads only for a landing that has an id.
 */
function useLookup<T>(id: string | null, load: (id: string, signal: AbortSignal) => Promise<T>): Lookup<T> {
  const [state, setState] = useState<{ id: string; result: Lookup<T> } | null>(null);
  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    load(id, controller.signal).then(
      (data) => setState({ id, result: { isPending: false, isError: false, data } }),
      () => {
        if (!controller.signal.aborted)
          setState({ id, result: { isPending: false, isError: true, data: undefined } });
      },
    );
    return () => controller.abort();
  }, [id, load]);
  if (!id) return { isPending: false, isError: false, data: undefined };
  return state?.id === id ? state.result : { isPending: true, isError: false, data: undefined };
}

const loadCampaign = async (id: string, signal: AbortSignal): Promise<PublicCampaign> =>
  (await import('../../../api/campaigns')).getCampaign(id, signal);

/** The endpoint answers the whole template; routing reads only the fields PublicProduct types. */
const loadProduct = async (id: string, signal: AbortSignal) =>
  (await (await import('../../../api/products')).getPublicProduct(id, signal)) as PublicProduct &
    Partial<ProductTemplate>;

/** Loads the campaign or product of a landing route (000 §2 page types product and campaign landing). */
export function useLanding(entry: AuthEntry): Landing {
  const campaignId = entry.pageType === 'campaign' ? entry.campaignId : null;
  const productId = entry.pageType === 'product' ? entry.productId : null;
  const campaign = useLookup(campaignId, loadCampaign);
  const product = useLookup(productId, loadProduct);

  if (campaignId) {
    if (campaign.isError)
      return {
        loading: false,
        redirectTo: entry.form === 'signup' ? '/get-started' : '/login',
        hero: null,
        productId: entry.productId,
      };
    if (campaign.isPending) return { loading: true, redirectTo: null, hero: null, productId: null };
    const data = campaign.data;
    if (!data) return { loading: true, redirectTo: null, hero: null, productId: null };
    const promoted = data.product_template;
    return {
      loading: false,
      redirectTo: null,
      hero: {
        eyebrow: data.name !== data.headline ? data.name : null,
        title: data.headline,
        description: data.description || null,
        image: data.image ?? firstImage(promoted?.product_images),
        productName: promoted?.product_name ?? promoted?.name ?? null,
      },
      productId: promoted?._id ?? entry.productId,
    };
  }

  if (productId && product.data) {
    const data = product.data;
    const name = data.product_name ?? data.name ?? null;
    return {
      loading: false,
      redirectTo: null,
      hero: name
        ? {
            eyebrow: null,
            title: name,
            description: data.description ?? null,
            image: firstImage(data.product_images),
            productName: null,
          }
        : null,
      productId,
    };
  }
  // the product hero is a nicety: the form shows at once and routes with the id either way
  return { loading: false, redirectTo: null, hero: null, productId: entry.productId };
}
