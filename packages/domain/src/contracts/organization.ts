import { z } from 'zod';
import { Id } from './common';

export const OrganizationSettings = z.object({
  name: z.string(),
  logo: z.string(),
  logo_light_background: z.string().optional(),
  logo_dark_background: z.string().optional(),
  favicons: z.object({ icon: z.string() }),
  brand: z.object({ primary_color: z.string() }),
  support_email: z.string(),
  login: z.object({
    image_v3: z.string(),
    testimonials: z.array(z.object({ quote: z.string(), author: z.string(), title: z.string().optional() })),
  }),
  product_signup: z.object({ image: z.string().optional() }).optional(),
  signup: z.object({ image: z.string().optional() }).optional(),
  dropdown_links: z.array(z.object({ _id: z.string(), name: z.string(), url: z.string() })),
  verification: z.object({ has_mobile_verification: z.boolean() }),
  community_url: z.string().optional(),
});
export type OrganizationSettings = z.infer<typeof OrganizationSettings>;

/** A clinic brand as the portal shows it; public, served before sign-in. */
export const Organization = z.object({
  _id: Id,
  name: z.string(),
  domain: z.string(),
  app_url: z.string(),
  settings: OrganizationSettings,
});
export type Organization = z.infer<typeof Organization>;

export const State = z.object({
  _id: Id,
  name: z.string(),
  abbreviation: z.string(),
  syncRequired: z.boolean(),
});
export type State = z.infer<typeof State>;

export const PolicySection = z.enum(['consent', 'privacy', 'tos']);
export const Policy = z.object({
  section: PolicySection,
  title: z.string(),
  body: z.string(),
  updated_at: z.string(),
});
export type Policy = z.infer<typeof Policy>;
