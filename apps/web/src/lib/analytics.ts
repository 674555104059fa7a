import { type AnalyticsEventName, CAMPAIGN_TRAIT } from '@portal/domain/analytics/events';
import type { AnalyticsProperties } from '@portal/domain/contracts/analytics';
import { scrubPath } from '@portal/domain/reporting/scrub';
import { getOrganizationId } from './brand';
import { readPageData } from './page-data';
import type { Patient } from './patient';
import { getToken } from './session';
import { tokenStatus } from './token';

/** A random id of this tab's visit, in memory only: one visit's events read together, nothing is stored. */
const anonymousId = crypto.randomUUID();

type SegmentLike = {
  track: (event: string, properties?: object) => unknown;
  identify: (userId: string, traits?: object) => unknown;
};
let segment: Promise<SegmentLike | null> | undefined;
let writeKey: string | null | undefined;

function segmentWriteKey(): string | null {
  if (writeKey === undefined) {
    writeKey = readPageData().analytics?.segment_write_key ?? null;
  }
  return writeKey;
}

/** Segment's analytics-next, loaded on the first event when the clinic configured a write key. */
function loadSegment(): Promise<SegmentLike | null> {
  segment ??= (async () => {
    const key = segmentWriteKey();
    if (!key) return null;
    const { AnalyticsBrowser } = await import('@segment/analytics-next');
    return AnalyticsBrowser.load({ writeKey: key }) as unknown as SegmentLike;
  })().catch(() => null);
  return segment;
}

/** The page's path as analytics keeps it: ids replaced, no query. */
export const analyticsPath = (): string => scrubPath(window.location.pathname).slice(0, 200);

/**
 * Records an analytics event (issue 11 §2): always in the clinic's own events (the signed-in route when a
 * session is open, else the anonymous one), and in Segment when configured. Properties are the domain's
 * allowlist; an event never fails the page.
 */
export function track(event: AnalyticsEventName, properties: AnalyticsProperties = {}): void {
  try {
    const token = getToken();
    const signedIn = tokenStatus(token) === 'valid';
    const organization = getOrganizationId();
    void fetch(signedIn ? '/v2/users/analytics/events' : '/v2/analytics/events', {
      method: 'POST',
      keepalive: true,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(organization ? { organization } : {}),
        ...(signedIn && token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ event, anonymous_id: anonymousId, properties }),
    }).catch(() => undefined);
    void loadSegment().then((s) => s?.track(event, properties));
  } catch {
    // analytics must never break a page
  }
}

/** Campaign traits of the patient (analytics_traits), the only traits analytics may carry. */
function campaignTraits(user: Patient): Record<string, string> {
  const traits: Record<string, string> = {};
  for (const [key, value] of Object.entries(user.analytics_traits ?? {})) {
    if (CAMPAIGN_TRAIT.test(key) && typeof value === 'string') traits[key] = value.slice(0, 80);
  }
  return traits;
}

/** 000 §4: on login (and signup) the user is identified for analytics: by id, with campaign traits only. */
export function identify(user: Patient, event: 'Signed In' | 'Signed Up'): void {
  const traits = campaignTraits(user);
  track(event, { path: analyticsPath(), ...(Object.keys(traits).length ? { traits } : {}) });
  void loadSegment().then((s) => s?.identify(user._id, traits));
}

/** For tests: read the page's configuration again. */
export function resetAnalytics(): void {
  segment = undefined;
  writeKey = undefined;
}
