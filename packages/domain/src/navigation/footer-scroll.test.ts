import { describe, expect, it } from 'vitest';
import { INITIAL_SCROLL_CHROME, nextScrollChrome, type ScrollChrome } from './footer-scroll';

/** Feeds scroll positions one after another, as scroll events would. */
function scrollThrough(positions: number[], from: ScrollChrome = INITIAL_SCROLL_CHROME): ScrollChrome[] {
  const states: ScrollChrome[] = [];
  let state = from;
  for (const y of positions) {
    state = nextScrollChrome(state, y);
    states.push(state);
  }
  return states;
}

describe('nextScrollChrome (001 §2 Mobile footer, §9 header scrolled after 50 px)', () => {
  it('counts the header as scrolled only past 50 px', () => {
    expect(nextScrollChrome(INITIAL_SCROLL_CHROME, 50).headerScrolled).toBe(false);
    expect(nextScrollChrome(INITIAL_SCROLL_CHROME, 51).headerScrolled).toBe(true);
  });

  it('hides the footer when scrolling down and shows it when scrolling up', () => {
    // 0 -> 200: down 200 (> 6) hides; 200 -> 150: up 50 shows; 150 -> 300: down again hides
    const states = scrollThrough([200, 150, 300]);
    expect(states.map((s) => s.footerHidden)).toEqual([true, false, true]);
  });

  it('ignores movements of 6 px or less, but adds slow movements up from the anchor', () => {
    const hidden = nextScrollChrome(INITIAL_SCROLL_CHROME, 200); // anchor 200, hidden
    // 200 -> 195 (5 px up) and -> 194 (6 px from the anchor): jitter, still hidden, anchor stays 200
    const [a, b, c] = scrollThrough([195, 194, 193], hidden);
    expect(a).toEqual({ anchorY: 200, footerHidden: true, headerScrolled: true });
    expect(b?.footerHidden).toBe(true);
    // 200 -> 193: 7 px up from the anchor counts: shown, anchor moves to 193
    expect(c).toEqual({ anchorY: 193, footerHidden: false, headerScrolled: true });
  });

  it('always shows the footer near the top', () => {
    const hidden = nextScrollChrome(INITIAL_SCROLL_CHROME, 400);
    expect(nextScrollChrome(hidden, 40)).toEqual({ anchorY: 40, footerHidden: false, headerScrolled: false });
    // overscroll bounce reports negative positions: treated as 0
    expect(nextScrollChrome(INITIAL_SCROLL_CHROME, -30).footerHidden).toBe(false);
  });
});
