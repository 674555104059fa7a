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
