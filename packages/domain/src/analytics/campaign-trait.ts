/**
 * The keys of the campaign traits analytics may carry (utm_*, referral), from the user's analytics_traits.
 * A module of its own: the web app's entry reads it at opening without the events' pricing rules.
 */
export const CAMPAIGN_TRAIT = /^(utm_[a-z]+|ref|referral|source|campaign)$/;
