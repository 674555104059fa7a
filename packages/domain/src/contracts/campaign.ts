import { z } from 'zod';
import { Id } from './common';
import { ProductTemplate, ProductType } from './product';

/** A campaign's kind is the kind of product it promotes (000 §2 campaign landing). */
export const CampaignType = ProductType;
export type CampaignType = z.infer<typeof CampaignType>;

/**
 * GET /marketing/campaigns/{campaignId}/public: a campaign landing page before sign-in: its hero copy and the
 * product it promotes (null when the campaign names none).
 */
export const PublicCampaign = z.object({
  _id: Id,
  organization: Id,
  slug: z.string(),
  name: z.string(),
  type: CampaignType,
  headline: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  product_template: ProductTemplate.nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
});
export type PublicCampaign = z.infer<typeof PublicCampaign>;
