import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, ORG_ID, patient, setOrganization, signIn } from '../test/helpers';
import { identify, resetAnalytics, track } from './analytics';

const segmentCalls: unknown[][] = [];
vi.mock('@segment/analytics-next', () => ({
  AnalyticsBrowser: {
    load: () => ({
      track: (...args: unknown[]) => void segmentCalls.push(['track', ...args]),
      identify: (...args: unknown[]) => void segmentCalls.push(['identify', ...args]),
    }),
  },
}));

afterEach(() => {
  document.getElementById('portal-brand')?.remove();
  resetAnalytics();
  segmentCalls.length = 0;
});

const posted = (
  requests: { method: string; path: string; body: unknown; headers: Record<string, string> }[],
) => requests.filter((r) => r.method === 'POST' && r.path.endsWith('/analytics/events'));

describe('analytics in the browser', () => {
  it("records an anonymous visitor's event in the clinic's events, with a tab-only anonymous id", async () => {
    setOrganization();
    const requests = mockApi({ 'POST /v2/analytics/events': new Response(null, { status: 204 }) });
    track('Application Opened', { path: '/login' });
    track('Consultation Step Viewed', { stage: 1 });
    await waitFor(() => expect(posted(requests)).toHaveLength(2));
    const [a, b] = posted(requests) as {
      body: { anonymous_id: string; event: string };
      headers: Record<string, string>;
    }[];
    expect(a!.body).toMatchObject({ event: 'Application Opened', properties: { path: '/login' } });
    expect(a!.headers.organization).toBe(ORG_ID);
    expect(a!.headers.authorization).toBeUndefined();
    expect(b!.body.anonymous_id).toBe(a!.body.anonymous_id);
    expect(Object.values(localStorage).join()).not.toContain(a!.body.anonymous_id);
    expect(segmentCalls).toHaveLength(0);
  });

  it('identifies a signed-in patient on the user route with campaign traits only', async () => {
    setOrganization();
    const { user, token } = signIn(
      patient({
        analytics_traits: { utm_source: 'mail', utm_campaign: 'spring', diagnosis: 'x' },
        height: 70,
      }),
    );
    const requests = mockApi({ 'POST /v2/users/analytics/events': new Response(null, { status: 204 }) });
    identify(user, 'Signed In');
    await waitFor(() => expect(posted(requests)).toHaveLength(1));
    const [sent] = posted(requests);
    expect(sent!.path).toBe('/v2/users/analytics/events');
    expect(sent!.headers.authorization).toBe(`Bearer ${token}`);
    expect(sent!.body).toMatchObject({
      event: 'Signed In',
      properties: { traits: { utm_source: 'mail', utm_campaign: 'spring' } },
    });
    expect(JSON.stringify(sent!.body)).not.toContain('diagnosis');
  });

  it('also sends to Segment when the clinic configured a write key', async () => {
    setOrganization();
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'portal-brand';
    script.textContent = JSON.stringify({
      organization: { _id: ORG_ID },
      analytics: { segment_write_key: 'wk_1' },
    });
    document.head.appendChild(script);
    const { user } = signIn();
    mockApi({ 'POST /v2/users/analytics/events': json(204) });
    identify(user, 'Signed Up');
    await waitFor(() =>
      expect(segmentCalls).toEqual(
        expect.arrayContaining([
          ['track', 'Signed Up', expect.any(Object)],
          ['identify', user._id, {}],
        ]),
      ),
    );
  });
});
