import { readJson } from './storage';
import { STORAGE_KEYS } from './storage-keys';

/** The referral of a signup, sent when the billing profile is created. */
export interface ReferralTraits {
  referral_id?: string | null;
  affiliate_token?: string | null;
}

/** Referral id and affiliate token kept from the landing link, when there were any. */
export function readReferralTraits(): ReferralTraits {
  const stored = readJson<Record<string, unknown>>(STORAGE_KEYS.landingTraits, 'session') ?? {};
  const pick = (key: string) =>
    typeof stored[key] === 'string' && stored[key] ? (stored[key] as string) : undefined;
  const referral: ReferralTraits = {};
  const referralId = pick('referral_id');
  const affiliateToken = pick('affiliate_token');
  if (referralId) referral.referral_id = referralId;
  if (affiliateToken) referral.affiliate_token = affiliateToken;
  return referral;
}
