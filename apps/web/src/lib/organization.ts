import type { Organization } from '@portal/domain/contracts/organization';

/** One testimonial of the login hero (settings.login.testimonials). */
export type Testimonial = Organization['settings']['login']['testimonials'][number];

/** An organization-configured external link of the menus (settings.dropdown_links). */
export type DropdownLink = Organization['settings']['dropdown_links'][number];

/** What the server writes into index.html (`<script type="application/json" id="portal-brand">`). */
export interface InjectedBrand {
  organization: Organization;
  /** True when the host is not registered and the server chose the default organization. */
  fallback: boolean;
}
