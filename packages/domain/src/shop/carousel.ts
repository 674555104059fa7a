/** The hero carousel's rules (002 §2.6, §9). */

/** A swipe moves a slide once the finger has travelled this far sideways. */
export const SWIPE_THRESHOLD_PX = 50;
/** Until the finger has moved this far, the gesture is neither horizontal nor vertical. */
export const SWIPE_DIRECTION_LOCK_PX = 10;
/** Arrows show only above this many slides; fewer are reached through the indicators and swipes. */
export const CAROUSEL_ARROWS_ABOVE = 5;

export function showCarouselArrows(slides: number): boolean {
  return slides > CAROUSEL_ARROWS_ABOVE;
}

/** The slide after (+1) or before (-1), wrapping round. */
export function stepSlide(index: number, delta: number, slides: number): number {
  if (slides <= 0) return 0;
  return (((index + delta) % slides) + slides) % slides;
}

export type SwipeAxis = 'undecided' | 'horizontal' | 'vertical';

/**
 * The axis of a gesture so far: undecided within 10 px, then the axis it moved most along, kept once decided
 * (a vertical scroll never turns into a swipe, nor a swipe into a scroll).
 */
export function swipeAxis(current: SwipeAxis, dx: number, dy: number): SwipeAxis {
  if (current !== 'undecided') return current;
  if (Math.abs(dx) < SWIPE_DIRECTION_LOCK_PX && Math.abs(dy) < SWIPE_DIRECTION_LOCK_PX) return 'undecided';
  return Math.abs(dx) > Math.abs(dy) ? 'horizontal' : 'vertical';
}

/** Where a finished gesture goes: +1 (swiped left: next), -1 (swiped right: previous) or 0. */
export function swipeStep(axis: SwipeAxis, dx: number): -1 | 0 | 1 {
  if (axis !== 'horizontal' || Math.abs(dx) < SWIPE_THRESHOLD_PX) return 0;
  return dx < 0 ? 1 : -1;
}

/** Auto-play runs with more than one slide, unless paused, reduced motion is asked for, or the user is on it. */
export function carouselPlays(opts: {
  slides: number;
  paused: boolean;
  reducedMotion: boolean;
  interacting: boolean;
}): boolean {
  return opts.slides > 1 && !opts.paused && !opts.reducedMotion && !opts.interacting;
}
