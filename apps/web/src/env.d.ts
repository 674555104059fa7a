/// <reference types="vite/client" />
import type { Organization } from './lib/organization';

declare global {
  interface ImportMetaEnv {
    /** Organization used when the lookup by domain fails (000 §1). */
    readonly VITE_DEFAULT_ORG_ID?: string;
  }

  interface Window {
    /** The organization, injected into index.html by the API server in place of `<!--portal-brand-->`. */
    __PORTAL_BRAND__?: Organization;
  }
}
