import type { ShopBanner } from '@portal/domain/contracts/shop';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeroCarousel } from './hero-carousel';

const USER = '64a1b2c3d4e5f6a7b8c9d0e1';

function banner(
  title: string,
  action: ShopBanner['action'] = { type: 'in-app-path', value: 'labs', mode: 'light' },
): ShopBanner {
  return {
    title: { value: title, mode: 'light' },
    label_name: { value: `Go ${title}`, mode: 'light' },
    action,
    background_color: '#0b4a37',
    carousel_indicators: { mode: 'light' },
  };
}

const banners = (n: number) => Array.from({ length: n }, (_, i) => banner(`Banner ${i + 1}`));

function Where() {
  const location = useLocation();
  return <p>at {location.pathname}</p>;
}

function renderCarousel(list: ShopBanner[], onLabVisit = vi.fn()) {
  const router = createMemoryRouter(
    [
      { path: '/shop', element: <HeroCarousel banners={list} userId={USER} onLabVisit={onLabVisit} /> },
      { path: '*', Component: Where },
    ],
    { initialEntries: ['/shop'] },
  );
  render(<RouterProvider router={router} />);
  return { router, onLabVisit };
}

/** The title of the slide on show (the others are hidden). */
const shown = () =>
  screen
    .getAllByRole('group')
    .filter((g) => !g.hidden)
    .map((g) => g.querySelector('.shop-hero__title')?.textContent);

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('HeroCarousel (002 §2.6)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('moves on every 5 seconds and wraps round', () => {
    renderCarousel(banners(3));
    expect(shown()).toEqual(['Banner 1']);
    advance(4999);
    expect(shown()).toEqual(['Banner 1']);
    advance(1);
    expect(shown()).toEqual(['Banner 2']);
    advance(5000);
    expect(shown()).toEqual(['Banner 3']);
    advance(5000);
    expect(shown()).toEqual(['Banner 1']);
    expect(screen.getByRole('group', { name: '1 of 3' })).toBeVisible();
  });

  it('pauses and plays with its button (WCAG 2.2.2)', () => {
    renderCarousel(banners(3));
    fireEvent.click(screen.getByRole('button', { name: 'Pause the banners' }));
    advance(20_000);
    expect(shown()).toEqual(['Banner 1']);
    fireEvent.click(screen.getByRole('button', { name: 'Play the banners' }));
    advance(5000);
    expect(shown()).toEqual(['Banner 2']);
  });

  it('holds still while hovered', () => {
    renderCarousel(banners(3));
    fireEvent.mouseEnter(screen.getByRole('region', { name: 'Featured' }));
    advance(10_000);
    expect(shown()).toEqual(['Banner 1']);
    fireEvent.mouseLeave(screen.getByRole('region', { name: 'Featured' }));
    advance(5000);
    expect(shown()).toEqual(['Banner 2']);
  });

  it('stays still when reduced motion is asked for, until the user presses play', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('reduced-motion'),
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    renderCarousel(banners(3));
    advance(20_000);
    expect(shown()).toEqual(['Banner 1']);
    fireEvent.click(screen.getByRole('button', { name: 'Play the banners' }));
    advance(5000);
    expect(shown()).toEqual(['Banner 2']);
  });

  it('shows arrows only above 5 slides; indicators go to a slide', () => {
    renderCarousel(banners(5));
    expect(screen.queryByRole('button', { name: 'Next banner' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Banner 4: Banner 4' }));
    expect(shown()).toEqual(['Banner 4']);
    expect(screen.getByRole('button', { name: 'Banner 4: Banner 4' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('steps with the arrows above 5 slides', () => {
    renderCarousel(banners(6));
    fireEvent.click(screen.getByRole('button', { name: 'Previous banner' }));
    expect(shown()).toEqual(['Banner 6']);
    fireEvent.click(screen.getByRole('button', { name: 'Next banner' }));
    expect(shown()).toEqual(['Banner 1']);
  });

  it('swipes past 50 px sideways, not when the gesture started vertical', () => {
    renderCarousel(banners(3));
    const track = document.querySelector('.shop-hero__track') as HTMLElement;
    const swipe = (moves: [number, number][]) => {
      const [start, ...rest] = moves as [[number, number], ...[number, number][]];
      fireEvent.touchStart(track, { touches: [{ clientX: start[0], clientY: start[1] }] });
      for (const [x, y] of rest) fireEvent.touchMove(track, { touches: [{ clientX: x, clientY: y }] });
      const [x, y] = rest.at(-1) ?? start;
      fireEvent.touchEnd(track, { changedTouches: [{ clientX: x, clientY: y }] });
    };
    swipe([
      [200, 100],
      [185, 102],
      [151, 103],
    ]); // 49 px: stays
    expect(shown()).toEqual(['Banner 1']);
    swipe([
      [200, 100],
      [185, 102],
      [150, 103],
    ]); // 50 px left: next
    expect(shown()).toEqual(['Banner 2']);
    swipe([
      [100, 100],
      [160, 104],
    ]); // right: previous
    expect(shown()).toEqual(['Banner 1']);
    swipe([
      [200, 100],
      [203, 115],
      [120, 130],
    ]); // locked vertical by its first 10 px: a scroll
    expect(shown()).toEqual(['Banner 1']);
  });

  it('carries out each banner action', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const list = [
      banner('External', { type: 'external-link', value: 'https://example.com/read', mode: 'light' }),
      banner('Medication', { type: 'medication-visit', value: 'tmpl1', mode: 'light' }),
      banner('Lab', { type: 'lab-visit', value: 'lab1', mode: 'light' }),
      banner('Path', { type: 'in-app-path', value: 'subscriptions', mode: 'light' }),
      banner('Unknown', { type: 'hologram', value: 'x', mode: 'light' }),
    ];
    const { onLabVisit } = renderCarousel(list);
    const external = screen.getByRole('link', { name: /^Go External\s*\(opens in a new tab\)$/ });
    expect(external).toHaveAttribute('href', 'https://example.com/read');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external.getAttribute('rel')).toContain('noopener');
    fireEvent.click(screen.getByRole('button', { name: 'Banner 2: Medication' }));
    expect(screen.getByRole('link', { name: 'Go Medication' })).toHaveAttribute(
      'href',
      '/start/product/p/tmpl1',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Banner 3: Lab' }));
    fireEvent.click(screen.getByRole('button', { name: 'Go Lab' }));
    expect(onLabVisit).toHaveBeenCalledWith('lab1', '/signup/lab-visit');
    fireEvent.click(screen.getByRole('button', { name: 'Banner 4: Path' }));
    expect(screen.getByRole('link', { name: 'Go Path' })).toHaveAttribute(
      'href',
      `/dashboard/${USER}/subscriptions`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Banner 5: Unknown' }));
    fireEvent.click(screen.getByRole('button', { name: 'Go Unknown' }));
    expect(info).toHaveBeenCalledWith('Unknown banner action: hologram');
  });

  it('shows no controls for a single banner and nothing without banners', () => {
    renderCarousel(banners(1));
    expect(screen.queryByRole('button', { name: 'Pause the banners' })).toBeNull();
    advance(10_000);
    expect(shown()).toEqual(['Banner 1']);
  });
});
