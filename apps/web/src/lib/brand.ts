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

/** White, or near-black for light brand colours (WCAG relative luminance). */
export function contrastColor(hex: string): string {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return '#ffffff';
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  const channels = [0, 2, 4].map((i) => {
    const c = Number.parseInt(digits.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2];
  // White text is the calm, expected look on brand colours; keep it while it still contrasts 3:1 or better.
  return 1.05 / (luminance + 0.05) >= 3 ? '#ffffff' : '#111111';
}

/** Puts the brand on the page: colour variables, title and favicon (the server does the same before first paint). */
export function applyBrandToDocument(organization: Organization): void {
  const root = document.documentElement;
  const primary = organization.settings?.brand?.primary_color;
  if (primary) {
    root.style.setProperty('--brand-primary', primary);
    root.style.setProperty('--brand-primary-contrast', contrastColor(primary));
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
