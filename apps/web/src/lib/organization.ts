/** The organization (brand) record, as the API returns it and as the server injects it into index.html. */
export interface Testimonial {
  quote: string;
  author: string;
  title?: string;
}

export interface DropdownLink {
  _id: string;
  name: string;
  url: string;
}

export interface OrganizationSettings {
  name: string;
  logo: string;
  logo_light_background?: string;
  logo_dark_background?: string;
  favicons: { icon: string };
  brand: { primary_color: string };
  support_email: string;
  login: { image_v3: string; testimonials: Testimonial[] };
  dropdown_links: DropdownLink[];
  verification: { has_mobile_verification: boolean };
}

export interface Organization {
  _id: string;
  name: string;
  domain: string;
  app_url: string;
  settings: OrganizationSettings;
}
