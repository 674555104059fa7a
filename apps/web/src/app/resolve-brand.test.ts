import type { Organization } from '@portal/domain/contracts/organization';
import { describe, expect, it } from 'vitest';
import { getBrand } from '../lib/brand';
import { json, mockApi } from '../test/helpers';
import { resolveBrand } from './resolve-brand';

const organization: Organization = {
  _id: '0123456789abcdef01234567',
  name: 'Longevity Clinic',
  domain: 'localhost',
  app_url: 'http://localhost',
  settings: {
    name: 'Longevity',
    logo: '/logo.png',
    favicons: { icon: '/favicon-brand.ico' },
    brand: { primary_color: '#0f8a5f' },
    support_email: 'care@example.com',
    login: { image_v3: '/hero.jpg', testimonials: [] },
    dropdown_links: [],
    verification: { has_mobile_verification: false },
  },
};

describe('brand at start-up', () => {
  it('reads the brand the server wrote into the page, with its fallback flag', async () => {
    const requests = mockApi({});
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'portal-brand';
    script.textContent = JSON.stringify({ organization, fallback: true }).replace(/</g, '\\u003c');
    document.head.appendChild(script);
    try {
      await resolveBrand();
    } finally {
      script.remove();
    }
    expect(requests).toHaveLength(0);
    expect(getBrand()).toMatchObject({ organizationId: organization._id, error: true });
    expect(getBrand().organization?.settings.name).toBe('Longevity');
  });

  it('uses the window.__PORTAL_BRAND__ form without a lookup', async () => {
    const requests = mockApi({});
    window.__PORTAL_BRAND__ = organization;
    try {
      await resolveBrand();
    } finally {
      delete window.__PORTAL_BRAND__;
    }
    expect(requests).toHaveLength(0);
    expect(getBrand()).toMatchObject({ organizationId: organization._id, error: false });
  });

  it('looks the organization up by domain and puts the brand on the page', async () => {
    const requests = mockApi({ 'GET /organization/search': json(200, organization) });
    await resolveBrand();
    expect(requests[0]?.path).toBe('/organization/search?domain=localhost');
    expect(getBrand()).toMatchObject({ organizationId: organization._id, error: false });
    expect(document.documentElement.style.getPropertyValue('--brand-primary')).toBe('#0f8a5f');
    expect(document.documentElement.style.getPropertyValue('--brand-primary-contrast')).toBe('#ffffff');
    // white on #0f8a5f is 4.36:1: buttons fill with the lightest darker shade that reaches 4.5:1
    expect(document.documentElement.style.getPropertyValue('--brand-solid')).toBe('#0f875d');
    expect(document.documentElement.style.getPropertyValue('--ui-brand-text')).toBe('#0e7c56');
    expect(document.title).toBe('Longevity');
    expect(document.head.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/favicon-brand.ico');
    expect(window.localStorage.getItem('organization')).toBe(organization._id);
  });

  it('falls back to the default organization id and raises the error flag', async () => {
    mockApi({ 'GET /organization/search': json(500, { text: 'X', message: 'Y' }) });
    await resolveBrand('fedcba9876543210fedcba98');
    expect(getBrand()).toMatchObject({ organizationId: 'fedcba9876543210fedcba98', error: true });
  });

  it('raises the error flag with no organization when no default is configured', async () => {
    mockApi({});
    await resolveBrand(undefined);
    expect(getBrand()).toMatchObject({ organizationId: undefined, error: true });
  });
});
