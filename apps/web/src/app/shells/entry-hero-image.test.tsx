import type { Organization } from '@portal/domain/contracts/organization';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setBrand } from '../../lib/brand';
import { mockApi, ORG_ID, renderRoute } from '../../test/helpers';
import { entryPageOf } from './entry-hero-image';

const PRODUCT_ID = '64b000000000000000000001';

function brand(settings: Partial<Organization['settings']> = {}) {
  setBrand({
    organization: {
      _id: ORG_ID,
      name: 'Evergreen Longevity',
      domain: 'localhost',
      app_url: 'http://localhost',
      settings: {
        name: 'Evergreen',
        logo: '',
        favicons: { icon: '/favicon.svg' },
        brand: { primary_color: '#0f8a5f' },
        support_email: 'care@example.com',
        login: { image_v3: '/brands/evergreen/hero.svg', testimonials: [] },
        dropdown_links: [],
        verification: { has_mobile_verification: true },
        ...settings,
      },
    },
    organizationId: ORG_ID,
    error: false,
  });
}

/** The shell's hero picture: the only image in the hero band. */
const heroImage = async () => {
  await screen.findByRole('main');
  return document.querySelector<HTMLImageElement>('.auth-shell__hero img');
};

describe('entry screen pictures (002 §3 signup.image, product_signup.image)', () => {
  beforeEach(() => mockApi({}));

  it('shows signup.image on the signup screen, sized before it loads, with the alt the clinic gave', async () => {
    brand({ signup: { image: '/brands/evergreen/signup.webp', alt: 'A physician on a video call' } });
    renderRoute('/get-started');
    const image = await heroImage();
    expect(image).toHaveAttribute('src', '/brands/evergreen/signup.webp');
    expect(image).toHaveAttribute('alt', 'A physician on a video call');
    expect(image).toHaveAttribute('width', '1200');
    expect(image).toHaveAttribute('height', '1600');
    expect(screen.getByRole('img', { name: 'A physician on a video call' })).toBe(image);
  });

  it('shows product_signup.image on a product landing, decorative without an alt', async () => {
    brand({
      signup: { image: '/brands/evergreen/signup.webp' },
      product_signup: { image: '/brands/evergreen/product-signup.webp' },
    });
    renderRoute(`/product/signup/${PRODUCT_ID}`);
    const image = await heroImage();
    expect(image).toHaveAttribute('src', '/brands/evergreen/product-signup.webp');
    expect(image).toHaveAttribute('alt', '');
    expect(screen.queryByRole('img', { name: /./ })).toBeNull();
  });

  it('keeps the login picture on the login screen, and on signup when the clinic has no signup picture', async () => {
    brand({ signup: { image: '/brands/evergreen/signup.webp' } });
    const login = renderRoute('/login');
    expect(await heroImage()).toHaveAttribute('src', '/brands/evergreen/hero.svg');
    login.unmount();

    brand();
    renderRoute('/get-started');
    expect(await heroImage()).toHaveAttribute('src', '/brands/evergreen/hero.svg');
  });

  it('shows no picture when the clinic has none at all', async () => {
    brand({ login: { image_v3: '', testimonials: [] } });
    renderRoute('/get-started');
    expect(await heroImage()).toBeNull();
  });
});

describe('entryPageOf', () => {
  it('reads the entry screen from the path and the product query', () => {
    expect(entryPageOf('/get-started', '')).toBe('signup');
    expect(entryPageOf('/get-started', `?product=${PRODUCT_ID}`)).toBe('product');
    expect(entryPageOf(`/product/signup/${PRODUCT_ID}`, '')).toBe('product');
    expect(entryPageOf(`/product/login/${PRODUCT_ID}`, '')).toBe('product');
    expect(entryPageOf('/login', '')).toBe('login');
    expect(entryPageOf('/campaign/signup/abc', '')).toBe('login');
  });
});
