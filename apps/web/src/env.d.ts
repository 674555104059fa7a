/// <reference types="vite/client" />
import type { Organization } from '@portal/domain/contracts/organization';

declare global {
  interface ImportMetaEnv {
    /** Organization used when the lookup by domain fails (000 §1). */
    readonly VITE_DEFAULT_ORG_ID?: string;
  }

  interface Window {
    /** The organization in the older injection form; the server now writes `<script type="application/json" id="portal-brand">`. */
    __PORTAL_BRAND__?: Organization;
  }
}
