/**
 * Browser storage keys. The login state keys and the plain keys are the ones the specification names
 * (000 §3 "Plain browser storage keys"; 002 §4.9); the `portal:` keys are this app's own.
 */
export const STORAGE_KEYS = {
  // login state (localStorage)
  user: 'user',
  token: 'token',
  organization: 'organization',
  settings: 'settings',

  // plain keys of the consultation funnel (localStorage)
  intakeTemplate: 'intake_template',
  productTemplate: 'zp_product_template',
  defaultItem: 'default_item',
  selectedProducts: 'selected_products',
  membership: 'membership',
  defaultDurationSelection: 'defaultDurationSelection',

  // this app's own (sessionStorage)
  landingTraits: 'portal:landing-traits',
  chunkReloadAt: 'portal:chunk-reload-at',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
