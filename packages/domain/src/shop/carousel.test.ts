import { describe, expect, it } from 'vitest';
import { CAROUSEL_AUTOPLAY_MS } from '../constants';
import { carouselPlays, showCarouselArrows, stepSlide, swipeAxis, swipeStep } from './carousel';

describe('carousel rules (002 §2.6)', () => {
  it('auto-plays every 5 seconds', () => {
    expect(CAROUSEL_AUTOPLAY_MS).toBe(5000);
  });

  it('shows arrows only above 5 slides', () => {
    expect(showCarouselArrows(5)).toBe(false);
    expect(showCarouselArrows(6)).toBe(true);
  });

  it('steps round the slides both ways', () => {
    expect(stepSlide(2, 1, 3)).toBe(0);
    expect(stepSlide(0, -1, 3)).toBe(2);
    expect(stepSlide(0, 1, 0)).toBe(0);
  });

  it('locks the direction after 10 px, on the axis moved most', () => {
    expect(swipeAxis('undecided', 9, 9)).toBe('undecided');
    expect(swipeAxis('undecided', 12, 3)).toBe('horizontal');
    expect(swipeAxis('undecided', -4, 11)).toBe('vertical');
    expect(swipeAxis('vertical', 200, 0)).toBe('vertical');
    expect(swipeAxis('horizontal', 0, 200)).toBe('horizontal');
  });

  it('moves a slide from a 50 px horizontal swipe only', () => {
    expect(swipeStep('horizontal', -50)).toBe(1);
    expect(swipeStep('horizontal', 50)).toBe(-1);
    expect(swipeStep('horizontal', 49)).toBe(0);
    expect(swipeStep('vertical', -200)).toBe(0);
    expect(swipeStep('undecided', -200)).toBe(0);
  });

  it('plays with two slides or more unless paused, in reduced motion or in use', () => {
    const base = { slides: 3, paused: false, reducedMotion: false, interacting: false };
    expect(carouselPlays(base)).toBe(true);
    expect(carouselPlays({ ...base, slides: 1 })).toBe(false);
    expect(carouselPlays({ ...base, paused: true })).toBe(false);
    expect(carouselPlays({ ...base, reducedMotion: true })).toBe(false);
    expect(carouselPlays({ ...base, interacting: true })).toBe(false);
  });
});
