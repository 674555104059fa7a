import type { Organization } from '@portal/domain/contracts/organization';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/providers';
import { routes } from '../app/router';
import { setBrand } from '../lib/brand';
import type { Patient } from '../lib/patient';
import { saveSession } from '../lib/session';

export const ORG_ID = '5f1b2c3d4e5f60718293a4b5';
export const USER_ID = '64a1b2c3d4e5f6a7b8c9d0e1';

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A JWT-shaped token (the signature is not checked by the client). */
export function makeToken(payload: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.signature`;
}

/** A token that expires `seconds` from now (negative: already expired). */
export function tokenExpiringIn(seconds: number, sub = USER_ID): string {
  return makeToken({ sub, org: ORG_ID, exp: Math.floor(Date.now() / 1000) + seconds });
}

export function patient(overrides: Partial<Patient> = {}): Patient {
  return {
    _id: USER_ID,
    organization: ORG_ID,
    role: 'patient',
    first_name: 'Jane',
    last_name: 'Doe',
    email: 'jane@example.com',
    mobile_number: null,
    mobile_verified: false,
    birthday: null,
    sex: null,
    height: null,
    weight: null,
    state: null,
    verified: false,
    verificationStatus: 'not_started',
    verification_status: 'not_started',
    requires_intake: true,
    complete_intake: false,
    stripe_id: null,
    has_card_source: false,
    stripe_profile: null,
    membership: null,
    mailchimp_id: null,
    medical_profile: null,
    analytics_traits: null,
    feature_flags: { labs2: false },
    image: {},
    shipping_info: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function signIn(
  user: Patient = patient(),
  token = tokenExpiringIn(3600, user._id),
): { user: Patient; token: string } {
  saveSession({ token, user });
  return { user, token };
}

/** The organization with mobile verification on or off. */
export function setOrganizationWith(hasMobileVerification: boolean): void {
  const organization: Organization = {
    _id: ORG_ID,
    name: 'Evergreen Longevity',
    domain: 'localhost',
    app_url: 'http://localhost',
    settings: {
      name: 'Evergreen Longevity',
      logo: '/logo.svg',
      favicons: { icon: '/favicon.svg' },
      brand: { primary_color: '#0f8a5f' },
      support_email: 'support@evergreen.test',
      login: { image_v3: '/hero.svg', testimonials: [] },
      dropdown_links: [],
      verification: { has_mobile_verification: hasMobileVerification },
    },
  };
  setBrand({ organization, organizationId: ORG_ID, error: false });
}

export function setOrganization(id: string = ORG_ID): void {
  setBrand({ organization: null, organizationId: id, error: false });
}

export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Responder = (request: RecordedRequest) => Response | Promise<Response>;

/** GET /organization/{org}/merchant (002 §7.7) as the server answers it with the sandbox tokeniser. */
export const MERCHANT_PATH = `/organization/${ORG_ID}/merchant`;
export const SANDBOX_MERCHANT = {
  organization: ORG_ID,
  name: 'Evergreen Longevity',
  country: 'US',
  currency: 'usd',
  support_email: 'care@evergreen.test',
  provider: 'sandbox',
  publishable_key: null,
  tokens_url: '/sandbox/payments/tokens',
} as const;

/** GET /organization/{id}/settings/integration: the real-time client's settings. */
const REALTIME_SETTINGS = /^\/organization\/[^/]+\/settings\/integration$/;

/**
 * Replaces fetch with a responder keyed by "METHOD /path" (query ignored); unknown calls get 404.
 * Returns the list of requests made (analytics events, the real-time client's settings and the card field's
 * merchant call only when the test names their route).
 */
export function mockApi(routesByKey: Record<string, Responder | Response>): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const request: RecordedRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname + url.search,
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    const handler = routesByKey[`${request.method} ${url.pathname}`];
    // Analytics events go out beside most actions; a test sees them only when it names their route.
    if (!handler && url.pathname.endsWith('/analytics/events')) return new Response(null, { status: 204 });
    // The real-time client's settings are read after a listening screen's first paint, at no fixed point among
    // its other calls: a test sees the read only when it names the route (unnamed, there is no real time).
    if (!handler && REALTIME_SETTINGS.test(url.pathname))
      return json(404, { text: 'NotFound', message: 'Not found' });
    // Every card field reads the clinic's merchant details: the sandbox's, unless the test names the route.
    if (!handler && request.method === 'GET' && url.pathname === MERCHANT_PATH)
      return json(200, SANDBOX_MERCHANT);
    requests.push(request);
    if (!handler) return json(404, { text: 'NotFound', message: 'Not found' });
    return typeof handler === 'function' ? handler(request) : handler.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return requests;
}

/** Renders the real route table in a memory router at `path`. */
export function renderRoute(path: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, user, queryClient };
}

/** The router's current path and query. */
export function currentUrl(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search } = router.state.location;
  return pathname + search;
}

/** The app's providers, for a test that renders one component (a feature does not import src/app itself). */
export const TestProviders = Providers;
