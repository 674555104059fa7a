import { HEADER_SCROLLED_PX } from '../constants';

/** Scroll movements smaller than this many px are jitter (touch bounce, sub-pixel scrolling) and ignored. */
export const FOOTER_DIRECTION_THRESHOLD_PX = 6;

export interface ScrollChrome {
  /** The position the last counted movement ended at. */
  anchorY: number;
  /** The mobile footer is hidden (001 §2: while scrolling down). */
  footerHidden: boolean;
  /** The header counts as scrolled (001 §9: after 50 px). */
  headerScrolled: boolean;
}

export const INITIAL_SCROLL_CHROME: ScrollChrome = { anchorY: 0, footerHidden: false, headerScrolled: false };

/**
 * The header and footer after the page scrolled to `y`: the footer hides when scrolling down and reappears when
 * scrolling up (001 §2 Mobile footer), and is always shown near the top, where it hides no content. A movement
 * counts once it exceeds the threshold from the anchor, so slow scrolling still adds up.
 */
export function nextScrollChrome(previous: ScrollChrome, y: number): ScrollChrome {
  const position = Math.max(0, y);
  const headerScrolled = position > HEADER_SCROLLED_PX;
  const delta = position - previous.anchorY;
  const moved = Math.abs(delta) > FOOTER_DIRECTION_THRESHOLD_PX;
  let footerHidden = previous.footerHidden;
  if (!headerScrolled) footerHidden = false;
  else if (moved) footerHidden = delta > 0;
  return { anchorY: moved ? position : previous.anchorY, footerHidden, headerScrolled };
}
