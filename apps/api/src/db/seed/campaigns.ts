import type { Db } from '../client';
import { newId } from '../ids';
import { campaigns } from '../schema/campaigns';
import type { SeededCatalogue } from './catalogue';

/** The seeded campaign's readable key: /campaign/lab/know-your-numbers works as well as the id. */
export const SEEDED_CAMPAIGN_SLUG = 'know-your-numbers';

/** One active lab campaign per brand, promoting the essentials panel (000 §2 campaign landing). */
export async function seedCampaigns(
  tx: Db,
  ctx: { organizationId: string; brandName: string; catalogue: SeededCatalogue },
): Promise<{ campaignId: string }> {
  const campaignId = newId();
  await tx.insert(campaigns).values({
    id: campaignId,
    organizationId: ctx.organizationId,
    slug: SEEDED_CAMPAIGN_SLUG,
    name: 'Know your numbers',
    type: 'lab',
    productTemplateId: ctx.catalogue.templates.essentialsPanel,
    headline: 'Know your numbers',
    description: `Twelve key biomarkers, reviewed by a ${ctx.brandName} physician, at more than 2,000 partner lab locations.`,
    image: null,
    active: true,
  });
  return { campaignId };
}
