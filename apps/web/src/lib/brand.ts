import { brandShades } from '@portal/domain/branding/contrast';
import type { Organization } from '@portal/domain/contracts/organization';
import { useSyncExternalStore } from 'react';
import { readStorage, writeJson, writeStorage } from './storage';
import { STORAGE_KEYS } from './storage-keys';

/**
 * The brand store: the organization resolved at start-up (000 §1, 002 §4.9). `error` is the flag raised when
 * the lookup by domain failed and the configured default organization id is used instead.
 */
export interface BrandState {
  organization: Organization | null;
  organizationId: string | undefined;
  error: boolean;
}

let state: BrandState = { organization: null, organizationId: undefined, error: false };
const listeners = new Set<() => void>();

export function getBrand(): BrandState {
  return state;
}

export function setBrand(next: BrandState): void {
  state = next;
  if (next.organizationId) writeStorage(STORAGE_KEYS.organization, next.organizationId);
  if (next.organization) writeJson(STORAGE_KEYS.settings, next.organization.settings);
  for (const listener of listeners) listener();
}

/** The organization id for paths and the `organization` header; the stored one until the brand is resolved. */
export function getOrganizationId(): string | undefined {
  return state.organizationId ?? readStorage(STORAGE_KEYS.organization) ?? undefined;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBrand(): BrandState {
  return useSyncExternalStore(subscribe, getBrand, getBrand);
}

/** The brand's display name: the settings name, else the organization name. */
export function brandName(organization: Organization | null): string {
  return organization?.settings?.name || organization?.name || 'Patient Portal';
}

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
