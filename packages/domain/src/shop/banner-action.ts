import type { ShopBannerAction } from '../contracts/shop';

/** What pressing a banner's button does; the page carries it out. */
export type BannerOutcome =
  | { kind: 'open-external'; url: string }
  | { kind: 'navigate'; to: string }
  | { kind: 'lab-visit'; productTemplateId: string; to: '/signup/lab-visit' }
  | { kind: 'log'; reason: string };

const enc = encodeURIComponent;

/** Only an absolute http(s) address opens: a `javascript:` or relative value in the settings does nothing. */
function externalUrl(value: string): string | null {
  const url = value.trim();
  return /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(url) ? url : null;
}

/** A dashboard path below /dashboard/{user}/: segments kept, no way up or out, query and hash kept. */
function dashboardPath(userId: string, value: string): string | null {
  const trimmed = value.trim().replace(/^\/+/, '');
  const [path = '', rest = ''] = trimmed.split(/(?=[?#])/, 2) as [string?, string?];
  const segments = path.split('/').filter(Boolean);
  if (segments.length === 0 || segments.some((s) => s === '.' || s === '..' || s.includes('\\'))) return null;
  return `/dashboard/${enc(userId)}/${segments.map((s) => enc(decodeURIComponentSafe(s))).join('/')}${rest}`;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The outcome of a banner action (002 §2.6): external-link opens a new tab; medication-visit starts the
 * visit of the product template through /start/{intakeTemplate}/p/{productTemplate} (the start page finds the
 * product's intake template when none is named: `product`); lab-visit keeps the template and goes to
 * /signup/lab-visit; in-app-path goes to /dashboard/{user}/{path}. An unknown type, or a value that cannot
 * be followed, is only logged.
 */
export function bannerActionOutcome(action: ShopBannerAction, userId: string): BannerOutcome {
  const value = action.value.trim();
  switch (action.type) {
    case 'external-link': {
      const url = externalUrl(value);
      return url
        ? { kind: 'open-external', url }
        : { kind: 'log', reason: `Invalid external link: ${value}` };
    }
    case 'medication-visit':
      return value
        ? { kind: 'navigate', to: `/start/product/p/${enc(value)}` }
        : { kind: 'log', reason: 'A medication visit without a product' };
    case 'lab-visit':
      return value
        ? { kind: 'lab-visit', productTemplateId: value, to: '/signup/lab-visit' }
        : { kind: 'log', reason: 'A lab visit without a product' };
    case 'in-app-path': {
      const to = dashboardPath(userId, value);
      return to ? { kind: 'navigate', to } : { kind: 'log', reason: `Invalid in-app path: ${value}` };
    }
    default:
      return { kind: 'log', reason: `Unknown banner action: ${action.type}` };
  }
}
