import { HEADER_SCROLLED_PX } from '@portal/domain/constants';
import { type RefObject, useEffect, useRef, useState } from 'react';

/** The header counts as scrolled after 50 px (001 §2 Navigation). */
const SCROLLED_AFTER = HEADER_SCROLLED_PX;
/** Ignore jitter smaller than this when deciding the scroll direction. */
const DIRECTION_THRESHOLD = 6;

/**
 * `scrolled`: past 50 px. `hidden`: the user is scrolling down (the mobile footer hides) — it reappears as
 * soon as they scroll up, and near the top.
 */
export function useScrollState(): { scrolled: boolean; hidden: boolean } {
  const [state, setState] = useState({ scrolled: false, hidden: false });
  const last = useRef(0);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = Math.max(0, window.scrollY);
      const delta = y - last.current;
      setState((current) => {
        const scrolled = y > SCROLLED_AFTER;
        let hidden = current.hidden;
        if (y <= SCROLLED_AFTER) hidden = false;
        else if (delta > DIRECTION_THRESHOLD) hidden = true;
        else if (delta < -DIRECTION_THRESHOLD) hidden = false;
        return scrolled === current.scrolled && hidden === current.hidden ? current : { scrolled, hidden };
      });
      if (Math.abs(delta) > DIRECTION_THRESHOLD) last.current = y;
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);

  return state;
}

/** Closes a popover on Escape (returning focus to its button) or on a pointer press outside it. */
export function useDismiss(
  open: boolean,
  close: () => void,
  containerRef: RefObject<HTMLElement | null>,
  buttonRef: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (containerRef.current && !containerRef.current.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close();
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close, containerRef, buttonRef]);
}
