import { brandShades } from '@portal/domain/branding/contrast';
import type { Organization } from '@portal/domain/contracts/organization';
import { brandName } from './brand';

/**
 * Puts the brand on the page: colour variables, title and favicon (the server does the same before first
 * paint). Beside the brand colour go the shades derived from it that keep text at 4.5:1 (WCAG 1.4.3): the
 * fill behind white text (--brand-solid), the text on it, and brand-coloured text on light backgrounds.
 */
export function applyBrandToDocument(organization: Organization): void {
  const root = document.documentElement;
  const primary = organization.settings?.brand?.primary_color;
  if (primary) {
    root.style.setProperty('--brand-primary', primary);
    const shades = brandShades(primary);
    root.style.setProperty('--brand-solid', shades.solid);
    root.style.setProperty('--brand-primary-contrast', shades.onSolid);
    root.style.setProperty('--ui-brand-text', shades.text);
  }
  document.title = brandName(organization);
  const icon = organization.settings?.favicons?.icon;
  if (icon) {
    let link = document.head.querySelector<HTMLLinkElement>('link[rel~="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = icon;
  }
}
