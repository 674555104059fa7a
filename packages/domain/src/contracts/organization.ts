import { z } from 'zod';
import { Id } from './common';

/** A link a clinic configures (More menu entries, side content): what it reads and where it goes. */
export const BrandLink = z.object({ label: z.string(), url: z.string() });
export type BrandLink = z.infer<typeof BrandLink>;

/** A picture of the entry screens; `alt` describes it when it carries meaning, else it is decorative. */
const BrandImage = z.object({ image: z.string().optional(), alt: z.string().optional() });

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
  /** The hero of the product landing (/product/{type}/{id}); the login image when absent (002 §3). */
  product_signup: BrandImage.optional(),
  /** The hero of the signup screen (/get-started); the login image when absent (002 §3). */
  signup: BrandImage.optional(),
  dropdown_links: z.array(z.object({ _id: z.string(), name: z.string(), url: z.string() })),
  verification: z.object({ has_mobile_verification: z.boolean() }),
  community_url: z.string().optional(),
  /**
   * The welcome widget's introduction (001 §2): a video file with its WebVTT captions and a poster, all
   * served by the portal itself. Without it the widget offers no video.
   */
  welcome: z
    .object({
      video: z
        .object({ url: z.string(), captions_url: z.string(), poster: z.string().optional() })
        .optional(),
    })
    .optional(),
  /** The More menu's pharmacy, community and social entries (001 §2); an entry not configured is not shown. */
  more_links: z
    .object({ pharmacy: BrandLink.optional(), community: BrandLink.optional(), social: BrandLink.optional() })
    .optional(),
  /**
   * The main organization a partner clinic belongs to. A clinic without one is itself a main organization,
   * and only its own users see its side content (001 §2).
   */
  parent_organization: z.string().optional(),
  /** The side navigation's brand-specific card for users of the main organization (001 §2). */
  side_content: z.object({ title: z.string(), body: z.string(), link: BrandLink.optional() }).optional(),
  /**
   * Messaging (issue 13): minutes a patient has to read a message from the care team before one reminder
   * reaches them by e-mail or text (by their notification preferences); 30 when not set.
   */
  messaging: z
    .object({ reminder_delay_minutes: z.number().int().min(1).max(10_080) })
    .partial()
    .optional(),
  /**
   * Appointments (issue 16): whether the Appointments list offers its own Book button. 001 §2 shows none, so it
   * is off unless the clinic turns it on; bookings that start on the Providers page or a scheduling route work
   * either way.
   */
  appointments: z.object({ list_booking: z.boolean() }).partial().optional(),
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
