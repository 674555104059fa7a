import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetDemoFlag } from '../../lib/demo';
import { DEMO_BANNER_TEXT, DemoBanner } from './demo-banner';

function injectBrand(value: object | string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'portal-brand';
  script.textContent = typeof value === 'string' ? value : JSON.stringify(value);
  document.head.appendChild(script);
}

afterEach(() => {
  document.getElementById('portal-brand')?.remove();
  forgetDemoFlag();
});

describe('demo banner', () => {
  it('says a demo portal does not charge cards', () => {
    injectBrand({ organization: { _id: 'x' }, fallback: false, demo: true });
    render(<DemoBanner />);
    expect(screen.getByRole('complementary', { name: 'Demo notice' })).toHaveTextContent(
      'Demo clinic: cards are not charged',
    );
    expect(DEMO_BANNER_TEXT).toBe('Demo clinic: cards are not charged');
  });

  it.each([
    ['a live portal', { organization: { _id: 'x' }, fallback: false, demo: false }],
    ['a page without the flag', { organization: { _id: 'x' }, fallback: false }],
    ['a malformed brand', '{not json'],
  ])('shows nothing on %s', (_, brand) => {
    injectBrand(brand);
    render(<DemoBanner />);
    expect(screen.queryByText(DEMO_BANNER_TEXT)).toBeNull();
  });
});
