import { CAROUSEL_AUTOPLAY_MS } from '@portal/domain/constants';
import type { ShopBanner } from '@portal/domain/contracts/shop';
import { type BannerOutcome, bannerActionOutcome } from '@portal/domain/shop/banner-action';
import {
  carouselPlays,
  type SwipeAxis,
  showCarouselArrows,
  stepSlide,
  swipeAxis,
  swipeStep,
} from '@portal/domain/shop/carousel';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { NewTabNote } from '../../../components/ui/hidden-suffix';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the user asked for less motion; without matchMedia (tests) they did not. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (listener) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(REDUCED_MOTION);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

const textClass = (mode: 'light' | 'dark') => `shop-hero__text--${mode}`;

function BannerAction({
  banner,
  outcome,
  onLabVisit,
  tabbable,
}: {
  banner: ShopBanner;
  outcome: BannerOutcome;
  onLabVisit: (productTemplateId: string, to: string) => void;
  tabbable: boolean;
}) {
  const className = `shop-hero__action shop-hero__action--${banner.action.mode}`;
  const label = banner.label_name.value;
  const tabIndex = tabbable ? undefined : -1;
  switch (outcome.kind) {
    case 'open-external':
      return (
        <a
          className={className}
          href={outcome.url}
          target="_blank"
          rel="noopener noreferrer"
          tabIndex={tabIndex}
        >
          {label}
          <NewTabNote />
        </a>
      );
    case 'navigate':
      return (
        <Link className={className} to={outcome.to} tabIndex={tabIndex}>
          {label}
        </Link>
      );
    case 'lab-visit':
      return (
        <button
          type="button"
          className={className}
          tabIndex={tabIndex}
          onClick={() => onLabVisit(outcome.productTemplateId, outcome.to)}
        >
          {label}
        </button>
      );
    default:
      return (
        <button
          type="button"
          className={className}
          tabIndex={tabIndex}
          // a type this version does not know (settings newer than the app): nothing to do but say so
          onClick={() => console.info(outcome.reason)}
        >
          {label}
        </button>
      );
  }
}

/**
 * The shop's hero carousel (002 §2.6): one banner at a time, auto-playing every 5 s with a pause button
 * (WCAG 2.2.2), still while hovered or focused and under reduced motion; indicators, arrows above 5 slides,
 * and a swipe of 50 px once the gesture is known to be sideways (10 px).
 */
export function HeroCarousel({
  banners,
  userId,
  onLabVisit,
}: {
  banners: ShopBanner[];
  userId: string;
  onLabVisit: (productTemplateId: string, to: string) => void;
}) {
  const count = banners.length;
  const [index, setIndex] = useState(0);
  // null until the user presses pause or play: until then reduced motion keeps the banners still
  const [pausedByUser, setPausedByUser] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const gesture = useRef<{ x: number; y: number; axis: SwipeAxis } | null>(null);
  const current = Math.min(index, Math.max(0, count - 1));
  const paused = pausedByUser ?? reducedMotion;
  const playing = carouselPlays({
    slides: count,
    paused,
    reducedMotion: reducedMotion && pausedByUser === null,
    // hover and focus hold the banners still until the user takes over with the play button (WAI carousel)
    interacting: pausedByUser === null && (hovered || focused),
  });

  useEffect(() => {
    if (!playing) return;
    // restarted by every slide change, so a slide picked by hand also gets its full 5 seconds
    const timer = window.setTimeout(() => setIndex(stepSlide(current, 1, count)), CAROUSEL_AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [playing, count, current]);

  if (count === 0) return null;
  const go = (delta: number) => setIndex((i) => stepSlide(i, delta, count));
  const indicatorMode = banners[current]?.carousel_indicators.mode ?? 'dark';

  return (
    <section
      className="shop-hero"
      aria-roledescription="carousel"
      aria-label="Featured"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        className="shop-hero__track"
        aria-live={playing ? 'off' : 'polite'}
        onTouchStart={(event) => {
          const t = event.touches[0];
          if (t) gesture.current = { x: t.clientX, y: t.clientY, axis: 'undecided' };
        }}
        onTouchMove={(event) => {
          const g = gesture.current;
          const t = event.touches[0];
          if (g && t) g.axis = swipeAxis(g.axis, t.clientX - g.x, t.clientY - g.y);
        }}
        onTouchEnd={(event) => {
          const g = gesture.current;
          const t = event.changedTouches[0];
          gesture.current = null;
          if (!g || !t) return;
          const dx = t.clientX - g.x;
          const step = swipeStep(swipeAxis(g.axis, dx, t.clientY - g.y), dx);
          if (step !== 0) go(step);
        }}
      >
        {banners.map((banner, i) => {
          const active = i === current;
          return (
            // biome-ignore lint/a11y/useSemanticElements: the WAI carousel pattern's slide is a group, not a form fieldset
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: banners have no id and keep their order
              key={i}
              className="shop-hero__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              hidden={!active}
              style={{ backgroundColor: banner.background_color }}
            >
              <div className="shop-hero__copy">
                <p className={`shop-hero__title ${textClass(banner.title.mode)}`}>{banner.title.value}</p>
                <BannerAction
                  banner={banner}
                  outcome={bannerActionOutcome(banner.action, userId)}
                  onLabVisit={onLabVisit}
                  tabbable={active}
                />
              </div>
              {banner.image ? <img className="shop-hero__image" src={banner.image} alt="" /> : null}
            </div>
          );
        })}
      </div>

      {count > 1 ? (
        <div className={`shop-hero__controls ${textClass(indicatorMode)}`}>
          <button
            type="button"
            className="shop-hero__control"
            onClick={() => setPausedByUser(!paused)}
            aria-label={paused ? 'Play the banners' : 'Pause the banners'}
          >
            <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
          </button>
          {showCarouselArrows(count) ? (
            <button
              type="button"
              className="shop-hero__control"
              onClick={() => go(-1)}
              aria-label="Previous banner"
            >
              <span aria-hidden="true">‹</span>
            </button>
          ) : null}
          <ul className="shop-hero__dots" aria-label="Choose a banner">
            {banners.map((banner, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: banners have no id and keep their order
              <li key={i}>
                <button
                  type="button"
                  className="shop-hero__dot"
                  aria-label={`Banner ${i + 1}: ${banner.title.value}`}
                  aria-current={i === current ? 'true' : undefined}
                  onClick={() => setIndex(i)}
                />
              </li>
            ))}
          </ul>
          {showCarouselArrows(count) ? (
            <button
              type="button"
              className="shop-hero__control"
              onClick={() => go(1)}
              aria-label="Next banner"
            >
              <span aria-hidden="true">›</span>
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
