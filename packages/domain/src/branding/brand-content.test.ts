import { describe, expect, it } from 'vitest';
import type { Organization } from '../contracts/organization';
import { belongsToMainOrganization, moreLinks, sideContent, welcomeVideo } from './brand-content';
import { entryHero, ownMediaPath } from './entry-hero';

const ORG = '66a0f0000000000000000001';
const OTHER = '66a0f0000000000000000002';

function org(settings: Partial<Organization['settings']> = {}): Organization {
  return {
    _id: ORG,
    name: 'Evergreen Longevity',
    domain: 'localhost',
    app_url: 'http://localhost',
    settings: {
      name: 'Evergreen',
      logo: '/brands/evergreen/logo.svg',
      favicons: { icon: '/favicon.svg' },
      brand: { primary_color: '#0f8a5f' },
      support_email: 'care@example.com',
      login: { image_v3: '/brands/evergreen/hero.svg', testimonials: [] },
      dropdown_links: [],
      verification: { has_mobile_verification: true },
      ...settings,
    },
  };
}

describe('ownMediaPath', () => {
  it('keeps paths of the portal and refuses other origins, protocol-relative and script addresses', () => {
    expect(ownMediaPath(' /brands/evergreen/welcome.mp4 ')).toBe('/brands/evergreen/welcome.mp4');
    expect(ownMediaPath('https://cdn.example.com/v.mp4')).toBeNull();
    expect(ownMediaPath('//cdn.example.com/v.mp4')).toBeNull();
    expect(ownMediaPath('javascript:alert(1)')).toBeNull();
    expect(ownMediaPath('/a b.mp4')).toBeNull();
    expect(ownMediaPath('')).toBeNull();
    expect(ownMediaPath(undefined)).toBeNull();
  });
});

describe('entryHero', () => {
  const settings = org({
    signup: { image: '/brands/evergreen/signup.webp', alt: ' A patient on a video call ' },
    product_signup: { image: '/brands/evergreen/product-signup.webp' },
  }).settings;

  it('shows signup.image on the signup screen with its alt, product_signup.image on a product landing', () => {
    expect(entryHero(settings, 'signup')).toEqual({
      src: '/brands/evergreen/signup.webp',
      alt: 'A patient on a video call',
    });
    expect(entryHero(settings, 'product')).toEqual({ src: '/brands/evergreen/product-signup.webp', alt: '' });
    expect(entryHero(settings, 'login')).toEqual({ src: '/brands/evergreen/hero.svg', alt: '' });
  });

  it('falls back to the decorative login image when a screen has none or an unusable one', () => {
    const bare = org({ signup: {}, product_signup: { image: 'https://cdn.example.com/x.webp', alt: 'X' } });
    expect(entryHero(bare.settings, 'signup')).toEqual({ src: '/brands/evergreen/hero.svg', alt: '' });
    expect(entryHero(bare.settings, 'product')).toEqual({ src: '/brands/evergreen/hero.svg', alt: '' });
  });

  it('gives nothing when no image is configured at all', () => {
    const none = org({ login: { image_v3: '', testimonials: [] } });
    expect(entryHero(none.settings, 'signup')).toBeNull();
    expect(entryHero(null, 'login')).toBeNull();
  });
});

describe('welcomeVideo', () => {
  it('needs the video and its captions; the poster is optional', () => {
    const video = { url: '/v/welcome.mp4', captions_url: '/v/welcome.en.vtt', poster: '/v/poster.webp' };
    expect(welcomeVideo(org({ welcome: { video } }).settings)).toEqual({
      url: '/v/welcome.mp4',
      captionsUrl: '/v/welcome.en.vtt',
      poster: '/v/poster.webp',
    });
    expect(
      welcomeVideo(org({ welcome: { video: { url: '/v.mp4', captions_url: '/v.vtt' } } }).settings)?.poster,
    ).toBeNull();
  });

  it('offers no video without captions, without a url or with none configured', () => {
    expect(
      welcomeVideo(org({ welcome: { video: { url: '/v.mp4', captions_url: '' } } }).settings),
    ).toBeNull();
    expect(
      welcomeVideo(org({ welcome: { video: { url: '', captions_url: '/v.vtt' } } }).settings),
    ).toBeNull();
    expect(welcomeVideo(org({ welcome: {} }).settings)).toBeNull();
    expect(welcomeVideo(org().settings)).toBeNull();
  });
});

describe('moreLinks', () => {
  it('lists pharmacy, community and social in that order, trimmed', () => {
    const settings = org({
      more_links: {
        social: { label: 'Instagram', url: 'https://instagram.com/evergreen' },
        pharmacy: { label: ' Our pharmacy ', url: 'https://pharmacy.example.com' },
        community: { label: 'Community', url: 'https://community.example.com' },
      },
    }).settings;
    expect(moreLinks(settings)).toEqual([
      { key: 'pharmacy', label: 'Our pharmacy', url: 'https://pharmacy.example.com' },
      { key: 'community', label: 'Community', url: 'https://community.example.com' },
      { key: 'social', label: 'Instagram', url: 'https://instagram.com/evergreen' },
    ]);
  });

  it('hides an entry that is missing, unlabelled or not a web address', () => {
    const settings = org({
      more_links: {
        pharmacy: { label: '  ', url: 'https://pharmacy.example.com' },
        community: { label: 'Community', url: 'javascript:alert(1)' },
      },
    }).settings;
    expect(moreLinks(settings)).toEqual([]);
    expect(moreLinks(org().settings)).toEqual([]);
  });
});

describe('main organization and its side content', () => {
  const content = {
    title: 'Members’ live Q&A',
    body: 'Ask our physicians anything, every first Tuesday.',
    link: { label: 'Save your seat', url: 'https://evergreen.example.com/live' },
  };

  it('shows the card to a user of the clinic when the clinic is a main organization', () => {
    const main = org({ side_content: content });
    expect(belongsToMainOrganization(ORG, main)).toBe(true);
    expect(sideContent(ORG, main)).toEqual(content);
  });

  it('hides it from users of a partner clinic and from users of another organization', () => {
    const partner = org({ side_content: content, parent_organization: OTHER });
    expect(belongsToMainOrganization(ORG, partner)).toBe(false);
    expect(sideContent(ORG, partner)).toBeNull();
    expect(sideContent(OTHER, org({ side_content: content }))).toBeNull();
    expect(sideContent(undefined, org({ side_content: content }))).toBeNull();
  });

  it('needs a title and a body; an unusable link is dropped, the card stays', () => {
    expect(sideContent(ORG, org({ side_content: { title: ' ', body: 'x' } }))).toBeNull();
    expect(sideContent(ORG, org())).toBeNull();
    const card = sideContent(
      ORG,
      org({ side_content: { ...content, link: { label: 'Go', url: 'ftp://example.com' } } }),
    );
    expect(card).toEqual({ title: content.title, body: content.body, link: null });
  });
});
